/**
 * RFC 3986 as a `Grammar`: the instance of src/uri/rfc3986.ts, loaded once (its rules, tables and
 * plans), and, for the tests and build scripts that compare the module with its text,
 * grammar/rfc3986.abnf compiled by the engine (nothing at run time calls it).
 */
import { compileAbnf } from '../engine/text/abnf';
import type { RuleGrammar } from '../engine/grammar/grammar';
import { RFC3986_ABNF } from '../generated/texts';
import type { TypedGrammar } from '../engine/grammar/typedTrees';
import { LABEL_RULES, LEXICAL_RULES, type ChildRule, type RuleName } from '../uri/rules';
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

/** RFC 3986's `ChildMap` (src/engine/tree.ts): its CHILD_RULES, as types. */
export type Rfc3986Children = { readonly [K in RuleName]: ChildRule<K> };

/** The RFC 3986 grammar (src/uri/rfc3986.ts), its trees typed by parent as `parseTree`'s (`UriNode`). */
export const rfc3986Grammar = rfc3986 as TypedGrammar<Rfc3986Children> & typeof rfc3986;
