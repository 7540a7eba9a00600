/**
 * RFC 3986 Appendix A read as a PEG, written by hand: a test oracle, not the grammar the library
 * runs (that is grammar/rfc3986.abnf as printed, through src/generated/rfc3986Rules.ts, generated from it).
 *
 * Until the engine found the first-match choices by itself, this was the built-in grammar
 * module: where an ordered-choice (PEG) parser would commit too early, a `PEG:` line says what a
 * person rewrote and why the language is still exactly the ABNF's; the rewrites only add PEG
 * guards (`notFollowedBy`, `endOfInput`) or reorder alternatives. Compiled by ./pegParsimmon.ts,
 * it gives the tests an independent reading to hold the engine's trees and error offsets to.
 * The constructors below are this file's own (the engine's expressions have no guards).
 */
import type { RuleName } from '../../src/generated/rfc3986Rules';
import { caseFold, charSet, type CharSet } from '../../src/engine/expr';

export type { RuleName };

export type { CharSet };

export type PegExpr =
  | { readonly t: 'chars'; readonly set: CharSet; readonly label: string }
  | { readonly t: 'lit'; readonly text: string }
  | { readonly t: 'seq'; readonly items: readonly PegExpr[] }
  | { readonly t: 'alt'; readonly items: readonly PegExpr[] }
  | { readonly t: 'rep'; readonly item: PegExpr; readonly min: number; readonly max: number }
  | { readonly t: 'ref'; readonly name: string }
  /** A negative lookahead (`!item`), or the end of input when `item` is undefined. */
  | { readonly t: 'guard'; readonly not?: PegExpr };

export type PegRules<R extends string = string> = { readonly [K in R]: PegExpr };

// The character-set helpers are the library's (plain data, no reading of the grammar).
export { charSet, caseFold };

const chars = (spec: string, label: string): PegExpr => ({ t: 'chars', set: charSet(spec), label });
const lit = (text: string): PegExpr => ({ t: 'lit', text });
const seq = (...items: PegExpr[]): PegExpr => ({ t: 'seq', items });
const alt = (...items: PegExpr[]): PegExpr => ({ t: 'alt', items });
const rep = (item: PegExpr, min = 0, max = Infinity): PegExpr => ({ t: 'rep', item, min, max });
const opt = (item: PegExpr): PegExpr => rep(item, 0, 1);
const ref = (name: string): PegExpr => ({ t: 'ref', name });
const notFollowedBy = (item: PegExpr): PegExpr => ({ t: 'guard', not: item });
const endOfInput: PegExpr = { t: 'guard' };
const empty: PegExpr = { t: 'seq', items: [] };

// RFC 5234 B.1 core rules.
const ALPHA = chars('A-Za-z', 'ALPHA'); //  ALPHA = %x41-5A / %x61-7A
const DIGIT = chars('0-9', 'DIGIT'); //     DIGIT = %x30-39
const HEXDIG = chars('0-9A-Fa-f', 'HEXDIG'); // HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F" (case-insensitive)

const h16Colon = seq(ref('h16'), lit(':'));
/**
 * `n( h16 ":" )` before a "::" in IPv6address.
 * PEG: each repetition is followed by `!":"`, so that a greedy run does not eat the `h16 ":"`
 * whose colon begins the "::" (in `1:2::3` the `2:` must stay for `h16 "::"`). An `h16 ":"`
 * followed by ":" can never be one of these repetitions in the ABNF either (a repetition is
 * always followed by h16), so the language is unchanged.
 */
const h16ColonBeforeGap = (max: number): PegExpr => rep(seq(h16Colon, notFollowedBy(lit(':'))), 0, max);
/** `[ *n( h16 ":" ) h16 ] "::"` */
const gap = (max: number): PegExpr =>
  max < 0 ? lit('::') : seq(opt(seq(h16ColonBeforeGap(max), ref('h16'))), lit('::'));

export const rfc3986PegRules: PegRules<RuleName> = {
  // URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
  'URI': seq(ref('scheme'), lit(':'), ref('hier-part'), opt(seq(lit('?'), ref('query'))), opt(seq(lit('#'), ref('fragment')))),

  // hier-part     = "//" authority path-abempty
  //               / path-absolute
  //               / path-rootless
  //               / path-empty
  // PEG: safe in ABNF order: path-absolute never starts with "//", and each path alternative
  // is greedy up to "?", "#" or the end, which is all that may follow it.
  'hier-part': alt(seq(lit('//'), ref('authority'), ref('path-abempty')), ref('path-absolute'), ref('path-rootless'), ref('path-empty')),

  // URI-reference = URI / relative-ref
  // PEG: safe because a relative-ref never starts with scheme ":" (its first segment has no ":").
  'URI-reference': alt(ref('URI'), ref('relative-ref')),

  // absolute-URI  = scheme ":" hier-part [ "?" query ]
  'absolute-URI': seq(ref('scheme'), lit(':'), ref('hier-part'), opt(seq(lit('?'), ref('query')))),

  // relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
  'relative-ref': seq(ref('relative-part'), opt(seq(lit('?'), ref('query'))), opt(seq(lit('#'), ref('fragment')))),

  // relative-part = "//" authority path-abempty
  //               / path-absolute
  //               / path-noscheme
  //               / path-empty
  // PEG: safe in ABNF order, as for hier-part.
  'relative-part': alt(seq(lit('//'), ref('authority'), ref('path-abempty')), ref('path-absolute'), ref('path-noscheme'), ref('path-empty')),

  // scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  'scheme': seq(ALPHA, rep(alt(ALPHA, DIGIT, lit('+'), lit('-'), lit('.')))),

  // authority     = [ userinfo "@" ] host [ ":" port ]
  // PEG: safe: userinfo cannot contain "@", so when `userinfo "@"` fails the host is tried
  // from the start of the authority.
  'authority': seq(opt(seq(ref('userinfo'), lit('@'))), ref('host'), opt(seq(lit(':'), ref('port')))),

  // userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
  'userinfo': rep(alt(ref('unreserved'), ref('pct-encoded'), ref('sub-delims'), lit(':'))),

  // host          = IP-literal / IPv4address / reg-name
  // PEG: IPv4address wins only when nothing that could continue a reg-name follows it
  // (unreserved, sub-delims, or the "%" that begins pct-encoded), so `1.2.3.4.5`, `1.2.3.45x`,
  // `1.2.3.256` and `1.2.3.4%41` fall through to reg-name (first match wins on the whole host
  // text, RFC 3986 3.2.2). The "%" is tested alone so that after `1.2.3.4%` the reg-name is still
  // explored and an error points past the "%". IPv4address is a subset of reg-name, and a host is
  // never followed by "%": the language is the same.
  'host': alt(
    ref('IP-literal'),
    seq(ref('IPv4address'), notFollowedBy(alt(ref('unreserved'), ref('sub-delims'), lit('%')))),
    ref('reg-name'),
  ),

  // port          = *DIGIT
  'port': rep(DIGIT),

  // IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"
  'IP-literal': seq(lit('['), alt(ref('IPv6address'), ref('IPvFuture')), lit(']')),

  // IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
  'IPvFuture': seq(lit('v'), rep(HEXDIG, 1), lit('.'), rep(alt(ref('unreserved'), ref('sub-delims'), lit(':')), 1)),

  // IPv6address   =                            6( h16 ":" ) ls32
  //               /                       "::" 5( h16 ":" ) ls32
  //               / [               h16 ] "::" 4( h16 ":" ) ls32
  //               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
  //               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
  //               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
  //               / [ *4( h16 ":" ) h16 ] "::"              ls32
  //               / [ *5( h16 ":" ) h16 ] "::"              h16
  //               / [ *6( h16 ":" ) h16 ] "::"
  // PEG: the `*n( h16 ":" )` before "::" carry `!":"` (see h16ColonBeforeGap); the counts are
  // capped per alternative as in the ABNF. In ABNF order a shorter tail can only win when the
  // longer tails before it have failed, so the first alternative that matches takes the
  // whole address.
  'IPv6address': alt(
    seq(rep(h16Colon, 6, 6), ref('ls32')),
    seq(gap(-1), rep(h16Colon, 5, 5), ref('ls32')),
    seq(opt(ref('h16')), lit('::'), rep(h16Colon, 4, 4), ref('ls32')),
    seq(gap(1), rep(h16Colon, 3, 3), ref('ls32')),
    seq(gap(2), rep(h16Colon, 2, 2), ref('ls32')),
    seq(gap(3), h16Colon, ref('ls32')),
    seq(gap(4), ref('ls32')),
    seq(gap(5), ref('h16')),
    gap(6),
  ),

  // h16           = 1*4HEXDIG
  'h16': rep(HEXDIG, 1, 4),

  // ls32          = ( h16 ":" h16 ) / IPv4address
  'ls32': alt(seq(ref('h16'), lit(':'), ref('h16')), ref('IPv4address')),

  // IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet
  'IPv4address': seq(ref('dec-octet'), lit('.'), ref('dec-octet'), lit('.'), ref('dec-octet'), lit('.'), ref('dec-octet')),

  // dec-octet     = DIGIT                 ; 0-9
  //               / %x31-39 DIGIT         ; 10-99
  //               / "1" 2DIGIT            ; 100-199
  //               / "2" %x30-34 DIGIT     ; 200-249
  //               / "25" %x30-35          ; 250-255
  // PEG: alternatives in reverse order, longest first; the ABNF order commits to one DIGIT
  // and fails on `192.168.0.255`. Reordering a choice does not change its language.
  'dec-octet': alt(
    seq(lit('25'), chars('0-5', '%x30-35')),
    seq(lit('2'), chars('0-4', '%x30-34'), DIGIT),
    seq(lit('1'), DIGIT, DIGIT),
    seq(chars('1-9', '%x31-39'), DIGIT),
    DIGIT,
  ),

  // reg-name      = *( unreserved / pct-encoded / sub-delims )
  'reg-name': rep(alt(ref('unreserved'), ref('pct-encoded'), ref('sub-delims'))),

  // path          = path-abempty    ; begins with "/" or is empty
  //               / path-absolute   ; begins with "/" but not "//"
  //               / path-noscheme   ; begins with a non-colon segment
  //               / path-rootless   ; begins with a segment
  //               / path-empty      ; zero characters
  // PEG: every alternative may stop short of the end (path-abempty matches the empty prefix of
  // anything), so each is tried to the end of input: `path` is only ever used on a whole string.
  'path': alt(
    seq(ref('path-abempty'), endOfInput),
    seq(ref('path-absolute'), endOfInput),
    seq(ref('path-noscheme'), endOfInput),
    seq(ref('path-rootless'), endOfInput),
    ref('path-empty'),
  ),

  // path-abempty  = *( "/" segment )
  'path-abempty': rep(seq(lit('/'), ref('segment'))),

  // path-absolute = "/" [ segment-nz *( "/" segment ) ]
  'path-absolute': seq(lit('/'), opt(seq(ref('segment-nz'), rep(seq(lit('/'), ref('segment')))))),

  // path-noscheme = segment-nz-nc *( "/" segment )
  'path-noscheme': seq(ref('segment-nz-nc'), rep(seq(lit('/'), ref('segment')))),

  // path-rootless = segment-nz *( "/" segment )
  'path-rootless': seq(ref('segment-nz'), rep(seq(lit('/'), ref('segment')))),

  // path-empty    = 0<pchar>
  'path-empty': empty,

  // segment       = *pchar
  'segment': rep(ref('pchar')),

  // segment-nz    = 1*pchar
  'segment-nz': rep(ref('pchar'), 1),

  // segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
  //               ; non-zero-length segment without any colon ":"
  'segment-nz-nc': rep(alt(ref('unreserved'), ref('pct-encoded'), ref('sub-delims'), lit('@')), 1),

  // pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
  'pchar': alt(ref('unreserved'), ref('pct-encoded'), ref('sub-delims'), lit(':'), lit('@')),

  // query         = *( pchar / "/" / "?" )
  'query': rep(alt(ref('pchar'), lit('/'), lit('?'))),

  // fragment      = *( pchar / "/" / "?" )
  'fragment': rep(alt(ref('pchar'), lit('/'), lit('?'))),

  // pct-encoded   = "%" HEXDIG HEXDIG
  'pct-encoded': seq(lit('%'), HEXDIG, HEXDIG),

  // unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
  'unreserved': alt(ALPHA, DIGIT, lit('-'), lit('.'), lit('_'), lit('~')),

  // reserved      = gen-delims / sub-delims
  'reserved': alt(ref('gen-delims'), ref('sub-delims')),

  // gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
  'gen-delims': alt(lit(':'), lit('/'), lit('?'), lit('#'), lit('['), lit(']'), lit('@')),

  // sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
  //               / "*" / "+" / "," / ";" / "="
  'sub-delims': alt(lit('!'), lit('$'), lit('&'), lit("'"), lit('('), lit(')'), lit('*'), lit('+'), lit(','), lit(';'), lit('=')),
};
