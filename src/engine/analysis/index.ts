/**
 * Grammar analysis: what follows from a grammar's automata and first-match trees.
 *
 *   generate(grammar, rule, { cover: true })   strings that cover every alternative, and near-misses
 *   shadows(grammar, rule?)                    alternatives first match never takes, and overlaps
 *   compare(grammarA, ruleA, grammarB, ruleB)  inclusion and equivalence, with shortest witnesses
 *   coverage(grammar, rule, inputs)            which alternatives a corpus takes
 *   arbitrary(grammar, rule, fc)               fast-check arbitraries (fast-check handed in)
 *
 * Every grammar has them as methods too (`grammar.generate(rule)`, …: src/engine/grammar/types.ts):
 * loading this module installs them there (../grammar/analysisHook.ts). `analyze(grammar)` binds
 * them to one grammar as well. docs/analysis.md shows them on RFC 3986.
 */
import type { Grammar } from '../grammar/types';
import { arbitrary, type ArbitraryOptions, type FastCheckLike, type RuleArbitraries } from './arbitrary';
import { compare, compareWith, type CompareOptions, type Comparison } from './compare';
import { coverage, type Coverage } from './coverage';
import { generate, type GenerateOptions, type Generated } from './generate';
import { shadows, type ShadowEntry, type ShadowOptions } from './shadows';
import { checkGrammar } from './rules';
import { installAnalyses } from '../grammar/analysisHook';

export { arbitrary, compare, coverage, generate, shadows };
export type { ArbitraryOptions, CompareOptions, Comparison, Coverage, FastCheckLike, GenerateOptions, Generated, RuleArbitraries, ShadowEntry, ShadowOptions };
export type { Target } from './marks';
export type { NearMiss, Uncovered } from './generate';
export type { AlternativeCount } from './coverage';
export type { Relation } from './compare';
export type { RuleOf } from '../grammar/types';

/** The analyses of one grammar. */
export interface GrammarAnalysis {
  generate(rule: string, options?: GenerateOptions): Generated;
  shadows(rule?: string, options?: ShadowOptions): ShadowEntry[];
  /** `rule` of this grammar against `ruleB` of `grammarB` (this grammar when omitted). */
  compare(rule: string, grammarB: Grammar, ruleB: string, options?: CompareOptions): Comparison;
  coverage(rule: string, inputs: Iterable<string>): Coverage;
  arbitrary(rule: string, fc?: FastCheckLike, options?: ArbitraryOptions): RuleArbitraries;
}

// The Grammar's methods call these (../grammar/analysisHook.ts).
installAnalyses({ generate, shadows, compare: compareWith, coverage, arbitrary });

export function analyze(grammar: Grammar): GrammarAnalysis {
  checkGrammar(grammar, 'analyze', 'grammar');
  return {
    generate: (rule, options) => generate(grammar, rule, options),
    shadows: (rule, options) => shadows(grammar, rule, options),
    compare: (rule, grammarB, ruleB, options) => compare(grammar, rule, grammarB ?? grammar, ruleB, options),
    coverage: (rule, inputs) => coverage(grammar, rule, inputs),
    arbitrary: (rule, fc, options) => arbitrary(grammar, rule, fc, options),
  };
}
