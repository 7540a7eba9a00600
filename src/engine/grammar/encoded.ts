/**
 * The shapes of a precompiled grammar's data that its reader (./compiledData.ts) and the tree
 * search (../trees/backtrack.ts) both read: types only, so that neither imports the other's code.
 */

/**
 * An expression, compactly: `["c", ranges, label]` characters, `["l", text]` a quoted string,
 * `["s", ...items]` a sequence, `["a", ...items]` a choice, `["r", item, min, max | null]` a
 * repetition (null: no bound), `["f", name]` a reference.
 */
export type EncodedExpr =
  | readonly ['c', readonly number[], string]
  | readonly ['l', string]
  | readonly ['s', ...EncodedExpr[]]
  | readonly ['a', ...EncodedExpr[]]
  | readonly ['r', EncodedExpr, number, number | null]
  | readonly ['f', string];

/**
 * The program of a grammar's structural trees (../trees/backtrack.ts `encodeProgram`): its
 * instructions, where each rule's tree begins, its character sets (code-point ranges, flat), its
 * first sets (five numbers each: the 128 bits of ASCII in four words, then 1 when a character
 * above ASCII may begin) and its node rules by id.
 */
export interface EncodedProgram {
  readonly code: readonly number[];
  readonly entries: Readonly<Record<string, number>>;
  readonly sets: readonly (readonly number[])[];
  readonly firsts: readonly number[];
  readonly names: readonly string[];
}
