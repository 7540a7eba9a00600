/**
 * RFC 3986 5.2.2 (strict) for a valid base `URI` and a valid `URI-reference`, on the text itself:
 * the components are found by the scans of Appendix B (./split.ts) and
 * the target is cut and joined from the two strings, without a component record. The common
 * case — a path reference against a base with an authority — is one `lastIndexOf` (5.2.3) and
 * one remove_dot_segments pass (5.2.4). ./resolve.ts's `transform` is the definition this
 * follows; test/uri/resolveValid.test.ts checks the two agree.
 */
import { removeDotSegments } from './removeDotSegments';
import { recomposablePath } from './recompose';
import { authorityEnd, pathEnd, schemeColon } from './split';

const SLASH = 0x2f;
const QUESTION = 0x3f;
const DOT = 0x2e;

/** The target URI of `reference` (a valid URI-reference) against `base` (a valid URI). */
export function resolveValid(base: string, reference: string): string {
  const refColon = schemeColon(reference);
  if (refColon >= 0) {
    // if defined(R.scheme): T = R with remove_dot_segments(R.path)
    const at = refColon + 1;
    const end = pathEnd(reference, at);
    const hasAuthority = reference.charCodeAt(at) === SLASH && reference.charCodeAt(at + 1) === SLASH;
    const from = hasAuthority ? authorityEnd(reference, at + 2, end) : at;
    return target(reference.slice(0, from), reference.slice(from, end), hasAuthority, reference, end);
  }

  // The base's scheme ":" (a URI has one), its authority and its path.
  const schemeEnd = base.indexOf(':');
  const basePathEnd = pathEnd(base, schemeEnd + 1);
  const baseHasAuthority = base.charCodeAt(schemeEnd + 1) === SLASH && base.charCodeAt(schemeEnd + 2) === SLASH;
  const basePathStart = baseHasAuthority ? authorityEnd(base, schemeEnd + 3, basePathEnd) : schemeEnd + 1;

  if (reference.charCodeAt(0) === SLASH && reference.charCodeAt(1) === SLASH) {
    // if defined(R.authority): T = B.scheme with R's authority, remove_dot_segments(R.path), R.query
    const end = pathEnd(reference, 2);
    const from = authorityEnd(reference, 2, end);
    return target(base.slice(0, schemeEnd + 1) + reference.slice(0, from), reference.slice(from, end), true, reference, end);
  }

  const end = pathEnd(reference, 0);
  if (end === 0) {
    // R.path == "": T.path = B.path; T.query = R.query if defined, else B.query; T.fragment = R.fragment.
    // B's text up to its fragment, less its query when R has one, then R (its "?query", "#fragment").
    const baseHash = base.indexOf('#', basePathEnd);
    const upTo = reference.charCodeAt(0) === QUESTION ? basePathEnd : baseHash < 0 ? base.length : baseHash;
    return base.slice(0, upTo) + reference;
  }
  const head = base.slice(0, basePathStart);
  if (reference.charCodeAt(0) === SLASH) return target(head, reference.slice(0, end), baseHasAuthority, reference, end);
  // 5.2.3 Merge Paths: "/" and the reference's path when the base has an authority and an empty
  // path; else the base path up to its right-most "/" (the directory) and the reference's path.
  const lastSlash = base.lastIndexOf('/', basePathEnd - 1);
  const emptyUnderAuthority = baseHasAuthority && basePathEnd === basePathStart;
  if (!emptyUnderAuthority && (lastSlash < basePathStart || hasDotSegment(base, basePathStart, lastSlash + 1))) {
    // No directory (the merged path is the reference's), or one with dot segments: 5.2.4 on the whole.
    const merged = lastSlash < basePathStart ? reference.slice(0, end) : base.slice(basePathStart, lastSlash + 1) + reference.slice(0, end);
    return target(head, merged, baseHasAuthority, reference, end);
  }
  const dirEnd = emptyUnderAuthority ? basePathStart : lastSlash;
  const path = joinedPath(base, basePathStart, dirEnd, reference, end);
  return head + recomposablePath(path, baseHasAuthority) + reference.slice(end);
}

/**
 * 5.2.4 on the merged path "D/P": D = base[from, dirEnd) and its "/" (a directory free of dot
 * segments), P = reference[0, end) (a relative path). D's segments are in the output buffer as
 * they are; then the input is "/" and P, read a segment at a time: "/." and "/.." go as rules B
 * and C say (a ".." with none of P's segments to remove removes D's last one), every other
 * segment is moved by rule E. No merged string is built: the result is cut from the two.
 */
function joinedPath(base: string, from: number, dirEnd: number, reference: string, end: number): string {
  let out = dirEnd; // the output buffer holds base[from, out), then the pieces
  const pieces: number[] = []; // [start, stop) spans of `reference`, each "/" + the span
  for (let at = 0; ;) {
    let stop = reference.indexOf('/', at);
    const last = stop < 0 || stop >= end;
    if (last) stop = end;
    const dot = stop - at === 1 && reference.charCodeAt(at) === DOT;
    const dots = stop - at === 2 && reference.charCodeAt(at) === DOT && reference.charCodeAt(at + 1) === DOT;
    if (dots) {
      // C: "remove the last segment and its preceding "/" (if any) from the output buffer".
      if (pieces.length) pieces.length -= 2;
      else if (out > from) out = Math.max(from, base.lastIndexOf('/', out - 1));
    } else if (!dot) pieces.push(at, stop); // E
    if (last) {
      // B or C on a final "/." or "/.." leave "/", which E then moves.
      if (dot || dots) pieces.push(stop, stop);
      break;
    }
    at = stop + 1;
  }
  let path = base.slice(from, out);
  for (let k = 0; k < pieces.length; k += 2) path += '/' + reference.slice(pieces[k], pieces[k + 1]);
  return path;
}

/** Does base[from, to) (a path, or its directory) have a complete "." or ".." segment? */
function hasDotSegment(s: string, from: number, to: number): boolean {
  for (let i = s.indexOf('.', from); i >= 0 && i < to; i = s.indexOf('.', i + 1)) {
    if (i !== from && s.charCodeAt(i - 1) !== SLASH) continue;
    const d = s.charCodeAt(i + 1);
    if (i + 1 >= to || d === SLASH || (d === DOT && (i + 2 >= to || s.charCodeAt(i + 2) === SLASH))) return true;
  }
  return false;
}

/**
 * 5.3: `head` (scheme ":" and any "//" authority), the path with its dot segments removed (and
 * "/." before it where 5.3 needs that: `recomposablePath`), and the reference's text from `rest`
 * on (its "?query" and "#fragment").
 */
function target(head: string, path: string, hasAuthority: boolean, reference: string, rest: number): string {
  return head + recomposablePath(removeDotSegments(path), hasAuthority) + reference.slice(rest);
}
