/**
 * The tree plans of the grammars the main bundle carries — RFC 3986's (src/uri/plans.ts) and
 * RFC 3987's (src/iri/rfc3987.ts) — behind one function, read by a first tree. The CommonJS
 * bundle swaps in ./planTexts-cjs.ts (scripts/bundle.js), which loads them from a file of their
 * own, dist/cjs/plans.js: loading the package then does not read 90 kB of plans that a program
 * asking only for verdicts never uses. (Hand-written; the plans themselves are generated.)
 */
import { RFC3986_PLANS } from './rfc3986Plans';
import { RFC3987_PLANS } from './rfc3987Compiled';

export interface PlanTexts {
  readonly rfc3986: Readonly<Record<string, string>>;
  readonly rfc3987: Readonly<Record<string, string>>;
}

export const planTexts = (): PlanTexts => ({ rfc3986: RFC3986_PLANS, rfc3987: RFC3987_PLANS });
