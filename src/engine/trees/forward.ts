/**
 * The lookahead of an ambiguous first-match step (./firstMatch.ts): where each candidate can be
 * after each further character, as a left-to-right automaton over sets of character states,
 * built as inputs need it. It also proves that one future includes another (`includes`), so
 * that the race (./race.ts) drops a candidate that can never be first.
 */
import { closure, type Nfa } from '../automata/nfa';
import type { Classes } from '../automata/codepoints';
import { computed, fromComputed, withRoom } from './tableParts';

/** The lookahead automaton's bound, in states (sets of character states); the race's too (./race.ts). */
export const MAX_FORWARD_STATES = 50_000;
/**
 * An inclusion check's scratch automaton is bounded in character states held by its sets too: a
 * bound on memory and on the work of making states, which the bound in states alone is not when
 * each set is large. On a six-rule grammar a differential run made (overlapping alternatives
 * inside counted repetitions) the checks of the first tree of "a" made scratch states holding 18
 * million, in 7 s (0.2 s with the bound, the checks past it unproved and the race reading ahead);
 * the shipped grammars' lookahead, over thousands of real URLs, holds at most 735. The lookahead's
 * own automaton keeps its bound in states alone: past it a race hands its step to the
 * right-to-left pass, whose own bound (256 MB) then ends some trees with "tree too costly".
 */
export const MAX_FORWARD_HELD = 250_000;
/** How many pairs of lookahead states an inclusion check (Forward.includes) may visit before it gives up (not proved). */
const MAX_INCLUSION_PAIRS = 4_096;
/** And all the checks of one lookahead automaton together. */
const MAX_INCLUSION_WORK = 1 << 18;

/**
 * Left-to-right automaton over sets of character states, for lookahead: where the candidates
 * of an ambiguous step can be after each further character. The empty-iteration rule is
 * ignored here: it never changes the language, only which parse is first.
 */
export class Forward {
  /** Per state: the sorted character states, and whether the accept state is reachable. */
  private readonly sets: (readonly number[])[] = [];
  private readonly accepting: boolean[] = [];
  /** Transitions, `width` per state: -2 not computed yet, 0 the dead state. */
  table = new Int32Array(0);
  readonly width: number;
  /** Each state's key (see `intern`), made when first needed: a restored plan may never add a state. */
  private idMap: Map<string, number> | undefined = new Map();
  private readonly afterChar = new Map<number, number>();
  /** The character states its sets hold (MAX_FORWARD_HELD). */
  private held = 0;
  /** Past `maxHeld` (a scratch automaton's bound): a state was refused, and no new transition is made. */
  private full = false;
  /** State 0: the empty set (dead). `nfaOf` gives the NFA, built when first asked for (see LaterNfa). */
  constructor(
    private readonly nfaOf: () => Nfa,
    private readonly classes: Classes,
    /** Its bound in character states held (MAX_FORWARD_HELD for an inclusion check's scratch automaton). */
    private readonly maxHeld = Infinity,
  ) {
    this.width = classes.count;
    this.intern([], false);
  }

  private get nfa(): Nfa {
    return this.nfaOf();
  }

  private get ids(): Map<string, number> {
    if (!this.idMap) {
      this.idMap = new Map();
      this.sets.forEach((set, id) => this.idMap!.set(Forward.key(set, this.accepting[id]), id));
    }
    return this.idMap;
  }

  private static key(set: readonly number[], accepting: boolean): string {
    return (accepting ? 'a' : '') + set.join(',');
  }

  private intern(set: readonly number[], accepting: boolean): number {
    const key = Forward.key(set, accepting);
    const ids = this.ids;
    let id = ids.get(key);
    if (id !== undefined) return id;
    if (this.sets.length >= MAX_FORWARD_STATES) return -1;
    if (this.held + set.length > this.maxHeld) {
      this.full = true;
      return -1;
    }
    this.held += set.length;
    id = this.sets.length;
    ids.set(key, id);
    this.sets.push(set);
    this.accepting.push(accepting);
    this.table = withRoom(this.table, id + 1, this.width, -2);
    return id;
  }

  /** The state after character state `c` takes its character (-1: too many states). */
  after(c: number): number {
    let id = this.afterChar.get(c);
    if (id === undefined) {
      id = this.closure([this.nfa.out[c][0]]);
      if (id >= 0) this.afterChar.set(c, id);
    }
    return id;
  }

  /** The state of the character states reachable from `from` without consuming. */
  private closure(from: number[]): number {
    const accept = this.nfa.accept;
    const reached = closure(this.nfa, from);
    const accepting = reached.includes(accept);
    return this.intern(accepting ? reached.filter((s) => s !== accept) : reached, accepting);
  }

  /**
   * Is every string state `a` accepts also accepted from state `b` (L(a) ⊆ L(b))? A property of
   * the grammar, computed once a pair: the pairs of states both reach on the same characters,
   * none of which may accept in `a` and not in `b`. False when not proved within
   * MAX_INCLUSION_PAIRS pairs (or past the bound on states).
   */
  includes(b: number, a: number): boolean {
    // A number for the pair (state ids are below MAX_FORWARD_STATES < 2^16): a race of many
    // candidates asks for pairs by the million, where a string key cost more than the answers.
    const key = a * 0x10000 + b;
    let r = this.inclusions.get(key);
    if (r === undefined) {
      // Past the work bound, nothing more is proved, and nothing more is kept.
      if (this.inclusionWork < 0) return false;
      this.inclusions.set(key, (r = this.explore(a, b)));
    }
    return r;
  }
  private readonly inclusions = new Map<number, boolean>();
  /**
   * The pairs all inclusion checks of this automaton may still visit: past it, nothing more is
   * proved (the race then reads ahead as before), so that what a grammar built to defeat the
   * checks costs stays a constant, whatever the input.
   */
  private inclusionWork = MAX_INCLUSION_WORK;

  /**
   * The check runs on a scratch automaton of its own (the same NFA and classes): the states it
   * visits are not lookahead states of any input, and a tree plan made from this one (its
   * `parts`) would carry them all.
   */
  private explore(a: number, b: number): boolean {
    // A check costs at least its start, the two sets interned in the scratch automaton (a key of
    // each set's length): past the work bound, every later check is "not proved" at once. Before,
    // a race of many candidates with large sets asked check after check of a spent automaton,
    // and each interned its sets first: 86 s of `shadows` on a six-rule grammar.
    this.inclusionWork -= 1 + ((this.sets[a].length + this.sets[b].length) >> 3);
    if (this.inclusionWork < 0) return false;
    const scratch = (this.scratch ??= new Forward(this.nfaOf, this.classes, MAX_FORWARD_HELD));
    const sa = scratch.intern(this.sets[a], this.accepting[a]);
    const sb = scratch.intern(this.sets[b], this.accepting[b]);
    if (sa < 0 || sb < 0) return false;
    const failed = scratch.failedPairs;
    // The pairs visited (their keys), each with the index of the pair it was reached from: when
    // one shows x taking a string y does not, so does every pair on the way to it, and a later
    // check that meets one of them ends there (the checks of one race often walk the same pairs).
    const visited: string[] = [];
    const from: number[] = [];
    const index = new Map<string, number>();
    const fail = (at: number): false => {
      for (let j = at; j >= 0; j = from[j]) failed.add(visited[j]);
      return false;
    };
    // Pairs to visit: x, y, and the index of the pair they were reached from; breadth first,
    // so that a check that fails (most do) stops at a shortest string x takes and y does not.
    const todo = [sa, sb, -1];
    for (let q = 0; q < todo.length; q += 3) {
      const x = todo[q];
      const y = todo[q + 1];
      const up = todo[q + 2];
      // The dead state accepts nothing; a state includes itself.
      if (x === 0 || x === y) continue;
      if (scratch.accepting[x] && (y === 0 || !scratch.accepting[y])) return fail(up);
      // A state's language is the union of its character states': a subset is included, with
      // nothing more to explore (most pairs of futures that come together end here).
      if (y !== 0 && scratch.within(x, y)) continue;
      const key = `${x},${y}`;
      if (index.has(key)) continue;
      if (failed.has(key)) return fail(up);
      if (index.size >= MAX_INCLUSION_PAIRS || --this.inclusionWork < 0) return false;
      const at = visited.length;
      index.set(key, at);
      visited.push(key);
      from.push(up);
      // A character x takes and y does not: x goes on where y is dead. Found from the character
      // states alone, before any step is built.
      if (y === 0 || !scratch.takesAll(x, y)) return fail(at);
      const takes = scratch.takes(x);
      for (let k = 1; k < scratch.width; k++) {
        // A class x does not take leads it to the dead state: nothing to follow, no step to build.
        if (takes[k] === 0) continue;
        const nx = scratch.step(x, k);
        if (nx < 0) return false;
        if (nx === 0) continue;
        const ny = scratch.step(y, k);
        if (ny < 0) return false;
        todo.push(nx, ny, at);
      }
    }
    return true;
  }
  /** Pairs of this (scratch) automaton's states from which `explore` refuted (or could not prove) that y takes every string x takes. */
  private readonly failedPairs = new Set<string>();
  private scratch: Forward | undefined;

  /** Per NFA character state, the classes it takes (1) or not (0), made when first asked for. */
  private readonly stateTakes: (Uint8Array | undefined)[] = [];

  /** Per state, `takes` once made. */
  private readonly takesOf: (Uint8Array | undefined)[] = [];

  /** Does state `y` take every class state `x` takes? */
  private takesAll(x: number, y: number): boolean {
    const tx = this.takes(x);
    const ty = this.takes(y);
    for (let k = 1; k < this.width; k++) if (tx[k] > ty[k]) return false;
    return true;
  }

  /** The classes state `id` takes (its character states' union). */
  private takes(id: number): Uint8Array {
    let out = this.takesOf[id];
    if (out) return out;
    out = this.takesOf[id] = new Uint8Array(this.width);
    const nfa = this.nfa;
    for (const s of this.sets[id]) {
      let t = this.stateTakes[s];
      if (!t) {
        t = this.stateTakes[s] = new Uint8Array(this.width);
        for (let k = 1; k < this.width; k++) if (this.classes.inSet(k, nfa.ranges[s]!)) t[k] = 1;
      }
      for (let k = 1; k < this.width; k++) out[k] |= t[k];
    }
    return out;
  }

  /** Are state `x`'s character states among `y`'s (both sorted), and does `y` accept if `x` does? */
  private within(x: number, y: number): boolean {
    if (this.accepting[x] && !this.accepting[y]) return false;
    const a = this.sets[x];
    const b = this.sets[y];
    if (a.length > b.length) return false;
    let j = 0;
    for (let k = 0; k < a.length; k++) {
      while (j < b.length && b[j] < a[k]) j++;
      if (j === b.length || b[j] !== a[k]) return false;
      j++;
    }
    return true;
  }

  /** The state after a character of class `k` (0: dead; -1: too many states). */
  step(from: number, k: number): number {
    let to = this.table[from * this.width + k];
    if (to === -2) {
      // Full: no transition not made yet is made (its closure, the costly part, would be refused).
      if (this.full) return -1;
      const next: number[] = [];
      if (k !== 0) for (const s of this.sets[from]) if (this.classes.inSet(k, this.nfa.ranges[s]!)) next.push(this.nfa.out[s][0]);
      to = next.length ? this.closure(next) : 0;
      if (to >= 0) this.table[from * this.width + k] = to;
    }
    return to;
  }

  accepts(id: number): boolean {
    return this.accepting[id];
  }

  /** The states and transitions found so far, as data (./plan.ts). */
  parts(): ForwardParts {
    return {
      sets: this.sets.map((x) => [...x]),
      accepting: [...this.accepting],
      table: computed(this.table.subarray(0, this.sets.length * this.width), -2),
      afterChar: [...this.afterChar],
    };
  }

  /**
   * Takes the states and transitions of `parts` (a Forward of the same NFA and classes); `keep`
   * as for FirstMatch.restore.
   */
  restore(parts: ForwardParts, keep = false): void {
    this.sets.length = 0;
    this.accepting.length = 0;
    this.idMap = undefined;
    for (let id = 0; id < parts.sets.length; id++) {
      this.sets.push(keep ? parts.sets[id] : parts.sets[id].slice());
      this.accepting.push(parts.accepting[id]);
    }
    this.table = fromComputed(Math.max(16, parts.sets.length) * this.width, -2, parts.table);
    for (let k = 0; k < parts.afterChar.length; k++) this.afterChar.set(parts.afterChar[k][0], parts.afterChar[k][1]);
  }
}

/** A Forward's states and transitions as data (see FirstMatch.parts). */
export interface ForwardParts {
  readonly sets: readonly (readonly number[])[];
  readonly accepting: readonly boolean[];
  /** The computed entries of the `sets.length` × classes table, as [index, state] pairs, flat. */
  readonly table: readonly number[];
  readonly afterChar: ReadonlyArray<readonly [number, number]>;
}
