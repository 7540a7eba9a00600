/**
 * The normal form of a valid URI in one pass over its text. Most URIs in real documents are
 * normal already: then the pass returns the input itself, where normalization (./normalize.ts)
 * would split it into components and recompose the same text. One that is not is copied up to
 * the first thing 6.2.2 changes, and only the components that change are rewritten. The general
 * path (split, normalize each component, recompose) stays the definition; the tests check that
 * both give the same answer (test/uri/normalOf.test.ts).
 *
 * What 6.2.2 changes, and so what the pass looks for:
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
import { normalizePercent } from './normalTriplets';
import { removeDotSegments, removeDots } from './removeDotSegments';
import { recomposablePath } from './recompose';

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
 * For `uri`, a valid `URI` (RFC 3986 Appendix A): its normal form (6.2.2, and 6.2.3 with
 * `byScheme`), `uri` itself when it is normal already; undefined when 6.2.3 may change a port
 * or an empty path (the general path decides those).
 */
export function normalOf(uri: string, byScheme: boolean): string | undefined {
  const n = uri.length;
  // The text so far: uri.slice(0, done) as written while `out` is undefined (nothing changed
  // yet), else `out` followed by uri.slice(done, …) as written.
  let out: string | undefined;
  let done = 0;
  // scheme ":" — a URI has one; its letters must be lowercase.
  let i = 0;
  let upper = false;
  for (let c = uri.charCodeAt(0); c !== COLON; c = uri.charCodeAt(++i)) if (isUpper(c)) upper = true;
  const schemeEnd = i++;
  if (upper) {
    out = uri.slice(0, schemeEnd).toLowerCase();
    done = schemeEnd;
  }
  let pathStart = i;
  const hasAuthority = uri.charCodeAt(i) === SLASH && uri.charCodeAt(i + 1) === SLASH;
  if (hasAuthority) {
    // authority = [ userinfo "@" ] host [ ":" port ], to the first "/", "?" or "#" (3.2). The
    // userinfo keeps its case; the host is what follows the "@" (userinfo holds none), and the
    // port is digits, so an uppercase letter after the "@" (or anywhere, without one) is in the host.
    const start = i + 2;
    let upperInHost = false;
    let percent = false; // a triplet anywhere in the authority
    let triplets = true; // every triplet so far in its normal form
    let at = -1;
    let colon = -1; // the last ":" outside brackets after the "@": the port's delimiter
    let inBrackets = false;
    let c = 0;
    for (i = start; i < n && (c = uri.charCodeAt(i)) !== SLASH && c !== QUESTION && c !== HASH; i++) {
      if (c === AT) {
        at = i;
        upperInHost = false;
        colon = -1;
      } else if (c === PERCENT) {
        percent = true;
        if (!normalTriplet(uri, i)) triplets = false;
        i += 2; // its hex digits are not host text (6.2.2.1 uppercases them)
      } else if (isUpper(c)) upperInHost = true;
      else if (c === 0x5b) inBrackets = true;
      else if (c === 0x5d) inBrackets = false;
      else if (c === COLON && !inBrackets) colon = i;
    }
    if (byScheme && colon >= 0) return undefined;
    if (upperInHost && at < 0 && !percent) {
      // The common case, no userinfo and no triplet: scheme, "//" and host lowercased at once
      // (a valid URI is ASCII, where toLowerCase changes A-Z alone; the scheme's own pass above
      // is then redone, which costs less than the slices and joins it saves).
      done = colon >= 0 ? colon : i;
      out = uri.slice(0, done).toLowerCase();
    } else if (upperInHost || !triplets) {
      const hostStart = at + 1 || start;
      const hostEnd = colon >= 0 ? colon : i;
      const userinfo = at >= 0 ? normalizePercent(uri.slice(start, at), false) + '@' : '';
      out = (out ?? '') + uri.slice(done, start) + userinfo + normalizePercent(uri.slice(hostStart, hostEnd), true);
      done = hostEnd;
    }
    pathStart = i;
    // 6.2.3 (3.2.3): an empty path under an authority becomes "/" for the schemes that say so.
    const p = uri.charCodeAt(pathStart);
    if (byScheme && (p !== p || p === QUESTION || p === HASH) && BY_SCHEME.has(uri.slice(0, schemeEnd).toLowerCase())) return undefined;
  }
  // The rest, most often: no "%" and no "/." at all, and a path that does not begin with ".":
  // then no triplet and no dot segment can change (two searches in V8's native code, where a
  // loop over the characters cost about 2 ns each).
  const firstPercent = uri.indexOf('%', pathStart);
  const firstDot = uri.indexOf('/.', pathStart);
  if ((pathStart === n || uri.charCodeAt(pathStart) !== DOT) && firstPercent < 0 && firstDot < 0) {
    return out === undefined ? uri : out + uri.slice(done);
  }
  // The path, to the first "?" or "#": its triplets, and its complete "." and ".." segments (a
  // segment begins at the path's start and after each "/"), found by searches as above.
  const q = uri.indexOf('?', pathStart);
  const h = uri.indexOf('#', pathStart);
  const pathEnd = q >= 0 && (h < 0 || q < h) ? q : h >= 0 ? h : n;
  let dots = uri.charCodeAt(pathStart) === DOT && pathStart < pathEnd && dotSegmentAt(uri, pathStart);
  for (i = firstDot; !dots && i >= 0 && i < pathEnd; i = uri.indexOf('/.', i + 1)) dots = dotSegmentAt(uri, i + 1);
  let changes = dots;
  for (i = firstPercent; !changes && i >= 0 && i < pathEnd; i = uri.indexOf('%', i + 3)) changes = !normalTriplet(uri, i);
  if (changes) {
    // 6.2.2.3 after decoding (2.3: "%2E" and "." are equivalent); without an authority, "/."
    // before a path that now begins with "//" (recompose.ts).
    // Without a dot segment as written or an encoded "." (the one triplet that can make one),
    // the path keeps its segments: remove_dot_segments would only flatten the rewritten text.
    let path = normalizePercent(uri.slice(pathStart, pathEnd), false);
    // A dot segment as written, and nothing decoded (same length): it is still there.
    if (dots && path.length === pathEnd - pathStart) path = recomposablePath(removeDots(path), hasAuthority);
    else if (dots || hasEncodedDot(uri, pathStart, pathEnd)) path = recomposablePath(removeDotSegments(path), hasAuthority);
    out = (out ?? '') + uri.slice(done, pathStart) + path;
    done = pathEnd;
  }
  // query and fragment: only their triplets can change ("?" and "#" are no triplet's).
  for (i = firstPercent < pathEnd ? uri.indexOf('%', pathEnd) : firstPercent; i >= 0; i = uri.indexOf('%', i + 3)) {
    if (!normalTriplet(uri, i)) {
      out = (out ?? '') + uri.slice(done, pathEnd) + normalizePercent(uri.slice(pathEnd), false);
      return out;
    }
  }
  return out === undefined ? uri : out + uri.slice(done);
}

/** After a "." of a segment: the segment ends there (end of the path: NaN, "/", "?" or "#"). */
const endsSegment = (c: number): boolean => c !== c || c === SLASH || c === QUESTION || c === HASH;

/** Does uri.slice(from, to) hold "%2E" or "%2e"? */
function hasEncodedDot(uri: string, from: number, to: number): boolean {
  for (let i = uri.indexOf('%2', from); i >= 0 && i < to; i = uri.indexOf('%2', i + 3)) if ((uri.charCodeAt(i + 2) | 0x20) === 0x65) return true;
  return false;
}

/** Is the segment that begins at `at` (with a ".") a complete "." or ".."? */
function dotSegmentAt(uri: string, at: number): boolean {
  const d = uri.charCodeAt(at + 1);
  return endsSegment(d) || (d === DOT && endsSegment(uri.charCodeAt(at + 2)));
}

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
