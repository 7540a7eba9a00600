/**
 * Moore's partition refinement, for minimizing DFAs at build time (`Automaton.minimal`, and
 * `packDfas` in ../build/packDfas.ts, which minimizes several rules' DFAs as one).
 *
 * States start in blocks by their `initial` key and split until every class leads all the states
 * of a block into one block. `next(i, k)` is the index of state i's successor on class k, or -1
 * for the dead state. Returns each state's block, as a string key.
 */
export function refine(initial: readonly string[], width: number, next: (i: number, k: number) => number): string[] {
  let block = [...initial];
  for (let count = -1; ;) {
    const keys = block.map((own, i) => {
      let key = own;
      for (let k = 0; k < width; k++) {
        const to = next(i, k);
        key += ',' + (to < 0 ? '-' : block[to]);
      }
      return key;
    });
    const ids = new Map<string, number>();
    block = keys.map((key) => {
      if (!ids.has(key)) ids.set(key, ids.size);
      return String(ids.get(key));
    });
    if (ids.size === count) return block;
    count = ids.size;
  }
}
