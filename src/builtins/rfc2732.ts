/**
 * RFC 2732 (IPv6 literals in URLs): RFC 2396 as RFC 2732 section 3 changes it, built from the
 * RFC 2396 text (grammar/rfc2396.bnf) and the change list (grammar/rfc2732.bnf), not copied:
 * each rule RFC 2732 redefines (`host`, `IPv4address`, `reserved`) takes the new definition in
 * its place, and the rules it adds (`ipv6reference` and RFC 2373's `IPv6address`, `hexpart`,
 * `hexseq`, `hex4`) follow the changed rule they are written after. Run by the same engine,
 * first match wins: RFC 2373's `hexseq = hex4 *( ":" hex4 )` would eat the "1" of
 * `::ffff:1.2.3.4` in a greedy PEG, and its `hexpart` tries the bare `hexseq` first; neither
 * needs help here. As written, the rule does not bound the number of groups (RFC 3986 D.1
 * says RFC 2373 "lacks an ABNF description of IPv6address"); the language is the text's.
 *
 * Opt-in: `grammarByName('rfc2732')` or `rfc2732` (compiled on first use).
 */
import { RFC2732_BNF } from '../generated/texts';
import { compileAbnf } from '../engine/text/abnf';
import { shippedGrammar } from '../engine/grammar/fromCompiled';
import { RuleGrammar } from '../engine/grammar/grammar';
import { rfc2732Compiled, rfc2732Plans } from '../generated/load';
import type { Grammar } from '../engine/grammar/types';
import type { TypedGrammar } from '../engine/grammar/typedTrees';
import type { Rfc2732Children } from '../generated/treeTypes';
import { RFC2396_LEXICAL_RULES, rfc2396FromText, type Rfc2396Rule } from './rfc2396';

export type { Rfc2732Children };

export type Rfc2732Rule = Rfc2396Rule | 'ipv6reference' | 'IPv6address' | 'hexpart' | 'hexseq' | 'hex4';

/** The definitions of the change list, in order: a definition begins at the left margin. */
function changes(text: string): Array<[string, string]> {
  const code = text.split(/\r?\n/).filter((l) => !/^\s*;/.test(l) && l.trim() !== '').join('\n');
  return code.split(/\n(?=[A-Za-z])/).map((def) => [/^[A-Za-z][A-Za-z0-9_-]*/.exec(def)![0], def]);
}

/** The RFC 2732 grammar's text: RFC 2396's definitions with RFC 2732's put in and added. */
export function rfc2732Text(): string {
  const base = rfc2396FromText();
  const defs: Array<[string, string]> = base.rules.map((r) => [r, base.ruleText(r)]);
  const index = (name: string) => defs.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
  let after = -1;
  for (const [name, def] of changes(RFC2732_BNF)) {
    const at = index(name);
    if (at >= 0) defs[(after = at)] = [defs[at][0], def];
    else defs.splice((after = after + 1), 0, [name, def]);
  }
  return defs.map(([, d]) => d).join('\n') + '\n';
}

let compiled: Grammar<Rfc2732Rule> | undefined;

/** The grammar compiled from its text now (what `npm run generate` writes out). */
export function rfc2732FromText(): RuleGrammar<Rfc2732Rule> {
  return compileAbnf(rfc2732Text(), {
    notation: 'rfc2396',
    name: 'rfc2732',
    lexicalRules: [...RFC2396_LEXICAL_RULES, 'hex4'],
    labelRules: ['unreserved', 'escaped', 'reserved', 'mark', 'alphanum', 'alpha', 'digit', 'hex', 'hex4'],
  }) as RuleGrammar<Rfc2732Rule>;
}

/**
 * RFC 2396 with RFC 2732's IPv6 change (also `grammarByName('rfc2732')`), from its compiled
 * form made at build time (src/generated/rfc2732Compiled.ts).
 */
export function rfc2732Grammar(): Grammar<Rfc2732Rule> {
  compiled ??= shippedGrammar<Rfc2732Rule>(rfc2732Compiled(), rfc2732Plans);
  return compiled;
}

/** The RFC 2732 grammar as a `Grammar` (compiled on first use), its trees typed by parent (`Rfc2732Children`). */
export const rfc2732: TypedGrammar<Rfc2732Children> = new RuleGrammar<Rfc2732Rule>(() => rfc2732Grammar() as RuleGrammar<Rfc2732Rule>, undefined, { name: 'rfc2732' }) as TypedGrammar<Rfc2732Children> & RuleGrammar<Rfc2732Rule>;
