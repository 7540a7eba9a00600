/**
 * First match for recursive grammars, exactly and in polynomial time, with no JavaScript
 * recursion on the input.
 *
 * The tree is the one a backtracking parser finds first (alternatives in order, repetitions
 * greedy, an iteration past the minimum that consumes nothing ends the repetition: ECMA-262
 * RepeatMatcher), as for regular grammars. The key fact: what a backtracking parser does after
 * an expression depends only on where the expression ended. So for each expression and start
 * it is enough to know the ORDERED list of distinct end offsets, in the order the backtracking
 * parser first reaches them:
 *
 *   ends(A / B, i)    = ends(A, i), then those of ends(B, i) not yet listed
 *   ends(A B, i)      = for each j of ends(A, i) in order: ends(B, j), each end listed once
 *   ends(n*m x, i)    = for each j of ends(x, i) (not j = i past the minimum): ends(rest, j);
 *                       then i itself once the minimum is reached (greedy: more iterations first)
 *   ends(rule, i)     = ends(its definition, i)
 *
 * The input is valid when its length is in ends(rule, 0). The tree is read back top-down: the
 * first split whose parts reach the ends the whole needs (the first way to reach an end is the
 * way the backtracking parser used). Rule calls and repetitions are memoized by (expression,
 * iteration count, start), so each is worked out once: a list has at most n + 1 ends, which
 * makes the worst case polynomial (cubic, as Earley or GLL), and the grammars people write —
 * recursion entered after a consuming token, as in nested comments, brackets, JSON — keep lists
 * of one or two ends and run in linear time.
 *
 * The work runs on an explicit stack of generators (one per expression being worked out), never
 * on JavaScript's stack; nesting is bounded by `maxNesting` rule calls in progress, past which
 * a `NestingLimitError` (a RangeError) is thrown. A request whose answer is its asker's (a tail
 * request: a rule's body, a sequence's last item, `[ x ]` where its start cannot matter) replaces
 * the asker's frame, and a call made so holds no frame of its own: nesting counts the frames that
 * hold a rule call, so right recursion in tail position (`list = item [ "," list ]`) is a loop.
 * Left recursion is refused when the grammar is read (./analysis.ts).
 *
 * The error offset keeps its definition (the first offset at which the input stops being a
 * prefix of anything the rule matches): the work is demand-driven from the start, so every
 * terminal it tries stands on a viable prefix, and the furthest offset any terminal was tried
 * at, or reached, is the longest viable prefix. `expected` is what was tried there.
 */
import type { Expr, Rules } from '../expr';
import type { TreeSink } from '../tree';
import { productive } from './analysis';
import { holds, repetitionFollows, type CharBits } from './follow';
import { leadingChars, leads, type AsciiBits } from './lead';

/** Nesting deeper than the limit (rule calls in progress at once). */
export class NestingLimitError extends RangeError {
  override readonly name = 'NestingLimitError';
  constructor(readonly limit: number, how = NESTING_HOW) {
    super(`nesting limit: more than ${limit} rule calls in progress at once (${how})`);
  }
}

/** Where the nesting limit is raised, for the message of a grammar from compileAbnf. */
export const NESTING_HOW = 'the option maxNesting of compileAbnf raises it';

// The defaults of the limits live in ../limits.ts (the one class reads them when a grammar is made,
// without loading this module: the CommonJS bundle loads the recursive engine on first use).
import { DEFAULT_MAX_NESTING, DEFAULT_WORK_LIMIT } from '../limits';
export { DEFAULT_MAX_NESTING, DEFAULT_WORK_LIMIT };

/**
 * More work than the limit: `workLimit` steps per character of input (plus one). A grammar as
 * ambiguous as `s = "a" s s / ""` needs cubic work; this stops it, in time proportional to the
 * input's length, instead of a process that runs for minutes.
 */
export class WorkLimitError extends RangeError {
  override readonly name = 'WorkLimitError';
  constructor(readonly limit: number, readonly length: number, how = WORK_HOW) {
    super(`work limit: more than ${limit} steps per character of input (${length} characters): the grammar is too ambiguous for this input (${how})`);
  }
}

/** Where the work limit is raised, for the message of a grammar from compileAbnf. */
export const WORK_HOW = 'the option workLimit of compileAbnf raises it';

/** The limits of a run, and how to raise them (for the messages). */
export interface RunLimits {
  readonly maxNesting?: number;
  readonly workLimit?: number;
  /** Where to raise each limit, as the messages say it. */
  readonly nestingHow?: string;
  readonly workHow?: string;
  /** A prefix is asked for (parser()): whatever follows is not the grammar's. */
  readonly prefix?: boolean;
}

/**
 * A request for the ends of `e` (iteration `c`) from `pos`. `tail`: the asking frame's answer is
 * exactly this one's (a rule's body, the last item of a sequence from one start, the last
 * alternative when those before listed nothing, the last iteration a repetition may take, as
 * `[ x ]`): the frame is dropped and its memo entry given to the new one, as a tail call drops
 * its caller's frame. Right recursion in tail position (`list = item [ "," list ]`) then keeps
 * one frame however long the list: a loop, not nesting.
 */
interface Request {
  readonly e: Expr;
  readonly c: number;
  readonly pos: number;
  readonly tail?: boolean;
  /** A tail request whose answer is the asker's once the asker's start is listed after it (`withEnd`). */
  readonly append?: boolean;
}

/** A frame of the explicit stack: one expression being worked out. */
interface Frame {
  readonly gen: Gen;
  /** The memo slot of a rule call or repetition (its start is `pos`), else undefined. */
  readonly key: number | undefined;
  readonly pos: number;
  /**
   * Where this frame's heirs start in the runner's stack of heirs: the (slot, start) pairs of the
   * frames dropped for it (tail requests), whose answer is this one's, memoized with it. They
   * are always the top of that stack (a tail request replaces the top frame), so a loop of k
   * iterations adds k pairs, no objects.
   */
  readonly heirs: number;
  /**
   * Does this frame hold a rule call in progress (its own, or one of the frames it replaced)?
   * Nesting counts the frames that do: a call made in tail position holds no frame of its own.
   */
  readonly holds: boolean;
}

/**
 * An ordered list of ends. A greedy repetition's list from `pos` is the list from where its first
 * iteration ends, then `pos` itself; kept as that (a chain sharing the rest), not copied, since a
 * repetition of k iterations would otherwise copy lists of k, k - 1, … ends: quadratic in k.
 */
type Ends = readonly number[] | Chain;
interface Chain {
  readonly t: 'chain';
  /** The ends before `last`. */
  readonly head: Ends;
  readonly last: number;
  /** The first end (the greedy one), for the common membership question at once. */
  readonly first: number;
}

/** The ends in order, as an array (walking a chain: linear in its length, no recursion). */
function toArray(l: Ends): readonly number[] {
  if (!('t' in l)) return l as readonly number[];
  const lasts: number[] = [];
  let x: Ends = l;
  while ('t' in x) {
    lasts.push((x as Chain).last);
    x = (x as Chain).head;
  }
  const out = [...(x as readonly number[])];
  for (let k = lasts.length - 1; k >= 0; k--) out.push(lasts[k]);
  return out;
}

/** Is `end` in the list? */
function contains(l: Ends, end: number): boolean {
  let x: Ends = l;
  while ('t' in x) {
    const c = x as Chain;
    if (c.first === end || c.last === end) return true;
    x = c.head;
  }
  return (x as readonly number[]).includes(end);
}

/** `l`, then `end` (which `l` does not hold). */
function withEnd(l: Ends, end: number): Ends {
  return !('t' in l) && (l as readonly number[]).length === 0 ? [end] : chain(l, end);
}

function chain(head: Ends, last: number): Chain {
  const first = 't' in head ? (head as Chain).first : (head as readonly number[]).length ? (head as readonly number[])[0] : last;
  return { t: 'chain', head, last, first };
}

/** Appends the items of `from` not yet in `out` (a set once the list is long: no quadratic dedupe). */
class Collector {
  readonly out: number[] = [];
  private seen: Set<number> | undefined;
  add(k: number): void {
    if (this.seen) {
      if (this.seen.has(k)) return;
      this.seen.add(k);
    } else {
      if (this.out.includes(k)) return;
      if (this.out.length >= 16) this.seen = new Set(this.out).add(k);
    }
    this.out.push(k);
  }
  addAll(l: Ends): number {
    const a = toArray(l);
    for (const k of a) this.add(k);
    return a.length;
  }
}

type Gen = Generator<Request, Ends, Ends>;

/** The outcome of a run from `from`: the ends in first-match order, and where a viable prefix stops. */
export interface EndsRun {
  readonly ends: readonly number[];
  /** The longest viable prefix ends here (an offset of the input). */
  readonly furthest: number;
  /** What was tried at `furthest`, in the grammar's words (deduplicated). */
  readonly expected: readonly string[];
}

const EMPTY: readonly number[] = Object.freeze([]);

/** A run of one input: its memo lives as long as the run. */
export class EndsRunner {
  private readonly ids = new Map<Expr, number>();
  /**
   * The memo, one dense array a slot (a rule, or a repetition at an iteration count), indexed by
   * start: 0 not worked out, 1 no end, 2 + j the one end j, -1 - k the list lists[k] (several ends).
   * Dense arrays, not a map: a map of millions of entries costs more per entry as it grows.
   */
  private readonly slots = new Map<number, Int32Array>();
  private readonly lists: Ends[] = [];
  /** The rule calls and repetitions in progress, by slot and start (dense, as the memo: a set of millions of numbers is slow). */
  private readonly active = new Map<number, Uint8Array>();
  private furthest = 0;
  private expected: string[] = [];
  private readonly n: number;
  private readonly maxNesting: number;
  /** Steps left before the work limit. */
  private budget: number;
  private readonly productive: (e: Expr) => boolean;

  constructor(private readonly rules: Rules, private readonly input: string, private readonly limits: RunLimits = {}) {
    this.n = input.length;
    this.maxNesting = limits.maxNesting ?? DEFAULT_MAX_NESTING;
    this.budget = (limits.workLimit ?? DEFAULT_WORK_LIMIT) * (input.length + 1);
    this.productive = productiveOf(rules);
    this.leading = leadingOf(rules);
  }

  /**
   * What may follow each repetition (./follow.ts), in the grammar as the rule run uses it (`run`;
   * the whole grammar's for `ends` asked directly); none in prefix mode, where anything may.
   */
  private follows: Map<Expr, CharBits> | undefined | null = null;

  /**
   * Must a repetition that matched an iteration past `pos` list `pos` too? Not when the character
   * there begins nothing that can follow it (./follow.ts): the rest would fail at `pos`, below
   * the furthest offset, which that iteration already passed.
   */
  private endsAt(e: Expr, pos: number): boolean {
    if (pos >= this.n || this.limits.prefix) return true;
    const f = (this.follows ??= followsOf(this.rules))!.get(e);
    return f === undefined || holds(f, this.input.charCodeAt(pos));
  }

  private readonly leading: (e: Expr) => AsciiBits | undefined;

  /**
   * Does a run of `e` from `pos` surely read past `pos` (./lead.ts), and list no end at `pos`
   * (no match of `e` is empty)?
   */
  private leads(e: Expr, pos: number): boolean {
    const set = pos < this.n ? this.leading(e) : undefined;
    return set !== undefined && leads(set, this.input.charCodeAt(pos));
  }

  /** The steps spent so far (the work limit's measure): what a test of linear work counts. */
  get steps(): number {
    return (this.limits.workLimit ?? DEFAULT_WORK_LIMIT) * (this.n + 1) - this.budget;
  }

  /** Counts `k` steps against the work limit. */
  private spend(k: number): void {
    if ((this.budget -= k) < 0) throw new WorkLimitError(this.limits.workLimit ?? DEFAULT_WORK_LIMIT, this.n, this.limits.workHow);
  }

  private id(e: Expr): number {
    let k = this.ids.get(e);
    if (k === undefined) this.ids.set(e, (k = this.ids.size));
    return k;
  }

  /** The memo slot of a rule call (by rule: every reference to it shares it) or of a repetition at count `c`. */
  private slotOf(e: Expr, c: number): number {
    return e.t === 'ref' ? this.id(this.rules[e.name]) * 65537 + 65536 : this.id(e) * 65537 + c;
  }

  /** Marks the rule call or repetition of `slot` at `pos` in progress (true) or done (false); false when it already was (left recursion). */
  private mark(slot: number, pos: number, on: boolean): boolean {
    let a = this.active.get(slot);
    if (!a) this.active.set(slot, (a = new Uint8Array(this.n + 1)));
    if (on && a[pos] === 1) return false;
    a[pos] = on ? 1 : 0;
    return true;
  }

  private recall(e: Expr, c: number, pos: number): Ends | undefined {
    const slot = this.slots.get(this.slotOf(e, c));
    const v = slot ? slot[pos] : 0;
    return v === 0 ? undefined : v === 1 ? EMPTY : v > 1 ? [v - 2] : this.lists[-v - 1];
  }

  /** Memoizes the ends of the rule call or repetition of memo slot `key` from `pos`. */
  private rememberAt(key: number, pos: number, ends: Ends): void {
    let slot = this.slots.get(key);
    if (!slot) this.slots.set(key, (slot = new Int32Array(this.n + 1)));
    const a = 't' in ends ? undefined : (ends as readonly number[]);
    slot[pos] = a && a.length === 0 ? 1 : a && a.length === 1 ? a[0] + 2 : -1 - (this.lists.push(ends) - 1);
  }

  private tried(at: number, label: string): void {
    if (at > this.furthest) {
      this.furthest = at;
      this.expected = [label];
    } else if (at === this.furthest && !this.expected.includes(label)) this.expected.push(label);
  }

  private reached(at: number): void {
    if (at > this.furthest) {
      this.furthest = at;
      this.expected = [];
    }
  }

  /** A terminal's ends, at once. */
  private terminal(e: Expr, pos: number): readonly number[] {
    const s = this.input;
    if (e.t === 'chars') {
      if (pos < this.n) {
        const cp = s.codePointAt(pos)!;
        const w = cp > 0xffff ? 2 : 1;
        const ok = cp < 128 ? e.set[cp] === 1 : !(cp >= 0xd800 && cp <= 0xdfff) && inRanges(e.more, cp);
        if (ok) {
          this.reached(pos + w);
          return [pos + w];
        }
      }
      this.tried(pos, e.label);
      return EMPTY;
    }
    const lit = (e as Extract<Expr, { t: 'lit' }>).text;
    let m = 0;
    while (m < lit.length && pos + m < this.n && sameFolded(s.charCodeAt(pos + m), lit.charCodeAt(m))) m++;
    if (m === lit.length) {
      this.reached(pos + m);
      return [pos + m];
    }
    this.tried(pos + m, JSON.stringify(lit));
    return EMPTY;
  }

  /** The ends of `e` (iteration `c` of a repetition) from `pos`, in first-match order. */
  ends(e: Expr, c: number, pos: number): readonly number[] {
    return toArray(this.endsList(e, c, pos));
  }

  /** `ends`, kept as a chain where it is one. */
  private endsList(e: Expr, c: number, pos: number): Ends {
    const first = this.immediate(e, c, pos);
    if (first) return first;
    // The explicit stack: each frame works out one expression, asking for others by yielding.
    const stack: Frame[] = [];
    // The (slot, start) pairs of the frames dropped for tail requests (Frame.heirs).
    const heirs: number[] = [];
    // The frames that hold a rule call in progress: the nesting.
    let nesting = 0;
    const push = (r: Request, from: number, held: boolean) => {
      const memoized = r.e.t === 'ref' || r.e.t === 'rep';
      const key = memoized ? this.slotOf(r.e, r.c) : undefined;
      if (key !== undefined && !this.mark(key, r.pos, true)) throw new Error(`grammar engine internal error: left recursion at offset ${r.pos} was not refused`);
      const holds = held || r.e.t === 'ref';
      if (holds && !held && ++nesting > this.maxNesting) throw new NestingLimitError(this.maxNesting, this.limits.nestingHow);
      stack.push({ gen: this.work(r.e, r.c, r.pos), key, pos: r.pos, heirs: from, holds });
    };
    const done = (key: number | undefined, pos: number, ends: Ends) => {
      if (key !== undefined) {
        this.rememberAt(key, pos, ends);
        this.mark(key, pos, false);
      }
    };
    push({ e, c, pos }, 0, false);
    let value: Ends | undefined;
    let result: Ends = EMPTY;
    while (stack.length) {
      if (--this.budget < 0) this.spend(0);
      const top = stack[stack.length - 1];
      const step = top.gen.next(value as Ends);
      if (step.done) {
        stack.pop();
        let v = step.value;
        done(top.key, top.pos, v);
        // The frames it replaced, innermost first: each one's answer is the next one's, its own
        // start listed after it where it asked so (`append`, a negative start).
        for (let h = heirs.length - 2; h >= top.heirs; h -= 2) {
          let at = heirs[h + 1];
          if (at < 0) v = withEnd(v, (at = -at - 1));
          done(heirs[h], at, v);
        }
        heirs.length = top.heirs;
        if (top.holds) nesting--;
        value = v;
        result = v;
        continue;
      }
      const r = step.value;
      const now = this.immediate(r.e, r.c, r.pos);
      if (now) {
        value = now;
        continue;
      }
      value = undefined;
      if (r.tail) {
        // This frame's answer is the request's: the new frame takes its place (and its memo entry),
        // and the rule calls it held, counted once: a call in tail position is a loop, not nesting.
        stack.pop();
        if (top.key !== undefined) heirs.push(top.key, r.append ? -top.pos - 1 : top.pos);
        else if (r.append) throw new Error('grammar engine internal error: an appending tail request from a frame with no memo slot');
        push(r, top.heirs, top.holds);
      } else push(r, heirs.length, false);
    }
    return result;
  }

  /** A result known without work: a terminal's, or a memoized one. */
  private immediate(e: Expr, c: number, pos: number): Ends | undefined {
    if (e.t === 'chars' || e.t === 'lit') return this.terminal(e, pos);
    if (e.t === 'ref' || e.t === 'rep') return this.recall(e, c, pos);
    return undefined;
  }

  /** The work for one expression, asking for its parts' ends by yielding requests. */
  private *work(e: Expr, c: number, pos: number): Gen {
    // What matches no string at all is not tried (no terminal of it counts for the error offset).
    if (!this.productive(e)) return EMPTY;
    switch (e.t) {
      case 'ref': {
        const body = this.rules[e.name];
        return yield { e: body, c: 0, pos, tail: true };
      }
      case 'alt': {
        if (e.items.length === 1) return yield { e: e.items[0], c: 0, pos, tail: true };
        const out = new Collector();
        let last = e.items.length - 1;
        while (last >= 0 && !this.productive(e.items[last])) last--;
        for (let k = 0; k <= last; k++) {
          const item = e.items[k];
          if (!this.productive(item)) continue;
          // The last alternative, when those before it listed no end: its list is the whole's.
          if (k === last && !out.out.length) return yield { e: item, c: 0, pos, tail: true };
          this.spend(out.addAll(yield { e: item, c: 0, pos }));
        }
        return out.out;
      }
      case 'seq': {
        let cur: Ends = [pos];
        for (let k = 0; k < e.items.length; k++) {
          const item = e.items[k];
          const starts = toArray(cur);
          this.spend(starts.length);
          if (starts.length === 1) {
            cur = yield { e: item, c: 0, pos: starts[0], tail: k === e.items.length - 1 };
          } else {
            const next = new Collector();
            for (const j of starts) this.spend(next.addAll(yield { e: item, c: 0, pos: j }));
            cur = next.out;
          }
          if (!('t' in cur) && !(cur as readonly number[]).length) break;
        }
        return cur;
      }
      case 'rep': {
        // Past the minimum of an unbounded repetition every count behaves alike: one memo entry.
        const next = e.max === Infinity && c + 1 >= e.min ? e.min : c + 1;
        if (c < e.max && this.productive(e.item)) {
          // The last iteration it may take (an optional `[ x ]`): its list is the item's, where no
          // end of the item is `pos` and `pos` is not listed after them — below the minimum, or
          // where nothing that follows can begin at `pos` and a run of the item surely reads past
          // the character there (./lead.ts: then the item lists no `pos`, and should it fail,
          // `pos` would only start a rest that fails at once, below the furthest offset). Then it
          // is a tail request: `list = item [ "," list ]` is a loop.
          if (c + 1 === e.max) {
            if (c < e.min || (!this.endsAt(e, pos) && this.leads(e.item, pos))) return yield { e: e.item, c: 0, pos, tail: true };
            // Otherwise, where no match of the item is empty, the list is the item's and then
            // `pos` (zero iterations): a tail request too, `pos` listed as the answer comes back
            // (a chain, no copy). This lists `pos` where FOLLOW would have left it out (an end the
            // backtracking parser has, which fails at once), and keeps prefix runs and lists
            // that a comma may follow (`pair = list "," "x"`) loops.
            if (this.leading(e.item) !== undefined) return withEnd(yield { e: e.item, c: 0, pos, tail: true, append: true }, pos);
          }
          const items = toArray(yield { e: e.item, c: 0, pos });
          this.spend(items.length);
          if (items.length === 1 && items[0] > pos) {
            // The common case: one way to match an iteration, and it consumes. Then the list is
            // the rest's, and `pos` after it (no end of the rest can be `pos`): a chain, no copy.
            if (c < e.min || !this.endsAt(e, pos)) return yield { e, c: next, pos: items[0], tail: true };
            return chain(yield { e, c: next, pos: items[0] }, pos);
          }
          const out = new Collector();
          let past = false;
          for (const j of items) {
            if (j === pos && c + 1 > e.min) continue; // an empty iteration past the minimum
            if (j > pos) past = true;
            this.spend(out.addAll(yield { e, c: next, pos: j }));
          }
          if (c >= e.min && (!past || this.endsAt(e, pos))) out.add(pos);
          return out.out;
        }
        return c >= e.min ? [pos] : EMPTY;
      }
      default:
        return [...this.terminal(e, pos)];
    }
  }

  /** The run of `rule` from `from`: its ends, and the longest viable prefix with what was expected there. */
  run(rule: string, from = 0): EndsRun {
    this.furthest = from;
    this.expected = [];
    if (!this.limits.prefix && this.follows === null) this.follows = followsOf(this.rules, rule);
    const ends = this.ends({ t: 'ref', name: rule }, 0, from);
    return { ends, furthest: this.furthest, expected: this.expected };
  }

  /**
   * The first-match tree of `rule` over [from, to) (which must be one of its ends) into `sink`:
   * nodes for the rules in `nodeRules`. Iterative: a stack of things to do.
   */
  tree(rule: string, from: number, to: number, nodeRules: ReadonlySet<string>, sink: TreeSink): void {
    // A node to close is its end offset (a number, not an object: a tree nested a million deep
    // keeps a million of them waiting).
    type Todo = { e: Expr; c: number; pos: number; end: number } | number;
    const todo: Todo[] = [{ e: { t: 'ref', name: rule }, c: 0, pos: from, end: to }];
    const has = (e: Expr, c: number, pos: number, end: number) => contains(this.endsList(e, c, pos), end);
    while (todo.length) {
      const t = todo.pop()!;
      if (typeof t === 'number') {
        sink.close(t);
        continue;
      }
      const { e, c, pos, end } = t;
      switch (e.t) {
        case 'ref': {
          if (nodeRules.has(e.name)) {
            sink.open(e.name, pos);
            todo.push(end);
          }
          todo.push({ e: this.rules[e.name], c: 0, pos, end });
          break;
        }
        case 'alt': {
          const item = e.items.find((x) => has(x, 0, pos, end));
          if (!item) throw new Error('grammar engine internal error: no alternative reaches the end');
          todo.push({ e: item, c: 0, pos, end });
          break;
        }
        case 'seq': {
          // The first split of each item in turn whose rest of the sequence reaches `end`.
          const parts: Todo[] = [];
          let at = pos;
          for (let k = 0; k < e.items.length; k++) {
            const item = e.items[k];
            if (k === e.items.length - 1) {
              parts.push({ e: item, c: 0, pos: at, end });
              break;
            }
            const rest = this.suffix(e, k + 1);
            const j = this.ends(item, 0, at).find((x) => has(rest, 0, x, end));
            if (j === undefined) throw new Error('grammar engine internal error: no split reaches the end');
            parts.push({ e: item, c: 0, pos: at, end: j });
            at = j;
          }
          for (let k = parts.length - 1; k >= 0; k--) todo.push(parts[k]);
          break;
        }
        case 'rep': {
          if (c < e.max) {
            const next = e.max === Infinity && c + 1 >= e.min ? e.min : c + 1;
            // The last count matches nothing more: the item must end at `end` (asked at once, not
            // by listing the item's ends, which in a loop of k levels are up to k long each).
            const j = next === e.max
              ? (end === pos && c + 1 > e.min) || !has(e.item, 0, pos, end) ? undefined : end
              : this.ends(e.item, 0, pos).find((x) => !(x === pos && c + 1 > e.min) && has(e, next, x, end));
            if (j !== undefined) {
              // The rest, unless it is the last count, which matches nothing more (`[ "," list ]`).
              if (next < e.max) todo.push({ e, c: next, pos: j, end });
              todo.push({ e: e.item, c: 0, pos, end: j });
              break;
            }
          }
          if (!(c >= e.min && end === pos)) throw new Error('grammar engine internal error: a repetition does not reach the end');
          break;
        }
        default:
          break; // a terminal: no node
      }
    }
  }

  private readonly suffixes = new Map<Expr, Expr[]>();

  /** The sequence `e` from item `k` on, as one expression (made once, so that it has one id). */
  private suffix(e: Extract<Expr, { t: 'seq' }>, k: number): Expr {
    let list = this.suffixes.get(e);
    if (!list) this.suffixes.set(e, (list = []));
    return (list[k] ??= k === e.items.length - 1 ? e.items[k] : { t: 'seq', items: e.items.slice(k) });
  }
}

const followsByRules = new WeakMap<Rules, Map<string | undefined, Map<Expr, CharBits>>>();

/** `repetitionFollows(rules, root)`, worked out once per grammar and root rule. */
function followsOf(rules: Rules, root?: string): Map<Expr, CharBits> {
  let byRoot = followsByRules.get(rules);
  if (!byRoot) followsByRules.set(rules, (byRoot = new Map()));
  let f = byRoot.get(root);
  if (!f) byRoot.set(root, (f = repetitionFollows(rules, root)));
  return f;
}

const productiveByRules = new WeakMap<Rules, (e: Expr) => boolean>();

/** `productive(rules)`, worked out once per grammar. */
function productiveOf(rules: Rules): (e: Expr) => boolean {
  let p = productiveByRules.get(rules);
  if (!p) productiveByRules.set(rules, (p = productive(rules)));
  return p;
}

const leadingByRules = new WeakMap<Rules, (e: Expr) => AsciiBits | undefined>();

/** `leadingChars(rules)`, worked out once per grammar. */
function leadingOf(rules: Rules): (e: Expr) => AsciiBits | undefined {
  let f = leadingByRules.get(rules);
  if (!f) leadingByRules.set(rules, (f = leadingChars(rules)));
  return f;
}

/** Does input unit `a` match quoted-string unit `b`? ASCII letters in either case (RFC 5234 2.3), as ../automata/codepoints.ts `foldedRanges`; nothing else folds. */
function sameFolded(a: number, b: number): boolean {
  if (a === b) return true;
  const l = b | 0x20;
  return (a | 0x20) === l && l >= 0x61 && l <= 0x7a;
}

function inRanges(more: readonly number[] | undefined, cp: number): boolean {
  if (!more) return false;
  for (let i = 0; i < more.length; i += 2) if (cp >= more[i] && cp <= more[i + 1]) return true;
  return false;
}
