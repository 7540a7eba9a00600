/**
 * RFC 3986 3.2.1, User Information:
 *   "Use of the format "user:password" in the userinfo field is deprecated. Applications
 *   should not render as clear text any data after the first colon (":") character found
 *   within a userinfo subcomponent unless the data after the colon is the empty string
 *   (indicating no password)."
 */
import { parse } from './components';
import { UriSyntaxError, expectString, foundAt } from './errors';

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
  let c;
  try {
    c = parse(uri, 'URI-reference');
  } catch (e) {
    throw e instanceof UriSyntaxError ? redactedError(uri, e) : e;
  }
  if (c.userinfo === undefined) return uri;
  const colon = c.userinfo.indexOf(':');
  if (colon < 0 || colon === c.userinfo.length - 1) return uri;
  // The userinfo begins the authority, which follows `scheme ":" "//"` (or `"//"` alone in a
  // relative reference): hier-part / relative-part = "//" authority path-abempty.
  const start = (c.scheme === undefined ? 0 : c.scheme.length + 1) + 2;
  return uri.slice(0, start + colon + 1) + REDACTED + uri.slice(start + c.userinfo.length);
}

/**
 * Where a password would be in text that may not be a URI reference: [start, end) of what
 * follows the first ":" of what looks like a userinfo, or undefined. It errs on the side of
 * hiding: the authority is taken to begin after the scheme's ":" (if the text begins with
 * something shaped like a scheme) and its "//" (if any), and the userinfo to run to the LAST "@" of the text, so a
 * password holding characters a userinfo may not (" ", "/", "?", "#", "@") is still covered.
 */
export function passwordSpan(text: string): [number, number] | undefined {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(text);
  const afterScheme = scheme ? scheme[0].length : 0;
  const start = text.startsWith('//', afterScheme) ? afterScheme + 2 : afterScheme;
  const at = text.lastIndexOf('@');
  if (at < start) return undefined;
  const colon = text.indexOf(':', start);
  if (colon < 0 || colon >= at || colon + 1 === at) return undefined; // no ":", or nothing after it
  return [colon + 1, at];
}

/**
 * `e`, raised for `text`, remade for the redacted text: its `input` is the text with the
 * password replaced by `***`, its `index` the offset of the same character there (or of the
 * first "*" when the error lies inside the password), its message and stack made from those.
 * Nothing of the original error is kept (no `cause`), so nothing carries the password.
 */
export function redactedError(text: string, e: UriSyntaxError): UriSyntaxError {
  const span = passwordSpan(text);
  if (!span) return e;
  const [from, to] = span;
  const shown = text.slice(0, from) + REDACTED + text.slice(to);
  const inside = e.index >= from && e.index < to;
  const index = e.index < from ? e.index : inside ? from : e.index - (to - from) + REDACTED.length;
  const where = inside ? 'inside the password (redacted)' : foundAt(shown, index);
  return new UriSyntaxError(shown, e.rule, index, e.expected, `not a valid ${e.rule}: at offset ${index}, ${where}`);
}
