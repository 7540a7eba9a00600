/**
 * The parsimmon combinators of the built-in grammar, the reference the tests compare every fast
 * path with: structural or lexical nodes; `runs: false` compiles every character as its own
 * parser (so that parsimmon's furthest failure is a character offset).
 */
import { driver } from '../../src/uri/driver';
import { compileParsimmon, type Language } from '../../src/engine/parsimmon';
import type { RuleName } from '../../src/uri/driver';

const languages = new Map<string, Language<RuleName>>();

export function language(lexical: boolean, runs = true, rule?: RuleName): Language<RuleName> {
  const key = `${lexical}/${runs}/${!lexical && rule && driver.lexicalRules.has(rule) ? rule : ''}`;
  let l = languages.get(key);
  if (!l) {
    const nodes = lexical ? new Set<string>(Object.keys(driver.grammar)) : driver.structural(rule ?? ('URI-reference' as RuleName));
    languages.set(key, (l = compileParsimmon(driver.grammar, nodes, { runs })));
  }
  return l;
}
