/**
 * The page's src/engine/recursive/fast.ts (scripts/build-playground.js puts it in that one's
 * place): no one-pass runners, so their code stays out of the first view (its budget, issue 38).
 * A recursive grammar on the page is run by the lists of ends alone, the general engine, which
 * gives the same answers; the page's inputs are short.
 */
import type { Backtracker } from '../src/engine/recursive/backtrack';
import type { Pushdown } from '../src/engine/recursive/pushdown';

export { GAVE_WAY, NO_MATCH, UNDECIDED } from '../src/engine/recursive/answers';

export function pushdownOf(): Pushdown | null {
  return null;
}

export function backtrackerOf(): Backtracker | null {
  return null;
}
