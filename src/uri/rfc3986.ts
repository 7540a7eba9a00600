/**
 * RFC 3986 as a `Grammar` (src/engine/grammar/grammar.ts): Appendix A's rules
 * (src/generated/rfc3986Rules.ts), their packed DFAs (src/generated/rfc3986Tables.ts) and tree
 * plans (./plans.ts), loaded once. What RFC 3986 adds, through the grammar's hooks: its error
 * class (`UriSyntaxError`), the hints and checked suggestions of `validate` (./hints.ts), the
 * default rule `URI-reference`, and its wording of a rule it does not have. The module
 * functions `isValid`, `validate`, `parseTree` (./validate.ts) and `walk` (./walk.ts) are this
 * grammar's.
 */
import { RuleGrammar } from '../engine/grammar/grammar';
import { RFC3986_ABNF } from '../generated/texts';
import { driver, LABEL_RULES, LEXICAL_RULES, RULE_NAMES, rfc3986Rules, type RuleName } from './rules';
import { UriSyntaxError } from './errors';
import { hinted } from './hints';
import { rfc3986Plans } from './plans';

/**
 * Each rule's definition as grammar/rfc3986.abnf writes it, read from the text without
 * compiling it, as the ABNF reader's spans give it: a definition begins at the left margin and
 * takes the indented lines after it, up to its last line of code (with that line's comment);
 * a rule's "=/" definitions follow its "=" one, a line apart.
 */
export function definitionsOf(text: string): ReadonlyMap<string, string> {
  const byRule = new Map<string, { name: string; defs: string[][] }>();
  let def: string[] | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (/^[A-Za-z]/.test(line)) {
      const name = /^[A-Za-z][A-Za-z0-9-]*/.exec(line)![0];
      let rule = byRule.get(name.toLowerCase());
      if (!rule) byRule.set(name.toLowerCase(), (rule = { name, defs: [] }));
      rule.defs.push((def = [line]));
    } else if (def && /^\s/.test(line)) {
      def.push(line);
    } else {
      def = undefined;
    }
  }
  const isCode = (line: string): boolean => !/^\s*(;.*)?$/.test(line);
  const out = new Map<string, string>();
  for (const { name, defs } of byRule.values()) {
    const texts = defs.map((d) => {
      let end = d.length;
      while (end > 1 && !isCode(d[end - 1])) end--;
      return d.slice(0, end).join('\n').replace(/\s+$/, '');
    });
    out.set(name, texts.join('\n'));
  }
  return out;
}

/** The TypeError of a call on input for a rule RFC 3986 does not have (as src/uri/validate.ts words it). */
function badRule(rule: unknown, fn: string): TypeError {
  return new TypeError(`${fn}: argument "rule" must be one of RULE_NAMES, got ${typeof rule === 'string' ? JSON.stringify(rule) : typeof rule}`);
}

/** The RFC 3986 grammar (also `grammarByName('rfc3986')`, and the package's `rfc3986`). */
export const rfc3986 = new RuleGrammar<RuleName>(rfc3986Rules, RULE_NAMES, {
  name: 'rfc3986',
  lexicalRules: LEXICAL_RULES,
  labelRules: LABEL_RULES,
  errorClass: UriSyntaxError,
  // Shared with the URI functions below the grammar (./rules.ts); no rule reaches recursion.
  verdicts: driver,
  reachesRecursion: [],
  plans: rfc3986Plans,
  texts: () => definitionsOf(RFC3986_ABNF),
  hooks: {
    defaultRule: 'URI-reference',
    badRule,
    decorate: (error) => hinted(error as UriSyntaxError),
  },
});
