/**
 * RFC 3986 6.2.2 Syntax-Based Normalization and 6.2.3 Scheme-Based Normalization, and
 * equivalence by comparing normalized text (6.2.1: "the ladder is ... from simple string
 * comparison ... to scheme-based and protocol-based normalization").
 */
import { parse, splitComponents, type UriComponents } from './components';
import { authorityText, recomposablePath, recomposeTrusted } from './recompose';
import { removeDotSegments } from './removeDotSegments';
import { UriSyntaxError, expectString } from './errors';
import { readOptions } from '../engine/options';
import { hidePassword, redactedError } from './redact';
import { driver } from './rules';
import { alreadyNormal } from './alreadyNormal';
import { hexValue, isUnreserved } from './chars';

export interface NormalizeOptions {
  /** Also apply scheme-based normalization (6.2.3) for the schemes in `DEFAULT_PORTS`. Default `false`. */
  scheme?: boolean;
}

/**
 * 6.2.3: "the default port for the "http" scheme is "80"". The ports of the schemes
 * scheme-based normalization knows (http, https: RFC 9110 4.2; ws, wss: RFC 6455 3;
 * ftp: RFC 1738 3.2).
 */
export const DEFAULT_PORTS: Readonly<Record<string, string>> = Object.freeze(
  // A null prototype: `DEFAULT_PORTS[scheme]` never reads Object.prototype ("constructor",
  // or a key someone set there).
  Object.assign(Object.create(null) as Record<string, string>, { http: '80', https: '443', ws: '80', wss: '443', ftp: '21' }),
);

/**
 * 6.2.3: "http://example.com" and "http://example.com/" are equivalent; "Normalization
 * should not remove delimiters ... unless licensed to do so by the scheme specification."
 * The schemes whose specification says an empty path under an authority means "/".
 */
const EMPTY_PATH_IS_ROOT: ReadonlySet<string> = new Set(['http', 'https', 'ws', 'wss']);

/**
 * The normal form of the URI `uri`: syntax-based normalization (6.2.2), and with
 * `{ scheme: true }` scheme-based normalization (6.2.3) as well. `UriSyntaxError` for a
 * string that is not a `URI`, including a relative reference (5.2.1: resolve it first).
 */
export function normalize(uri: string, options?: NormalizeOptions): string {
  expectString(uri, 'uri', 'normalize');
  const byScheme = options !== undefined && readOptions('normalize', options, { scheme: 'boolean' }).scheme === true;
  return normalForm(uri, byScheme, 'normalize');
}

/** Do `a` and `b` have the same syntax- and scheme-based normal form (6.2.2, 6.2.3)? */
export function equivalent(a: string, b: string): boolean {
  expectString(a, 'a', 'equivalent');
  expectString(b, 'b', 'equivalent');
  return normalForm(a, true, 'equivalent') === normalForm(b, true, 'equivalent');
}

/**
 * The normal form of `uri`: the input itself when one scan shows it is normal already
 * (./alreadyNormal.ts), else the normal form of its components, split with no second verdict.
 */
function normalForm(uri: string, byScheme: boolean, fn: string): string {
  if ((testUri ??= driver.tester('URI'))(uri)) return alreadyNormal(uri, byScheme) ? uri : normalizeUri(splitComponents(uri), byScheme);
  return normalizeUri(parseUri(uri, fn), byScheme);
}

/** The URI rule's verdict, looked up once (driver.test looks it up on each call). */
let testUri: ((input: string) => boolean) | undefined;

/**
 * The components of a `URI`. 6.2.2 is written for URIs; a relative reference has no
 * scheme to lowercase and its leading ".." are not dot segments yet (5.2.1: "the base URI
 * ... must be established ... prior to parsing URI references"), so it is refused with a
 * message that says so.
 */
function parseUri(uri: string, fn: string): UriComponents {
  try {
    return parse(uri, 'URI');
  } catch (e) {
    if (!(e instanceof UriSyntaxError)) throw e;
    // The password, if any, is hidden in everything the error carries (see ./redact.ts).
    if (!driver.test(uri, 'relative-ref')) throw redactedError(uri, e);
    const hidden = hidePassword(uri);
    const shown = JSON.stringify(hidden.length > 60 ? hidden.slice(0, 60) + '…' : hidden);
    throw redactedError(uri, e, 'uri',
      () => `${fn}: ${shown} is a relative reference, not a URI; resolve it against a base URI first (RFC 3986 5.2)`);
  }
}

/** 6.2.2 (and 6.2.3 with `byScheme`) on the components of a valid URI, or of an IRI (RFC 3987 5.3: the same steps; non-ASCII text is left as it is). */
export function normalizeUri(c: UriComponents, byScheme: boolean): string {
  // 6.2.2.1: "the scheme and host are case-insensitive and therefore should be normalized
  // to lowercase."
  const scheme = c.scheme!.toLowerCase();
  const host = c.host === undefined ? undefined : normalizePercent(c.host, true);
  // 6.2.2.1, 6.2.2.2: in every other component only the percent-encodings change.
  const userinfo = c.userinfo === undefined ? undefined : normalizePercent(c.userinfo, false);
  const query = c.query === undefined ? undefined : normalizePercent(c.query, false);
  const fragment = c.fragment === undefined ? undefined : normalizePercent(c.fragment, false);
  // 6.2.2.3: "URI normalizers should remove dot-segments by applying the remove_dot_segments
  // algorithm to the path". Decoding comes first, so "%2E%2E" is a ".." segment (2.3:
  // "%2E" and "." are equivalent).
  // Without an authority, "/." before a path that now begins with "//" (recomposablePath).
  let path = recomposablePath(removeDotSegments(normalizePercent(c.path, false)), c.host !== undefined);

  let port = c.port;
  if (byScheme) {
    // 3.2.3: "URI producers and normalizers should omit the port component and its ":"
    // delimiter if port is empty or if its value would be the same as that of the scheme's
    // default." The value of a port is a decimal number, so ":080" is the default for http.
    if (port !== undefined && (port === '' || decimalValue(port) === DEFAULT_PORTS[scheme])) port = undefined;
    // 6.2.3: "an empty path component should be normalized to a path of "/"".
    if (path === '' && host !== undefined && EMPTY_PATH_IS_ROOT.has(scheme)) path = '/';
  }
  // Every step keeps each component valid for its rule (the tests check the result is a URI),
  // so the 5.3 pseudocode applies as it is.
  const authority = host === undefined ? undefined : authorityText(userinfo, host, port);
  return recomposeTrusted(scheme, authority, path, query, fragment);
}

/** The digits without leading zeros ("0" for all zeros): the port's value, of any length. */
function decimalValue(digits: string): string {
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === 0x30) i++;
  return digits.slice(i);
}

/**
 * 6.2.2.1: "For all URIs, the hexadecimal digits within a percent-encoding triplet (e.g.,
 * "%3a" versus "%3A") are case-insensitive and therefore should be normalized to use
 * uppercase letters for the digits A-F."
 * 6.2.2.2: "URI normalizers should ... decode any percent-encoded octet that corresponds to
 * an unreserved character". Every other triplet stays (2.2: "%2F" is not "/").
 * With `lowercase`, the text outside the remaining triplets (a decoded unreserved character
 * included) is lowercased, as for the host (6.2.2.1: "the scheme and host are
 * case-insensitive"; the hex inside a triplet is not host text).
 */
function normalizePercent(text: string, lowercase: boolean): string {
  const i = text.indexOf('%');
  if (i < 0) return lowercase ? lowerAscii(text) : text;
  return text.length <= SHORT_TEXT ? normalizeShort(text, i, lowercase) : normalizeLong(text, lowercase);
}

/**
 * Up to this many characters a component is normalized by slices (`normalizeShort`), past it
 * into a code-unit buffer (`normalizeLong`). A TextDecoder's `decode` costs about 1 µs a call
 * whatever the length, six times `new URL(s).href` on a short URI; slices cost a few ns each,
 * but each is a string V8 keeps until the result is flattened (about 32 bytes a piece, where
 * the buffer takes one or two bytes a character).
 */
const SHORT_TEXT = 256;

/**
 * `normalizePercent` of a short component whose first "%" is at `i`. The components are valid,
 * so every "%" begins a triplet: the text between triplets is copied as it is (lowercased for
 * the host), and each triplet replaced by its unreserved character or by itself, hex uppercase.
 */
function normalizeShort(text: string, i: number, lowercase: boolean): string {
  let out = '';
  let from = 0;
  do {
    if (i > from) out += lowercase ? lowerAscii(text.slice(from, i)) : text.slice(from, i);
    const hi = text.charCodeAt(i + 1);
    const lo = text.charCodeAt(i + 2);
    const octet = hexValue(hi) * 16 + hexValue(lo);
    out += isUnreserved(octet)
      ? String.fromCharCode(lowercase && octet >= 0x41 && octet <= 0x5a ? octet + 0x20 : octet)
      : String.fromCharCode(0x25, upperHex(hi), upperHex(lo));
    from = i + 3;
    i = text.indexOf('%', from);
  } while (i >= 0);
  if (from < text.length) out += lowercase ? lowerAscii(text.slice(from)) : text.slice(from);
  return out;
}

/**
 * `normalizePercent` of a long component: the result is written code unit by code unit (never
 * longer than the text), in one linear pass. A URI is ASCII (bytes); an IRI's other characters
 * are copied as UTF-16 code units.
 */
function normalizeLong(text: string, lowercase: boolean): string {
  const ascii = !NON_ASCII.test(text);
  const out = ascii ? new Uint8Array(text.length) : new Uint16Array(text.length);
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c === 0x25) {
      const octet = hexValue(text.charCodeAt(i + 1)) * 16 + hexValue(text.charCodeAt(i + 2));
      if (isUnreserved(octet)) {
        c = octet; // decoded, and then host text like any other
      } else {
        out[o++] = 0x25;
        out[o++] = upperHex(text.charCodeAt(i + 1));
        out[o++] = upperHex(text.charCodeAt(i + 2));
        i += 2;
        continue;
      }
      i += 2;
    }
    out[o++] = lowercase && c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
  }
  return ascii ? (latin1 ??= new TextDecoder('latin1')).decode(out.subarray(0, o)) : (utf16 ??= new TextDecoder('utf-16le')).decode(out.subarray(0, o));
}

/** Only A-Z: 6.2.2.1 lowercases ASCII letters; an IRI's other characters are left as written (no case folding, no NFC). */
function lowerAscii(text: string): string {
  return NON_ASCII.test(text) ? text.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : text.toLowerCase();
}

const NON_ASCII = /[^\x00-\x7f]/;
// Made on first use, not at require.
let latin1: InstanceType<typeof TextDecoder> | undefined;
let utf16: InstanceType<typeof TextDecoder> | undefined;
const upperHex = (c: number): number => (c >= 0x61 ? c - 0x20 : c);
