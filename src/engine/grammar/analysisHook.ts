/**
 * How the Grammar's analysis methods (`generate`, `shadows`, `compare`, `coverage`, `arbitrary`:
 * ./grammar.ts) reach the analyses (src/engine/analysis/) without importing them: the analyses
 * import the grammar class (their marked copies are grammars), and a program that only
 * validates should not load them. src/engine/analysis/index.ts installs itself here when it is
 * loaded, which the package's entry does (src/index.ts imports it); where it is not loaded yet,
 * ./analysisLoad.ts loads it (the CommonJS bundle: dist/cjs/cold.js, beside the main bundle).
 */
import type { Grammar, RuleOf } from './types';
import type {
  ArbitraryOptions, CompareOptions, Comparison, Coverage, FastCheckLike, GenerateOptions, Generated,
  RuleArbitraries, ShadowEntry, ShadowOptions,
} from './analysisTypes';
import { loadAnalyses } from './analysisLoad';

/** The free functions of src/engine/analysis/, as the methods call them (the grammar first). */
export interface Analyses {
  generate(grammar: Grammar, rule: string, options?: GenerateOptions): Generated;
  shadows(grammar: Grammar, rule?: string, options?: ShadowOptions): ShadowEntry[];
  /** `other`: a rule of `grammar`, `{ grammar, rule }`, or a grammar with its rule next (checked there). */
  compare(grammar: Grammar, rule: string, other: string | RuleOf | Grammar, third?: CompareOptions | string, fourth?: CompareOptions): Comparison;
  coverage(grammar: Grammar, rule: string, inputs: Iterable<string>): Coverage;
  arbitrary(grammar: Grammar, rule: string, fc?: FastCheckLike, options?: ArbitraryOptions): RuleArbitraries;
}

let installed: Analyses | undefined;

/** Called once by src/engine/analysis/index.ts when it is loaded. */
export function installAnalyses(analyses: Analyses): void {
  installed = analyses;
}

/** The analyses, loaded now if they are not yet; `fn` names the method in the error where they cannot be. */
export function analyses(fn: string): Analyses {
  if (installed === undefined) loadAnalyses();
  if (installed === undefined) {
    // The ES module build loads them with the package's entry, unless a bundler dropped them as
    // unused: importing one of them (analyze, generate, …) keeps them.
    throw new Error(`${fn}: the grammar analyses are not loaded (import analyze, or another of them, from the package first)`);
  }
  return installed;
}
