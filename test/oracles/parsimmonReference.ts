/**
 * The parsimmon combinators of the hand-written PEG reading of RFC 3986 (./rfc3986Peg.ts), the
 * reference the tests compare the engine with: structural or lexical nodes; `runs: false`
 * compiles every character as its own parser (so that parsimmon's furthest failure is a
 * character offset).
 */
import { LEXICAL_RULES, RULE_NAMES } from '../../src/uri/rules';
import { compileParsimmon, type Language } from './pegParsimmon';
import { rfc3986PegRules } from './rfc3986Peg';
import type { RuleName } from '../../src/uri/rules';

const languages = new Map<string, Language<RuleName>>();

export function language(lexical: boolean, runs = true, rule?: RuleName): Language<RuleName> {
  const key = `${lexical}/${runs}/${!lexical && rule && LEXICAL_RULES.has(rule) ? rule : ''}`;
  let l = languages.get(key);
  if (!l) {
    // The structural tree: every rule but the lexical ones, and the root itself.
    const root = rule ?? 'URI-reference';
    const nodes = new Set<string>(lexical ? RULE_NAMES : RULE_NAMES.filter((n) => n === root || !LEXICAL_RULES.has(n)));
    languages.set(key, (l = compileParsimmon(rfc3986PegRules, nodes, { runs })));
  }
  return l;
}
