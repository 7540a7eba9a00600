/**
 * Percent-encoding (RFC 3986 2.1) of text for one component, and decoding back to text.
 *
 * RFC 3986 2.5: "when a new URI scheme defines a component that represents textual data
 * consisting of characters from the Universal Character Set [UCS], the data should first be
 * encoded as octets according to the UTF-8 character encoding [STD63]; then only those octets
 * that do not correspond to characters in the unreserved set should be percent-encoded."
 * Here a character is left as it is when the component's ABNF allows it, so that the result
 * always parses as that component; `%` itself is always encoded (2.4: "the percent ("%")
 * character serves as the indicator for percent-encoded octets, it must be percent-encoded
 * as "%25" for that octet to be used as data").
 */
import { UriSyntaxError, expectString } from './errors';
import { readOptions } from '../engine/options';
import { hexValue } from './chars';

/** The components `percentEncode` knows, by their ABNF rule names. */
export type EncodeComponent = 'userinfo' | 'reg-name' | 'segment' | 'query' | 'fragment';

export const ENCODE_COMPONENTS: readonly EncodeComponent[] = ['userinfo', 'reg-name', 'segment', 'query', 'fragment'];

export interface DecodeOptions {
  /** Keep a triplet that is not valid UTF-8 (or a stray `%`) as written instead of throwing. */
  lenient?: boolean;
}

// unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
// sub-delims    = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
const SUB_DELIMS = "!$&'()*+,;=";

/** The characters each component's ABNF allows as themselves (everything else is pct-encoded). */
const ALLOWED: Record<EncodeComponent, string> = {
  // userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
  'userinfo': UNRESERVED + SUB_DELIMS + ':',
  // reg-name      = *( unreserved / pct-encoded / sub-delims )
  'reg-name': UNRESERVED + SUB_DELIMS,
  // segment       = *pchar
  // pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
  'segment': UNRESERVED + SUB_DELIMS + ':@',
  // query         = *( pchar / "/" / "?" )
  'query': UNRESERVED + SUB_DELIMS + ':@/?',
  // fragment      = *( pchar / "/" / "?" )
  'fragment': UNRESERVED + SUB_DELIMS + ':@/?',
};

const HEX = '0123456789ABCDEF';
/** `%XX` with uppercase hex (6.2.2.1: "should use uppercase hexadecimal digits"); for messages. */
const triplet = (b: number): string => `%${HEX[b >> 4]}${HEX[b & 15]}`;

/**
 * `text` as UTF-8, percent-encoded so that the result matches `component`'s rule.
 * A lone surrogate has no UTF-8 form (RFC 3629 3: "the definition of UTF-8 prohibits
 * encoding character numbers between U+D800 and U+DFFF"): it is a `UriSyntaxError`.
 * Two linear passes: the exact length of the result, then its octets into one buffer of that
 * length (no pieces to join; the result is ASCII, one byte a character).
 */
export function percentEncode(text: string, component: EncodeComponent): string {
  expectString(text, 'text', 'percentEncode');
  if (!(ENCODE_COMPONENTS as readonly unknown[]).includes(component)) {
    throw new TypeError(`percentEncode: argument "component" must be one of ${ENCODE_COMPONENTS.join(', ')}, got ${typeof component === 'string' ? JSON.stringify(component) : typeof component}`);
  }
  const allowed = (ALLOWED_CODES[component] ??= allowedCodes(component));
  // Pass 1: the exact length of the result (and the lone surrogates, before any work).
  let length = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) length += allowed[c] ? 1 : 3;
    else if (c < 0x800) length += 6;
    else if (c < 0xd800 || c > 0xdfff) length += 9;
    else {
      const next = text.charCodeAt(i + 1); // NaN at the end
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) {
        throw new UriSyntaxError(text, component, i, [],
          `percentEncode: lone surrogate U+${c.toString(16).toUpperCase()} at offset ${i} has no UTF-8 encoding`);
      }
      length += 12;
      i++;
    }
  }
  if (length === n) return text; // nothing to encode
  // Pass 2: the octets of the result, ASCII only, into one buffer of that length.
  const out = new Uint8Array(length);
  let o = 0;
  const octet = (b: number): void => {
    out[o] = 0x25;
    out[o + 1] = HEX_CODES[b >> 4];
    out[o + 2] = HEX_CODES[b & 15];
    o += 3;
  };
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (allowed[c]) out[o++] = c;
      else octet(c);
    } else if (c < 0x800) {
      octet(0xc0 | (c >> 6));
      octet(0x80 | (c & 0x3f));
    } else if (c < 0xd800 || c > 0xdfff) {
      octet(0xe0 | (c >> 12));
      octet(0x80 | ((c >> 6) & 0x3f));
      octet(0x80 | (c & 0x3f));
    } else {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
      octet(0xf0 | (cp >> 18));
      octet(0x80 | ((cp >> 12) & 0x3f));
      octet(0x80 | ((cp >> 6) & 0x3f));
      octet(0x80 | (cp & 0x3f));
    }
  }
  return (ascii ??= new TextDecoder('utf-8')).decode(out);
}

// The tables are made on first use, not when the package loads (a process that never encodes
// should not pay for them at start-up).
/** Per component, for each ASCII code: 1 if the character stays as it is. */
const ALLOWED_CODES: Partial<Record<EncodeComponent, Uint8Array>> = {};
function allowedCodes(component: EncodeComponent): Uint8Array {
  const t = new Uint8Array(128);
  for (const ch of ALLOWED[component]) t[ch.charCodeAt(0)] = 1;
  return t;
}
const HEX_CODES = Uint8Array.from(HEX, (ch) => ch.charCodeAt(0));
/** Bytes below 0x80 to a string: ASCII is UTF-8, and V8's UTF-8 decoder has an ASCII fast path (3x latin1's here). */
let ascii: InstanceType<typeof TextDecoder> | undefined;

/** The octet of the triplet at `i` (`%` HEXDIG HEXDIG), or -1 if there is none. */
function octetAt(text: string, i: number): number {
  if (text.charCodeAt(i) !== 0x25) return -1;
  const hi = hexValue(text.charCodeAt(i + 1));
  const lo = hexValue(text.charCodeAt(i + 2));
  return hi < 0 || lo < 0 ? -1 : (hi << 4) | lo;
}

/**
 * The text `text` stands for: each run of triplets is read as UTF-8 (RFC 3986 2.5), other
 * characters are kept. A `%` not followed by two HEXDIG, or octets that are not well-formed
 * UTF-8 (RFC 3629 4: stray continuation octets, truncated sequences, overlong forms,
 * surrogates, values above U+10FFFF) are a `UriSyntaxError` at the offending offset, or,
 * with `{ lenient: true }`, kept as written.
 */
export function percentDecode(text: string, options: DecodeOptions = {}): string {
  expectString(text, 'text', 'percentDecode');
  const lenient = readOptions('percentDecode', options, { lenient: 'boolean' }).lenient === true;
  const parts: string[] = [];
  let run = 0; // start of the current run of characters copied as written
  let i = text.indexOf('%');
  while (i >= 0) {
    const b0 = octetAt(text, i);
    if (b0 < 0) {
      if (!lenient) throw badTriplet(text, i);
      i = text.indexOf('%', i + 1);
      continue;
    }
    const cp = b0 < 0x80 ? b0 : utf8Sequence(text, i, b0);
    if (cp < 0) {
      if (!lenient) throw badUtf8(text, i, -cp - 1);
      i = text.indexOf('%', i + 3); // keep this octet encoded; the next one starts afresh
      continue;
    }
    if (run < i) parts.push(text.slice(run, i));
    parts.push(String.fromCodePoint(cp));
    const width = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    run = i + 3 * width;
    i = text.indexOf('%', run);
  }
  if (run === 0) return text;
  if (run < text.length) parts.push(text.slice(run));
  return parts.join('');
}

/**
 * The scalar value of the UTF-8 sequence whose lead octet `b0` is the triplet at `i`, or
 * `-(k + 1)` when octet `k` of the sequence is missing or not allowed there.
 * RFC 3629 4:
 *   UTF8-2 = %xC2-DF UTF8-tail
 *   UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) / %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
 *   UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) / %xF4 %x80-8F 2( UTF8-tail )
 *   UTF8-tail = %x80-BF
 * The narrowed second-octet ranges are what exclude overlong forms, surrogates and values
 * above U+10FFFF.
 */
function utf8Sequence(text: string, i: number, b0: number): number {
  let length: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) length = 2;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    length = 3;
    if (b0 === 0xe0) lo = 0xa0;
    if (b0 === 0xed) hi = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    length = 4;
    if (b0 === 0xf0) lo = 0x90;
    if (b0 === 0xf4) hi = 0x8f;
  } else return -1; // a continuation octet, C0/C1 (overlong) or F5-FF: never a lead octet
  let cp = b0 & (0xff >> (length + 1));
  for (let k = 1; k < length; k++) {
    const b = octetAt(text, i + 3 * k);
    if (b < lo || b > hi) return -(k + 1);
    cp = (cp << 6) | (b & 0x3f);
    lo = 0x80;
    hi = 0xbf;
  }
  return cp;
}

function badTriplet(text: string, i: number): UriSyntaxError {
  // The first character that is not part of `"%" HEXDIG HEXDIG`.
  const at = hexValue(text.charCodeAt(i + 1)) < 0 ? i + 1 : i + 2;
  return new UriSyntaxError(text, 'pct-encoded', at, ['HEXDIG'],
    `percentDecode: "%" at offset ${i} is not followed by two hex digits`);
}

function badUtf8(text: string, i: number, k: number): UriSyntaxError {
  const at = i + 3 * k;
  const why = k === 0 ? `octet ${triplet(octetAt(text, i))} cannot begin a UTF-8 sequence`
    : octetAt(text, at) < 0 ? `the UTF-8 sequence starting at offset ${i} is cut short`
      : `octet ${triplet(octetAt(text, at))} is not allowed here in the UTF-8 sequence starting at offset ${i}`;
  return new UriSyntaxError(text, 'pct-encoded', at, [], `percentDecode: invalid UTF-8 at offset ${at}: ${why}`);
}
