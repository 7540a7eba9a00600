/**
 * Is a valid URI already in its normal form? Most URIs in real documents are: then
 * normalization (./normalize.ts) returns the input after one scan, instead of splitting it into
 * components and recomposing the same text. The general path stays the definition; the tests
 * check that both give the same answer (test/uri/alreadyNormal.test.ts).
 *
 * What 6.2.2 changes, and so what the scan looks for:
 * - 6.2.2.1: "the scheme and host are case-insensitive and therefore should be normalized to
 *   lowercase": an uppercase letter in the scheme or the host.
 * - 6.2.2.1: "the hexadecimal digits within a percent-encoding triplet ... should be normalized to
 *   use uppercase letters": a triplet with a lowercase hex digit.
 * - 6.2.2.2: "decode any percent-encoded octet that corresponds to an unreserved character": a
 *   triplet of ALPHA / DIGIT / "-" / "." / "_" / "~".
 * - 6.2.2.3: remove_dot_segments, which changes a path only where it has a complete "." or ".."
 *   segment (5.2.4).
 * And with 6.2.3 (`byScheme`): a port (empty, or perhaps the scheme's default), or for the schemes
 * it knows an empty path under an authority; such URIs take the general path.
 */
import { hexValue, isUnreserved } from './chars';

const COLON = 0x3a;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;
const PERCENT = 0x25;
const AT = 0x40;
const DOT = 0x2e;

/** Schemes whose default port or empty path 6.2.3 may change (normalize.ts: DEFAULT_PORTS, EMPTY_PATH_IS_ROOT). */
const BY_SCHEME = new Set(['http', 'https', 'ws', 'wss', 'ftp']);

const isUpper = (c: number): boolean => c >= 0x41 && c <= 0x5a;

/**
 * For `uri`, a valid `URI` (RFC 3986 Appendix A): true when normalizing it (6.2.2, and 6.2.3 with
 * `byScheme`) gives `uri` itself. False may also mean "not known without the general path".
 */
export function alreadyNormal(uri: string, byScheme: boolean): boolean {
  const n = uri.length;
  // scheme ":" — a URI has one; its letters must be lowercase.
  let i = 0;
  for (let c = uri.charCodeAt(0); c !== COLON; c = uri.charCodeAt(++i)) if (isUpper(c)) return false;
  const schemeEnd = i++;
  let pathStart = i;
  let hasPort = false;
  if (uri.charCodeAt(i) === SLASH && uri.charCodeAt(i + 1) === SLASH) {
    // authority = [ userinfo "@" ] host [ ":" port ], to the first "/", "?" or "#" (3.2). The
    // userinfo keeps its case; the host is what follows the "@" (userinfo holds none), and the
    // port is digits, so an uppercase letter after the "@" (or anywhere, without one) is in the host.
    let upperInHost = false;
    let colon = -1; // the last ":" outside brackets after the "@": the port's delimiter
    let inBrackets = false;
    let c = 0;
    for (i += 2; i < n && (c = uri.charCodeAt(i)) !== SLASH && c !== QUESTION && c !== HASH; i++) {
      if (c === AT) {
        upperInHost = false;
        colon = -1;
      } else if (c === PERCENT) {
        if (!normalTriplet(uri, i)) return false;
        i += 2; // its hex digits are not host text (6.2.2.1 uppercases them)
      } else if (isUpper(c)) upperInHost = true;
      else if (c === 0x5b) inBrackets = true;
      else if (c === 0x5d) inBrackets = false;
      else if (c === COLON && !inBrackets) colon = i;
    }
    if (upperInHost) return false;
    hasPort = colon >= 0;
    pathStart = i;
  }
  // The rest, most often: no "%" and no "/." at all, and a path that does not begin with ".":
  // then no triplet and no dot segment can change (two searches in V8's native code, where the
  // loops below cost about 2 ns a character). 6.2.3 needs the path's end: the loops then.
  if (!byScheme && (pathStart === n || uri.charCodeAt(pathStart) !== DOT) && uri.indexOf('%', pathStart) < 0 && uri.indexOf('/.', pathStart) < 0) return true;
  // path: no complete "." or ".." segment; a segment begins at the path's start and after each "/".
  let segment = pathStart;
  let c = 0;
  for (i = pathStart; i < n && (c = uri.charCodeAt(i)) !== QUESTION && c !== HASH; i++) {
    if (c === SLASH) segment = i + 1;
    else if (c === PERCENT) {
      if (!normalTriplet(uri, i)) return false;
      i += 2;
    } else if (c === DOT && i === segment) {
      const d = uri.charCodeAt(i + 1);
      const e = uri.charCodeAt(i + 2);
      if (endsSegment(d) || (d === DOT && endsSegment(e))) return false;
    }
  }
  // 6.2.3 (3.2.3): a port is omitted when empty (any scheme) or the scheme's default; an empty path
  // under an authority becomes "/" for the schemes that say so.
  if (byScheme && pathStart > schemeEnd + 1 && (hasPort || (i === pathStart && BY_SCHEME.has(uri.slice(0, schemeEnd))))) return false;
  // query and fragment: only their triplets can change.
  for (i = uri.indexOf('%', i); i >= 0; i = uri.indexOf('%', i + 3)) if (!normalTriplet(uri, i)) return false;
  return true;
}

/** After a "." of a segment: the segment ends there (end of the path: NaN, "/", "?" or "#"). */
const endsSegment = (c: number): boolean => c !== c || c === SLASH || c === QUESTION || c === HASH;

/**
 * The triplet at `at` ("%" HEXDIG HEXDIG, valid in a valid URI) stays as it is: uppercase hex
 * digits, and not an unreserved character's octet.
 */
function normalTriplet(uri: string, at: number): boolean {
  const h = uri.charCodeAt(at + 1);
  const l = uri.charCodeAt(at + 2);
  if (h >= 0x61 || l >= 0x61) return false; // a-f
  return !isUnreserved(hexValue(h) * 16 + hexValue(l));
}
