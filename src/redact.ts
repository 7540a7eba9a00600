/**
 * RFC 3986 3.2.1, User Information:
 *   "Use of the format "user:password" in the userinfo field is deprecated. Applications
 *   should not render as clear text any data after the first colon (":") character found
 *   within a userinfo subcomponent unless the data after the colon is the empty string
 *   (indicating no password)."
 */
import { parse } from './components';
import { expectString } from './errors';

/**
 * What replaces the data after the first ":" of the userinfo. "*" is a sub-delim, so the
 * userinfo (`*( unreserved / pct-encoded / sub-delims / ":" )`) and the URI stay valid.
 */
export const REDACTED = '***';

/**
 * The URI reference `uri` as it may be shown to a person: the data after the first ":" in
 * its userinfo replaced by `***`, everything else as written. Unchanged when there is no
 * userinfo, no ":" in it, or nothing after the ":" (3.2.1: the empty string indicates no
 * password, and may be shown). `UriSyntaxError` when `uri` is not a URI-reference.
 */
export function redact(uri: string): string {
  expectString(uri, 'uri', 'redact');
  const c = parse(uri, 'URI-reference');
  if (c.userinfo === undefined) return uri;
  const colon = c.userinfo.indexOf(':');
  if (colon < 0 || colon === c.userinfo.length - 1) return uri;
  // The userinfo begins the authority, which follows `scheme ":" "//"` (or `"//"` alone in a
  // relative reference): hier-part / relative-part = "//" authority path-abempty.
  const start = (c.scheme === undefined ? 0 : c.scheme.length + 1) + 2;
  return uri.slice(0, start + colon + 1) + REDACTED + uri.slice(start + c.userinfo.length);
}
