/**
 * `parser(rule)` against the backtracking reference (test/oracles/backtrack.ts): the longest
 * prefix of an input that is a match, as the reference finds it prefix by prefix. What the
 * agreement tests of the recursive engine each check of their random grammars.
 */
import P from 'parsimmon';
import type { Node } from '../../src/engine/tree';
import { referenceTree, type Rules } from '../oracles/backtrack';

/** A grammar with `parser(rule)` (one `compileAbnf` makes). */
interface WithParser {
  parser(rule: string): P.Parser<unknown>;
}

/**
 * For each input, `g.parser(rule)` followed by the rest reads the longest prefix the reference
 * matches (end -1: none). An input the reference gives up on is skipped. `text` (the grammar's
 * ABNF) is in each comparison, so a failure names the grammar.
 */
export function expectLongestPrefixes(text: string, rules: Rules, g: WithParser, inputs: readonly string[], rule = 'r0'): void {
  for (const s of inputs) {
    let longest = -1;
    try {
      for (let j = s.length; j >= 0 && longest < 0; j--) if (referenceTree(rules, rule, s.slice(0, j))) longest = j;
    } catch {
      continue;
    }
    const r = P.seq(g.parser(rule), P.all).parse(s);
    expect({ text, s, end: r.status ? (r.value[0] as Node).end : -1 }).toEqual({ text, s, end: longest });
  }
}
