/**
 * The CommonJS bundle's ./planTexts.ts (scripts/bundle.js swaps it in; the ES module build
 * leaves it out): the plans required on first use from dist/cjs/plans.js, the bundle of
 * ./planTexts.ts itself, not when the package is loaded.
 */
import type { PlanTexts } from './planTexts';

let loaded: PlanTexts | undefined;

export const planTexts: typeof import('./planTexts').planTexts = () =>
  (loaded ??= (require('./plans.js') as typeof import('./planTexts')).planTexts());
