/**
 * RFC 3986 as a `Grammar`: the instance of src/uri/rfc3986.ts, loaded once (its rules, tables and
 * plans), and, for the tests and build scripts that compare the module with its text,
 * grammar/rfc3986.abnf compiled by the engine (nothing at run time calls it).
 */
import { compileAbnf } from '../engine/text/abnf';
import type { RuleGrammar } from '../engine/grammar/grammar';
import { RFC3986_ABNF } from '../generated/texts';
import { LABEL_RULES, LEXICAL_RULES, type RuleName } from '../uri/rules';
import { rfc3986 } from '../uri/rfc3986';

let fromText: RuleGrammar<RuleName> | undefined;

/** RFC 3986 Appendix A compiled from its text, with the module's rule metadata (for the tests that compare the two). */
export function rfc3986FromText(): RuleGrammar<RuleName> {
  fromText ??= compileAbnf(RFC3986_ABNF, {
    name: 'rfc3986',
    lexicalRules: [...LEXICAL_RULES],
    labelRules: [...LABEL_RULES],
  }) as RuleGrammar<RuleName>;
  return fromText;
}

/** The RFC 3986 grammar (src/uri/rfc3986.ts). */
export const rfc3986Grammar = rfc3986;
