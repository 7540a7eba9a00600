/**
 * The right-to-left pass of a first-match tree (Frisch and Cardelli's first pass): T(i), the
 * character states that take the character at i and from which the rest of the input can be
 * matched to the end, for every position of one input at once. FirstMatch (./firstMatch.ts)
 * asks it only past the lookahead budget, so that an input built to make every position look
 * far ahead still costs one DFA step a character.
 */
import type { Classes } from '../automata/codepoints';
import { Kind, type Nfa } from '../automata/nfa';

/** The right-to-left automaton's memory bound (one byte per NFA state per reverse state). */
const MAX_BYTES = 256 * 2 ** 20;

/** Right-to-left automaton over sets of character states (T(i), above). */
export class Backward {
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

  constructor(private readonly nfa: Nfa, private readonly classes: Classes) {
    // The predecessors of every state: the whole automaton, built now if it was not yet.
    nfa.expandAll();
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
    this.table.push(new Int32Array(this.classes.count).fill(-1));
    return id;
  }

  /** The reverse state before a character of class `k`, from the one after it. */
  step(from: number, k: number): number {
    let to = this.table[from][k];
    if (to < 0) {
      const t = k === 0 ? [] : this.candidates[from].filter((s) => this.classes.inSet(k, this.nfa.ranges[s]!));
      to = this.state(t);
      this.table[from][k] = to;
    }
    return to;
  }
}
