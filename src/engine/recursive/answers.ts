/**
 * What the one-pass runners answer besides a verdict or a tree: for ./fast.ts and for a build
 * that puts a module of its own in that one's place (playground/noFastRunners.ts).
 */

/** ./pushdown.ts: the lookahead does not decide, or the nesting is past the limit: ask ./ends.ts. */
export const UNDECIDED = -1;

/** ./backtrack.ts, besides a count of nodes: no match of the whole input (every way tried). */
export const NO_MATCH = -1;
/** ./backtrack.ts: it gave way (its budget, the nesting, the node limit). */
export const GAVE_WAY = -2;
