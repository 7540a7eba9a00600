/**
 * The states of a subset automaton: sets of NFA states, each numbered once by its members, so
 * that the subset construction of the verdicts (./automaton.ts) and of the analyses' exact
 * answers (../analysis/dfa.ts) meets a set again as the state it already is.
 */
export class StateSets {
  /** The NFA states of each state, by number (ascending, as ./nfa.ts `closure` gives them). */
  readonly sets: number[][] = [];
  private readonly ids = new Map<string, number>();
  /** Did the last `id` number a set it had not met? */
  added = false;

  /** The number of `set`: the one it has, or the next one. */
  id(set: number[]): number {
    const key = set.join(',');
    let id = this.ids.get(key);
    this.added = id === undefined;
    if (id === undefined) {
      id = this.sets.length;
      this.ids.set(key, id);
      this.sets.push(set);
    }
    return id;
  }

  has(set: readonly number[]): boolean {
    return this.ids.has(set.join(','));
  }

  /** Forgets every set (numbers start again from 0). */
  clear(): void {
    this.ids.clear();
    this.sets.length = 0;
  }
}
