/**
 * The first-match-wins tree of a regular grammar, exactly, in time and memory linear in the
 * input (Frisch and Cardelli, "Greedy regular expression matching", ICALP 2004).
 *
 * The tree wanted is the one a backtracking parser finds first: alternatives in the order
 * written, repetitions greedy, `[x]` before nothing, an iteration past the minimum that
 * consumes nothing failing (as in JavaScript's RegExp). Two passes give it with no
 * backtracking:
 *
 * 1. Right to left, a DFA over sets of NFA character states records, for each character
 *    position i, T(i): the character states that take the character at i and from which the
 *    rest of the input can be matched to the end.
 * 2. Left to right, the parser's own search within one position: a depth-first walk of the
 *    moves that consume nothing, in priority order, stopping at the first character state in
 *    T(i) (from there the parse is known to finish, so the backtracking parser would never
 *    come back) or, at the end, at the accept state. The marks passed on the way (Open/Close)
 *    are the tree; a walk state is (NFA state, outermost repetition whose current iteration
 *    began in this walk), so the empty-iteration rule is honoured exactly.
 *
 * Each position's walk visits each walk state at most once, so the work is O(n × states).
 */
import type { Automaton } from './automaton';
import { charLength } from './codepoints';
import { Kind, type Nfa } from './nfa';

/** The right-to-left automaton's memory bound (one byte per NFA state per reverse state). */
const MAX_BYTES = 256 * 2 ** 20;

/** Receives the tree as it is found: nodes open and close in document order. */
export interface TreeSink {
  open(rule: string, start: number): void;
  close(end: number): void;
}

/** Right-to-left automaton over sets of character states (the T(i) of the header). */
class Backward {
  /**
   * Per reverse state: R, a byte per NFA state, set for the states that reach a member of T
   * without consuming (T's members included; at the end: the accept state and its ways in).
   */
  readonly canFinish: Uint8Array[] = [];
  /** Per reverse state: the character states whose successor can finish (candidates for T). */
  private readonly candidates: number[][] = [];
  private readonly table: Int32Array[] = [];
  private readonly ids = new Map<string, number>();
  /** Predecessors through moves that consume nothing. */
  private readonly rev: number[][];
  readonly end: number;

  constructor(private readonly nfa: Nfa, private readonly automaton: Automaton) {
    this.rev = nfa.out.map(() => []);
    for (let id = 0; id < nfa.size; id++) {
      if (nfa.kind[id] === Kind.Char) continue;
      for (const n of nfa.out[id]) this.rev[n].push(id);
    }
    this.end = this.state([nfa.accept], true);
  }

  /** The reverse state for the target set `t` (character states, or the accept state at the end). */
  private state(t: number[], isEnd = false): number {
    const key = (isEnd ? 'end:' : '') + t.join(',');
    let id = this.ids.get(key);
    if (id !== undefined) return id;
    const nfa = this.nfa;
    id = this.canFinish.length;
    if ((id + 1) * nfa.size > MAX_BYTES) {
      throw new RangeError(`tree too costly: the right-to-left pass needs more than ${MAX_BYTES / 2 ** 20} MB of automaton states for this grammar and input`);
    }
    this.ids.set(key, id);
    // R: the states that reach a member of t without consuming.
    const canFinish = new Uint8Array(nfa.size);
    const stack = [...t];
    for (const s of t) canFinish[s] = 1;
    while (stack.length) {
      const s = stack.pop()!;
      for (const p of this.rev[s]) if (!canFinish[p]) { canFinish[p] = 1; stack.push(p); }
    }
    const candidates: number[] = [];
    for (let s = 0; s < nfa.size; s++) if (nfa.kind[s] === Kind.Char && canFinish[nfa.out[s][0]]) candidates.push(s);
    this.canFinish.push(canFinish);
    this.candidates.push(candidates);
    this.table.push(new Int32Array(this.automaton.classes.count).fill(-1));
    return id;
  }

  /** The reverse state before a character of class `k`, from the one after it. */
  step(from: number, k: number): number {
    let to = this.table[from][k];
    if (to < 0) {
      const t = k === 0 ? [] : this.candidates[from].filter((s) => this.automaton.classes.inSet(k, this.nfa.ranges[s]!));
      to = this.state(t);
      this.table[from][k] = to;
    }
    return to;
  }
}

/** The first-match tree builder of one rule (with its tree marks). */
export class FirstMatch {
  private readonly backward: Backward;
  /** Walk states: NFA state × (depth 0..maxDepth, or `none` = maxDepth + 1). */
  private readonly span: number;
  private stamp = 0;
  private readonly seen: Int32Array;
  private readonly parent: Int32Array;
  private stack = new Int32Array(256);

  /** `automaton` supplies the character classes: it must be built from the same grammar rule. */
  constructor(private readonly nfa: Nfa, automaton: Automaton) {
    this.backward = new Backward(nfa, automaton);
    this.classAt = (input, i) => automaton.classAt(input, i);
    this.span = nfa.maxDepth + 2;
    this.seen = new Int32Array(nfa.size * this.span);
    this.parent = new Int32Array(nfa.size * this.span);
  }

  private readonly classAt: (input: string, i: number) => number;

  /**
   * Sends the first-match tree of `input.slice(from, to)` (which must match the rule: check
   * first) to `sink`, with offsets into the whole `input`. Returns false if it does not match.
   */
  parse(input: string, from: number, to: number, sink: TreeSink): boolean {
    // Pass 1: T(i) for every character position, right to left.
    const t = new Int32Array(to - from + 1);
    let r = this.backward.end;
    t[to - from] = r;
    for (let i = to - 1; i >= from; i--) {
      let at = i;
      const c = input.charCodeAt(i);
      if (c >= 0xdc00 && c <= 0xdfff && i > from && charLength(input, i - 1) === 2) at = i - 1;
      r = this.backward.step(r, this.classAt(input, at));
      t[at - from] = r;
      i = at;
    }
    // Pass 2: the parser's choices, left to right.
    const nfa = this.nfa;
    const none = this.span - 1;
    let key = nfa.start * this.span + none;
    for (let i = from; ; ) {
      const found = this.walk(key, this.backward.canFinish[t[i - from]], i, sink);
      if (found < 0) return false;
      const s = (found / this.span) | 0;
      if (nfa.kind[s] === Kind.Accept) return true;
      i += charLength(input, i);
      key = nfa.out[s][0] * this.span + none;
    }
  }

  /**
   * Depth-first, in priority order, from walk state `key` through moves that consume nothing,
   * to the first character state in T(i), or at the end to the accept state: the first state
   * consuming or accepting that is in `canFinish` (R of the position). States outside R lead
   * to no success, so the walk skips them: the backtracking parser would try them and fail,
   * which changes nothing but the time. Sends the Open/Close marks of the path found to `sink`
   * and returns the walk state found (-1: none).
   */
  private walk(key: number, canFinish: Uint8Array, i: number, sink: TreeSink): number {
    const nfa = this.nfa;
    const span = this.span;
    const none = span - 1;
    const stamp = ++this.stamp;
    const seen = this.seen;
    const parent = this.parent;
    // The stack holds pairs (walk state, the walk state it was reached from); it is reused.
    let stack = this.stack;
    let top = 0;
    stack[top++] = key;
    stack[top++] = -1;
    while (top > 0) {
      const from = stack[--top];
      const k = stack[--top];
      if (seen[k] === stamp) continue;
      seen[k] = stamp;
      parent[k] = from;
      const s = (k / span) | 0;
      if (canFinish[s] === 0) continue;
      let d = k - s * span;
      switch (nfa.kind[s]) {
        case Kind.Char:
        case Kind.Accept:
          this.emit(k, i, sink);
          return k;
        case Kind.IterStart:
          d = Math.min(d, nfa.depth[s]);
          break;
        case Kind.IterEnd:
          // An iteration that began in this walk has consumed nothing: it fails.
          if (d !== none && d <= nfa.depth[s]) continue;
          break;
        default:
          break;
      }
      const out = nfa.out[s];
      if (top + 2 * out.length > stack.length) {
        const bigger = new Int32Array(2 * (stack.length + 2 * out.length));
        bigger.set(stack);
        this.stack = stack = bigger;
      }
      for (let j = out.length - 1; j >= 0; j--) {
        stack[top++] = out[j] * span + d;
        stack[top++] = k;
      }
    }
    return -1;
  }

  /** The marks on the path to walk state `k`, in order. */
  private emit(k: number, i: number, sink: TreeSink): void {
    const nfa = this.nfa;
    const marks: number[] = [];
    for (let x = k; x >= 0; x = this.parent[x]) {
      const s = (x / this.span) | 0;
      const kind = nfa.kind[s];
      if (kind === Kind.Open || kind === Kind.Close) marks.push(s);
    }
    for (let j = marks.length - 1; j >= 0; j--) {
      const s = marks[j];
      if (nfa.kind[s] === Kind.Open) sink.open(nfa.rule[s], i);
      else sink.close(i);
    }
  }
}
