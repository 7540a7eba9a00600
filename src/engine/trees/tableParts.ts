/**
 * The lazily filled tables of the tree automata (./firstMatch.ts, ./forward.ts, ./race.ts): grown
 * as states are added, and written as plan data (./plan.ts) and read back. Only the entries
 * computed so far are written, as [index, entry] pairs, so that a plan holds what its samples
 * reached and nothing more.
 */

/** The largest cell of `items` (-1 for none). */
export function lastCell<T>(items: readonly T[], cell: (x: T) => number): number {
  let last = -1;
  for (let k = 0; k < items.length; k++) last = Math.max(last, cell(items[k]));
  return last;
}

/** The entries of `table` other than `unknown`, as [index, entry] pairs, flat. */
export function computed(table: Int32Array, unknown: number): number[] {
  const out: number[] = [];
  for (let j = 0; j < table.length; j++) if (table[j] !== unknown) out.push(j, table[j]);
  return out;
}

/** `count` arrays (the k-th is `at(k)`) copied into one Int32Array, as views of it in turn. */
export function views(count: number, at: (k: number) => readonly number[]): Int32Array[] {
  let total = 0;
  for (let k = 0; k < count; k++) total += at(k).length;
  const all = new Int32Array(total);
  const out: Int32Array[] = new Array(count);
  for (let k = 0, from = 0; k < count; k++) {
    const a = at(k);
    all.set(a, from);
    out[k] = all.subarray(from, (from += a.length));
  }
  return out;
}

/**
 * `table` (`width` entries a row) with room for `rows` rows: itself when it has it, else a copy
 * in a table of twice as many rows (16 at least), the new entries `unknown`.
 */
export function withRoom(table: Int32Array<ArrayBuffer>, rows: number, width: number, unknown: number): Int32Array<ArrayBuffer> {
  if (rows * width <= table.length) return table;
  const bigger = new Int32Array(Math.max(16, 2 * rows) * width).fill(unknown);
  bigger.set(table);
  return bigger;
}

/** The inverse of `computed`: a table of `length` entries, `unknown` but where `pairs` say. */
export function fromComputed(length: number, unknown: number, pairs: readonly number[]): Int32Array<ArrayBuffer> {
  const table = new Int32Array(length).fill(unknown);
  for (let j = 0; j < pairs.length; j += 2) table[pairs[j]] = pairs[j + 1];
  return table;
}
