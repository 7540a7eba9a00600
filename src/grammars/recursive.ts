/**
 * The recursive grammars shipped as files (grammar/json.abnf, grammar/rfc5322-addr-spec.abnf,
 * grammar/abnf.abnf), each compiled from its text on first use and run by the engine's recursive
 * machinery (src/engine/recursive/): `grammarByName('json')`, `'rfc5322'`, `'abnf'`.
 */
import { ABNF_ABNF, JSON_ABNF, RFC5322_ADDR_SPEC_ABNF } from '../../grammar/texts';
import { compileAbnf } from '../engine/abnf';
import type { Grammar } from '../engine/grammar';
import { lazyGrammar } from '../engine/lazyGrammar';
import type { RuleGrammar } from '../engine/ruleGrammar';

/** A grammar compiled once, when first asked. */
function once(name: string, text: string): () => RuleGrammar {
  let g: RuleGrammar | undefined;
  return () => (g ??= compileAbnf(text, { name }));
}

/** RFC 8259 (JSON) sections 2-7; entry `JSON-text`. */
export const json: Grammar = lazyGrammar('json', once('json', JSON_ABNF));
/** RFC 5322 sections 3.2, 3.4, 4.1, 4.2, 4.4 (addresses, with nested comments); entry `addr-spec`. */
export const rfc5322: Grammar = lazyGrammar('rfc5322', once('rfc5322', RFC5322_ADDR_SPEC_ABNF));
/** RFC 5234 section 4 (ABNF itself, errata 2968/3076, RFC 7405); entry `rulelist`; CRLF line ends. */
export const abnf: Grammar = lazyGrammar('abnf', once('abnf', ABNF_ABNF));
