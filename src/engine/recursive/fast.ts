/**
 * The one-pass runners of recursive grammars (./pushdown.ts, ./backtrack.ts), as the grammar's
 * runner (../grammar/recursiveRunner.ts) takes them: one module, so that a build that wants the
 * lists of ends alone (the playground's first view, scripts/build-playground.js) puts a module of
 * its own in this one's place whose makers give none.
 */
export { pushdownOf } from './pushdown';
export { backtrackerOf } from './backtrack';
export { GAVE_WAY, NO_MATCH, UNDECIDED } from './answers';
