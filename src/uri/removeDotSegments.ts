/**
 * RFC 3986 5.2.4, Remove Dot Segments.
 *
 * The RFC describes two string buffers; it also allows "two segment stacks rather than
 * strings". Here the input buffer is the path and a read offset `i` (dropping a prefix is
 * moving `i`, never slicing the front off a long string), and the output buffer is a stack
 * of the pieces rule E moved, each a segment with its preceding "/" (if any). "Remove the
 * last segment and its preceding '/'" is then one pop, and the work is linear in the path.
 * Every piece, and every "/" that B and C leave, is a span of the path itself, so the stack
 * holds offsets, and pieces that lie side by side in the path are cut out as one slice.
 */
import { expectString } from './errors';

const DOT = 0x2e;
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;
const SLASH = 0x2f;
/** Paths up to this length share one output buffer. */
const SHORT = 2048;
let shared: Int32Array | undefined;

/** The path with its "." and ".." complete segments interpreted and removed. */
export function removeDotSegments(path: string): string {
  expectString(path, 'path', 'removeDotSegments');
  // Steps A to D only ever act on a complete "." or ".." segment: without one, E moves every
  // segment as it is and the output is the input.
  return DOT_SEGMENT.test(path) ? removeDots(path) : path;
}

/** `removeDotSegments` of a path known to hold a dot segment (./normalOf.ts has looked). */
export function removeDots(path: string): string {
  const n = path.length;
  // The output buffer: piece k is path.slice(out[2k], out[2k + 1]), for 2k < top. Each piece
  // but the first begins with a "/", so there are at most (number of "/") + 1 of them: at most
  // n + 1. A short path uses one buffer kept for the purpose (nothing here calls out while it is
  // in use); a long one gets its own, sized by its "/".
  let out: Int32Array;
  if (n <= SHORT) out = (shared ??= new Int32Array(2 * SHORT + 2));
  else {
    let slashes = 0;
    for (let k = path.indexOf('/'); k >= 0; k = path.indexOf('/', k + 1)) slashes++;
    out = new Int32Array(2 * slashes + 2);
  }
  let top = 0;
  let i = 0;
  // 2. While the input buffer is not empty, loop as follows. (A and D can only apply when the
  //    buffer begins with ".", B and C when it begins with "/.": the first two characters pick
  //    which steps to try, in the RFC's order.)
  while (i < n) {
    const c0 = path.charCodeAt(i);
    const c1 = path.charCodeAt(i + 1); // NaN past the end
    if (c0 === DOT) {
      // A. If the input buffer begins with a prefix of "../" or "./", then remove that prefix.
      if (c1 === DOT && path.charCodeAt(i + 2) === SLASH) { i += 3; continue; }
      if (c1 === SLASH) { i += 2; continue; }
      // D. if the input buffer consists only of "." or "..", then remove that.
      if (i + 1 === n || (i + 2 === n && c1 === DOT)) break;
    } else if (c0 === SLASH && c1 === DOT) {
      const c2 = path.charCodeAt(i + 2);
      // B. if it begins with "/./" or "/." (a complete segment), replace that prefix with "/".
      if (c2 === SLASH) { i += 2; continue; } // what is left begins with the "/"
      if (i + 2 === n) { out[top++] = i; out[top++] = i + 1; break; } // the buffer is now "/", which E moves
      // C. if it begins with "/../" or "/.." (a complete segment), replace that prefix with "/"
      //    and remove the last segment and its preceding "/" (if any) from the output buffer.
      if (c2 === DOT) {
        const c3 = path.charCodeAt(i + 3);
        if (c3 === SLASH) { i += 3; top = Math.max(0, top - 2); continue; }
        if (i + 3 === n) { top = Math.max(0, top - 2); out[top++] = i; out[top++] = i + 1; break; }
      }
    }
    // E. move the first path segment, with its initial "/" (if any), up to but not including
    //    the next "/" or the end, to the end of the output buffer.
    let j = path.indexOf('/', c0 === DOT ? i : i + 1);
    if (j < 0) j = n;
    out[top++] = i;
    out[top++] = j;
    i = j;
  }
  // 3. The output buffer is the result.
  let result = '';
  for (let k = 0; k < top;) {
    let m = k + 2;
    while (m < top && out[m] === out[m - 1]) m += 2; // pieces adjacent in the path
    result += path.slice(out[k], out[m - 1]);
    k = m;
  }
  return result;
}
