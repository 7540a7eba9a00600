/**
 * RFC 3986 5.2.4, Remove Dot Segments.
 *
 * The RFC describes two string buffers; it also allows "two segment stacks rather than
 * strings". Here the input buffer is the path and a read offset `i` (dropping a prefix is
 * moving `i`, never slicing the front off a long string), and the output buffer is a stack
 * of the pieces rule E moved, each a segment with its preceding "/" (if any). "Remove the
 * last segment and its preceding '/'" is then one pop, and the work is linear in the path.
 */
import { expectString } from './errors';

/** The path with its "." and ".." complete segments interpreted and removed. */
export function removeDotSegments(path: string): string {
  expectString(path, 'path', 'removeDotSegments');
  const n = path.length;
  const out: string[] = [];
  let i = 0;
  // 2. While the input buffer is not empty, loop as follows:
  while (i < n) {
    // A. If the input buffer begins with a prefix of "../" or "./", then remove that prefix.
    if (path.startsWith('../', i)) { i += 3; continue; }
    if (path.startsWith('./', i)) { i += 2; continue; }
    // B. if it begins with "/./" or "/." (a complete segment), replace that prefix with "/".
    if (path.startsWith('/./', i)) { i += 2; continue; } // what is left begins with the "/"
    if (i + 2 === n && path.startsWith('/.', i)) { out.push('/'); break; } // input is now "/": E moves it
    // C. if it begins with "/../" or "/.." (a complete segment), replace that prefix with "/"
    //    and remove the last segment and its preceding "/" (if any) from the output buffer.
    if (path.startsWith('/../', i)) { i += 3; out.pop(); continue; }
    if (i + 3 === n && path.startsWith('/..', i)) { out.pop(); out.push('/'); break; }
    // D. if the input buffer consists only of "." or "..", then remove that.
    if ((i + 1 === n && path[i] === '.') || (i + 2 === n && path.startsWith('..', i))) break;
    // E. move the first path segment, with its initial "/" (if any), up to but not including
    //    the next "/" or the end, to the end of the output buffer.
    let j = path.indexOf('/', path[i] === '/' ? i + 1 : i);
    if (j < 0) j = n;
    out.push(path.slice(i, j));
    i = j;
  }
  // 3. The output buffer is the result.
  return out.join('');
}
