/**
 * The lookahead of the ambiguous first-match steps (./firstMatch.ts) as one automaton: which
 * candidate wins is decided by a table look-up a character, whatever the number of candidates,
 * where following each candidate's future (./forward.ts) on its own would cost one a candidate.
 */
import { MAX_FORWARD_STATES, type Forward } from './forward';
import { computed, fromComputed, views, withRoom } from './tableParts';

/** A Race's states and transitions as data (see FirstMatch.parts). */
export interface RaceParts {
  readonly cands: readonly (readonly number[])[];
  readonly futures: readonly (readonly number[])[];
  /** The computed entries of the `cands.length` × (classes + 1) table (see Race.step), as [index, entry] pairs, flat. */
  readonly table: readonly number[];
}

/** A race's entry: not computed yet. */
export const RACE_UNKNOWN = -1;
/** No candidate can match the rest of the input. */
export const RACE_NONE = -2;
/** The lookahead automaton met its bound: ask T. */
export const RACE_TOO_COSTLY = -3;
/** Entries at or below this are decided: candidate `RACE_WON - entry`. */
export const RACE_WON = -4;

/**
 * The lookahead of ambiguous steps as one automaton: a state is the candidates still in the
 * race, in the walk's order, each with its future (a Forward state), after dropping a candidate
 * whose future equals an earlier one's (it can never be first: the rest of the input treats them
 * alike). A step is one table look-up whatever the number of candidates; a state with one
 * candidate left is a decision, as is the end of the input (the first candidate whose future
 * accepts). Built as inputs need it, like the others.
 */
export class Race {
  /** Per state: the candidate indices, and their futures. */
  private readonly cands: Int32Array[] = [];
  private readonly futures: Int32Array[] = [];
  /** Transitions, `width` per state (the last column: the end of the input). */
  table = new Int32Array(0);
  readonly width: number;
  /** Each state's key (see `enter`), made when first needed: a restored plan may never add a state. */
  private idMap: Map<string, number> | undefined = new Map();

  constructor(private readonly forward: Forward, classes: number) {
    this.width = classes + 1;
  }

  /** How many states it has. */
  get size(): number {
    return this.cands.length;
  }

  /** The state (or decision) for candidates `cands` with futures `futures` (dead ones: 0). */
  enter(cands: ArrayLike<number>, futures: ArrayLike<number>): number {
    const c: number[] = [];
    const f: number[] = [];
    for (let a = 0; a < cands.length; a++) {
      const fa = futures[a];
      if (fa < 0) return RACE_TOO_COSTLY;
      // A candidate whose every continuation an earlier one also takes can never be first: RFC
      // 2396's abs_path after "//" against net_path (a path takes every authority), or two
      // alternatives that have come to the same rest of the grammar by different ways.
      if (fa === 0 || f.includes(fa) || f.some((fb) => this.forward.includes(fb, fa))) continue;
      c.push(cands[a]);
      f.push(fa);
    }
    if (c.length === 0) return RACE_NONE;
    if (c.length === 1) return RACE_WON - c[0];
    const key = Race.key(c, f);
    const ids = this.ids;
    let id = ids.get(key);
    if (id === undefined) {
      if (this.cands.length >= MAX_FORWARD_STATES) return RACE_TOO_COSTLY;
      id = this.cands.length;
      ids.set(key, id);
      this.cands.push(Int32Array.from(c));
      this.futures.push(Int32Array.from(f));
      this.table = withRoom(this.table, id + 1, this.width, RACE_UNKNOWN);
    }
    return id;
  }

  private get ids(): Map<string, number> {
    if (!this.idMap) {
      this.idMap = new Map();
      this.cands.forEach((c, id) => this.idMap!.set(Race.key(c, this.futures[id]), id));
    }
    return this.idMap;
  }

  private static key(cands: ArrayLike<number>, futures: ArrayLike<number>): string {
    return Array.prototype.join.call(cands, ',') + ';' + Array.prototype.join.call(futures, ',');
  }

  parts(): RaceParts {
    return {
      cands: this.cands.map((c) => Array.from(c)),
      futures: this.futures.map((f) => Array.from(f)),
      table: computed(this.table.subarray(0, this.cands.length * this.width), RACE_UNKNOWN),
    };
  }

  restore(parts: RaceParts): void {
    this.cands.length = 0;
    this.futures.length = 0;
    this.idMap = undefined;
    const cands = views(parts.cands.length, (k) => parts.cands[k]);
    const futures = views(parts.cands.length, (k) => parts.futures[k]);
    for (let id = 0; id < cands.length; id++) {
      this.cands.push(cands[id]);
      this.futures.push(futures[id]);
    }
    this.table = fromComputed(Math.max(16, parts.cands.length) * this.width, RACE_UNKNOWN, parts.table);
  }

  /** The entry of state `id` on class `k` (`width - 1`: the end of the input). */
  step(id: number, k: number): number {
    const cell = id * this.width + k;
    let to = this.table[cell];
    if (to !== RACE_UNKNOWN) return to;
    const cands = this.cands[id];
    const futures = this.futures[id];
    if (k === this.width - 1) {
      to = RACE_NONE;
      for (let a = 0; a < cands.length; a++) if (this.forward.accepts(futures[a])) { to = RACE_WON - cands[a]; break; }
    } else {
      to = this.enter(cands, Array.from(futures, (f) => this.forward.step(f, k)));
    }
    // `enter` may have grown the table.
    if (to !== RACE_TOO_COSTLY) this.table[cell] = to;
    return to;
  }
}
