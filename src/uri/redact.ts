/**
 * RFC 3986 3.2.1, User Information:
 *   "Use of the format "user:password" in the userinfo field is deprecated. Applications
 *   should not render as clear text any data after the first colon (":") character found
 *   within a userinfo subcomponent unless the data after the colon is the empty string
 *   (indicating no password)."
 */
import { schemeColonLength } from './scheme';
import { parse } from './components';
import { GrammarSyntaxError, UriSyntaxError, expectString, foundAt } from './errors';
import { attachHint } from './hints';

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

/**
 * Where the password is in `input`, [start, end): exactly (the data after the userinfo's first
 * ":") when `input` is a URI reference; otherwise as `passwordSpan` finds it, erring on the side
 * of hiding (from after `scheme://` to the last "@" is userinfo). Undefined when there is none.
 */
export function secretSpan(input: string): [number, number] | undefined {
  let c;
  try {
    c = parse(input, 'URI-reference');
  } catch {
    return passwordSpan(input);
  }
  if (c.userinfo === undefined) return undefined;
  const colon = c.userinfo.indexOf(':');
  if (colon < 0 || colon === c.userinfo.length - 1) return undefined;
  const start = (c.scheme === undefined ? 0 : c.scheme.length + 1) + 2;
  return [start + colon + 1, start + c.userinfo.length];
}

/** An offset of `input` as an offset of its redacted text: the first "*" for one inside the password. */
export function shownIndex(i: number, [from, to]: readonly [number, number]): number {
  return i < from ? i : i < to ? from : i - (to - from) + REDACTED.length;
}

/** An end offset (exclusive) of `input` in its redacted text: a span that ends in the password ends after `***`. */
export function shownEnd(i: number, [from, to]: readonly [number, number]): number {
  return i <= from ? i : i <= to ? from + REDACTED.length : i - (to - from) + REDACTED.length;
}

/** A suggestion as it may be shown: a valid URI reference redacted exactly, anything else conservatively. */
export function shownSuggestion(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  try {
    return redact(s);
  } catch {
    return hidePassword(s);
  }
}

/**
 * What an error at `index` of `input` (as `rule`) shows with the password at `span` hidden: the
 * input with `***` for it, the offset of the same character there (the first "*" for one inside
 * the password), and the headline that names them.
 */
export function hiddenError(input: string, rule: string, index: number, span: readonly [number, number]): { shown: string; index: number; headline: string } {
  const [from, to] = span;
  const shown = input.slice(0, from) + REDACTED + input.slice(to);
  const at = shownIndex(index, span);
  const where = index >= from && index < to ? 'inside the password (redacted)' : foundAt(shown, at);
  return { shown, index: at, headline: `not a valid ${rule}: at offset ${at}, ${where}` };
}

/**
 * A syntax error for `input` (`e.input === input`) remade so that nothing it carries holds the
 * password: `input`, `message`, `stack`, `hint`, `suggestion` and what `util.inspect` and
 * `JSON.stringify` print show `***`, and `index` and `hintIndex` point at the same characters
 * there (at the first "*" for a place inside the password). `e` itself when there is no password.
 */
export function withoutPassword<E extends GrammarSyntaxError>(e: E, input: string = e.input): E {
  const span = secretSpan(input);
  if (!span) return e;
  const { shown, index, headline } = hiddenError(input, e.rule, e.index, span);
  // The same class (UriSyntaxError, or another grammar's), made afresh: no stack or cause of `e`.
  const Class = e.constructor as new (...a: ConstructorParameters<typeof GrammarSyntaxError>) => E;
  const out = new Class(shown, e.rule, index, e.expected, headline);
  const h = e as E & Pick<UriSyntaxError, 'hint' | 'hintKind' | 'hintIndex' | 'suggestion'>;
  if (h.hint === undefined || h.hintKind === undefined) return out;
  return attachHint(out, {
    kind: h.hintKind, text: h.hint, index: shownIndex(h.hintIndex ?? e.index, span), suggestion: shownSuggestion(h.suggestion),
  });
}
