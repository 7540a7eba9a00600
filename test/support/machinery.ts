/**
 * A grammar with the backtracking search of its first calls off (src/engine/grammar/quickRuns.ts;
 * the class made of the same expressions without the option `quick` that `compileAbnf` gives):
 * every verdict and tree from its own machinery, the DFA and the first-match builder. The tests'
 * reference for the search, and what the engine's differential tests run beside the grammar as
 * `compileAbnf` makes it, so that both ways are held to their oracles.
 */
import { RuleGrammar } from '../../src/engine/grammar/grammar';

export function machinery<R extends string>(g: RuleGrammar<R>): RuleGrammar<R> {
  const s = g.source();
  return new RuleGrammar<R>(s.exprs, s.names, {
    name: s.name, texts: s.texts, lexicalRules: s.lexicalRules, labelRules: s.labelRules, alternation: s.alternation,
    maxNesting: s.maxNesting, workLimit: s.workLimit, reachesRecursion: s.recursive,
  });
}
