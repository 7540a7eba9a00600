/**
 * RFC 3986 3.2.1, User Information:
 *   "Use of the format "user:password" in the userinfo field is deprecated. Applications
 *   should not render as clear text any data after the first colon (":") character found
 *   within a userinfo subcomponent unless the data after the colon is the empty string
 *   (indicating no password)."
 */
import { schemeColonLength } from './scheme';
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
    throw e instanceof UriSyntaxError && passwordSpan(uri) ? redactedError(uri, e) : e;
  }
  if (c.userinfo === undefined) return uri;
  const colon = c.userinfo.indexOf(':');
  if (colon < 0 || colon === c.userinfo.length - 1) return uri;
  // The userinfo begins the authority, which follows `scheme ":" "//"` (or `"//"` alone in a
  // relative reference): hier-part / relative-part = "//" authority path-abempty.
  const start = (c.scheme === undefined ? 0 : c.scheme.length + 1) + 2;
  return uri.slice(0, start + colon + 1) + REDACTED + uri.slice(start + c.userinfo.length);
}

/** What the text of an error is: a URI reference, an authority, or a userinfo. */
export type CredentialShape = 'uri' | 'authority' | 'userinfo';

/**
 * Where a password would be in text that may not be valid: [start, end) of what follows the
 * first ":" of what looks like a userinfo, or undefined. It errs on the side of hiding. In a
 * URI reference the authority is taken to begin after the scheme's ":" (if the text begins
 * with something shaped like a scheme) and its "//" (if any); in an authority, at its start.
 * The userinfo then runs to the LAST "@" of the text, so a password holding characters a
 * userinfo may not (" ", "/", "?", "#", "@") is still covered. A userinfo is all userinfo.
 */
export function passwordSpan(text: string, shape: CredentialShape = 'uri'): [number, number] | undefined {
  let start = 0;
  if (shape === 'uri') {
    const afterScheme = schemeColonLength(text);
    start = text.startsWith('//', afterScheme) ? afterScheme + 2 : afterScheme;
  }
  const at = shape === 'userinfo' ? text.length : text.lastIndexOf('@');
  if (at < start) return undefined;
  const colon = text.indexOf(':', start);
  if (colon < 0 || colon >= at || colon + 1 === at) return undefined; // no ":", or nothing after it
  return [colon + 1, at];
}

/** `text` with its password (as `passwordSpan` finds it) replaced by `***`. */
export function hidePassword(text: string, shape: CredentialShape = 'uri'): string {
  const span = passwordSpan(text, shape);
  return span ? text.slice(0, span[0]) + REDACTED + text.slice(span[1]) : text;
}

/**
 * `e`, raised for `text`, remade for the redacted text: its `input` is the text with the
 * password replaced by `***`, its `index` the offset of the same character there (or of the
 * first "*" when the error lies inside the password), its message and stack made from those.
 * Nothing of the original error is kept (no `cause`), so nothing carries the password.
 * `headline(where, index)` words the first line (`where` is `found "x"` or says the error is
 * inside the password); by default `not a valid <rule>: at offset <index>, <where>`.
 */
export function redactedError(
  text: string, e: UriSyntaxError, shape: CredentialShape = 'uri',
  headline: (where: string, index: number) => string = (where, index) => `not a valid ${e.rule}: at offset ${index}, ${where}`,
): UriSyntaxError {
  const [from, to] = passwordSpan(text, shape) ?? [0, 0];
  const shown = to > from ? text.slice(0, from) + REDACTED + text.slice(to) : text;
  const inside = e.index >= from && e.index < to;
  const index = e.index < from || to === from ? e.index : inside ? from : e.index - (to - from) + REDACTED.length;
  const where = inside ? 'inside the password (redacted)' : foundAt(shown, index);
  return new UriSyntaxError(shown, e.rule, index, e.expected, headline(where, index));
}
