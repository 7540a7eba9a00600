/**
 * The shipped grammars' build-time data (./*Compiled.ts, ./rfc3986Plans.ts), each piece behind a
 * function that returns it when it is first needed: the compiled data when a grammar is first
 * used, the tree plans when it first builds a tree. Here the functions return what this module
 * imports; the CommonJS bundle swaps in ./load-cjs.ts (scripts/bundle.js), which loads each
 * piece from a file of its own in dist/cjs/data/, so that loading the package, or a first
 * verdict, never reads hundreds of kB of data it does not use (V8 scans every byte of a file it
 * loads). A grammar's compiled data comes parsed (the CommonJS bundle's is a JSON file, which
 * Node parses natively on `require`, instead of a module whose string V8 would scan).
 * Hand-written; the data itself is generated (npm run generate).
 */
import type { CompiledGrammar } from '../engine/grammar/fromCompiled';
import { RFC3986_PLANS } from './rfc3986Plans';
import { RFC3987_COMPILED, RFC3987_PLANS } from './rfc3987Compiled';
import { RFC2396_COMPILED, RFC2396_PLANS } from './rfc2396Compiled';
import { RFC2732_COMPILED, RFC2732_PLANS } from './rfc2732Compiled';
import { RFC6874_COMPILED, RFC6874_PLANS } from './rfc6874Compiled';

/**
 * A grammar's tree plans: the plan of a plan key (src/engine/trees/plan.ts `planKey`), parsed, or
 * undefined when none was made for it.
 */
export type PlanLoader = (key: string) => unknown;

/** Plans from their JSON texts by plan key (what the generated modules hold). */
const fromTexts = (texts: Readonly<Record<string, string>>): PlanLoader => (key) =>
  Object.prototype.hasOwnProperty.call(texts, key) ? JSON.parse(texts[key]) : undefined;

export const rfc3986Plans: PlanLoader = fromTexts(RFC3986_PLANS);
export const rfc3987Compiled = (): CompiledGrammar => JSON.parse(RFC3987_COMPILED);
export const rfc3987Plans: PlanLoader = fromTexts(RFC3987_PLANS);
export const rfc2396Compiled = (): CompiledGrammar => JSON.parse(RFC2396_COMPILED);
export const rfc2396Plans: PlanLoader = fromTexts(RFC2396_PLANS);
export const rfc2732Compiled = (): CompiledGrammar => JSON.parse(RFC2732_COMPILED);
export const rfc2732Plans: PlanLoader = fromTexts(RFC2732_PLANS);
export const rfc6874Compiled = (): CompiledGrammar => JSON.parse(RFC6874_COMPILED);
export const rfc6874Plans: PlanLoader = fromTexts(RFC6874_PLANS);
