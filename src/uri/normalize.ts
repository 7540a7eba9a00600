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
import { normalOf } from './normalOf';
import { normalizePercent } from './normalTriplets';

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
 * The normal form of `uri`: from one pass over its text (./normalOf.ts; the input itself when
 * it is normal already), or where 6.2.3 may change a port or an empty path, of its components.
 */
function normalForm(uri: string, byScheme: boolean, fn: string): string {
  if ((testUri ??= driver.tester('URI'))(uri)) return normalOf(uri, byScheme) ?? normalizeUri(splitComponents(uri), byScheme);
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
