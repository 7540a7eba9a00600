/**
 * Where the host and the query of a valid URI or IRI reference are, by RFC 3986 Appendix B:
 *
 *   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
 *
 * "the following line is the regular expression for breaking-down a well-formed URI
 * reference into its components". RFC 3987 2.2 keeps the delimiters of RFC 3986 and adds only
 * non-ASCII characters, so the same split holds for IRIs. Then, inside the authority,
 * `[ iuserinfo "@" ] ihost [ ":" port ]`: the userinfo has no "@", a reg-name no ":", and an
 * IP-literal ends at its "]". Only for input already known to be valid.
 */
export interface Sections {
  /** The host's offsets, or -1 when there is no authority. */
  hostStart: number;
  hostEnd: number;
  /** The query's offsets (after "?", up to "#"), or -1 when there is none. */
  queryStart: number;
  queryEnd: number;
}

export function sections(s: string): Sections {
  const n = s.length;
  let i = 0;
  // scheme ":" — the first ":" before any "/", "?" or "#", if not the first character.
  while (i < n && !'/?#:'.includes(s[i])) i++;
  let p = i < n && s[i] === ':' && i > 0 ? i + 1 : 0;
  let hostStart = -1;
  let hostEnd = -1;
  if (s.startsWith('//', p)) {
    const authStart = p + 2;
    let authEnd = authStart;
    while (authEnd < n && !'/?#'.includes(s[authEnd])) authEnd++;
    const at = s.indexOf('@', authStart);
    hostStart = at >= 0 && at < authEnd ? at + 1 : authStart;
    if (s[hostStart] === '[') {
      hostEnd = s.indexOf(']', hostStart) + 1;
    } else {
      const colon = s.indexOf(':', hostStart);
      hostEnd = colon >= 0 && colon < authEnd ? colon : authEnd;
    }
    p = authEnd;
  }
  let fragment = s.indexOf('#', p);
  if (fragment < 0) fragment = n;
  const q = s.indexOf('?', p);
  const hasQuery = q >= 0 && q < fragment;
  return { hostStart, hostEnd, queryStart: hasQuery ? q + 1 : -1, queryEnd: hasQuery ? fragment : -1 };
}
