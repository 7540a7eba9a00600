/**
 * The RFC 2396 grammar notation, as a notation of the engine's grammar reader (./notation.ts):
 * `compileAbnf(text, { notation: 'rfc2396' })`.
 *
 * RFC 2396 section 1.6: "The grammar is that of [RFC822], except that "|" is used to
 * designate alternatives. Briefly, rules are separated from definitions by an equal "=",
 * indentation is used to continue a rule definition over more than one line, literals are
 * quoted with "", parentheses "(" and ")" are used to group elements, optional elements are
 * enclosed in "[" and "]" brackets, and elements may be preceded with <n>* to designate n or
 * more repetitions of the following element; n defaults to 0."
 *
 * Everything but the alternation bar and the rule names is what the ABNF reader already
 * reads (ABNF descends from RFC 822's BNF): `n*m`, `[ ]`, `( )`, quoted literals, `; comments`,
 * continuation lines. What differs:
 * - alternatives are separated by "|" (ABNF's "/" is refused, with a message that says so);
 * - rule names may contain "_" (`hier_part`, `uric_no_slash`) as well as "-" (`URI-reference`);
 * - quoted literals match exactly: Appendix A spells out both cases wherever case matters
 *   (`lowalpha`/`upalpha`, `hex`), so the same language results either way, and reading them
 *   exactly keeps `hex`'s "a" the alternative that matches "a".
 * RFC 822's `#` lists are refused by name; no RFC 2396 rule uses them. RFC 822's `<">` (the
 * double-quote character) is read as prose and refused; Appendix A does not use it.
 * ./notation.ts lists this notation by name (it imports only this object).
 */
import type { Expr } from '../expr';
import type { Notation, NotationReader } from './notationTypes';

export const RFC2396_NOTATION: Notation = Object.freeze({
  name: 'rfc2396',
  alternation: '|',
  isNameChar: (ch: string) => /^[A-Za-z0-9_-]$/.test(ch),
  caseSensitiveStrings: true,
  element(reader: NotationReader): Expr | undefined {
    const c = reader.peek();
    if (c === '/') return reader.fail('RFC 2396 notation separates alternatives with "|" ("/" is ABNF)');
    if (c === '#') return reader.fail('RFC 822 "#" lists are not part of RFC 2396 notation');
    return undefined;
  },
});
