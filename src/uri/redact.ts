/**
 * RFC 3986 3.2.1, User Information:
 *   "Use of the format "user:password" in the userinfo field is deprecated. Applications
 *   should not render as clear text any data after the first colon (":") character found
 *   within a userinfo subcomponent unless the data after the colon is the empty string
 *   (indicating no password)."
 */
import { schemeColonLength } from './scheme';
import { driver } from './rules';
import { GrammarSyntaxError, UriSyntaxError, expectString, foundAt } from './errors';
import { REDACTED, hideSpan, passwordSpan as anyPasswordSpan, passwordsRevealed, shownIndex, shownSuggestion as engineShownSuggestion } from '../engine/secrets';
import { customHeadline, givenOf } from '../engine/errors';

export { REDACTED, shownIndex, shownEnd } from '../engine/secrets';

/**
 * The text `uri` as it may be shown to a person: the data after the first ":" in its userinfo
 * replaced by `***`, everything else as written. Unchanged when there is no userinfo, no ":" in
 * it, or nothing after the ":" (3.2.1: the empty string indicates no password, and may be shown).
 *
 * The userinfo is the one of every reading a program or a person may make of the text
 * (src/engine/secrets.ts `passwordSpan`): RFC 3986's, a WHATWG client's (`https:user:pw@h`), a
 * hint's rewrite (`postgres:/u:pw@db`), and no scheme at all (`user:pw@host`); their passwords
 * are hidden under one `***`. For a URI reference that is RFC 3986's alone unless another
 * reading finds one. Never throws for a string, valid or not: text that is not a URI reference
 * is read loosely (a password may then hold " ", "/", "@", …), erring on the side of hiding.
 */
export function redact(uri: string): string {
  expectString(uri, 'uri', 'redact');
  const span = secretSpan(uri);
  return span ? hideSpan(uri, span) : uri;
}

/** What the text of an error is: a URI reference, an authority, or a userinfo. */
export type CredentialShape = 'uri' | 'authority' | 'userinfo';

/**
 * Where a password would be in text that may not be valid: [start, end) of what follows the
 * first ":" of what looks like a userinfo, or undefined. It errs on the side of hiding. In a
 * URI reference, every reading's (src/engine/secrets.ts `passwordSpan`, loosely); in an
 * authority, the userinfo begins at its start and runs to the LAST "@" of the text, so a
 * password holding characters a userinfo may not (" ", "/", "?", "#", "@") is still covered.
 * A userinfo is all userinfo.
 */
export function passwordSpan(text: string, shape: CredentialShape = 'uri'): [number, number] | undefined {
  if (shape === 'uri') return anyPasswordSpan(text, true);
  const start = 0;
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
  const given = givenOf(e).index; // `e` may show `text` with a password hidden already
  const [from, to] = passwordSpan(text, shape) ?? [0, 0];
  const shown = to > from ? text.slice(0, from) + REDACTED + text.slice(to) : text;
  const inside = given >= from && given < to;
  const index = given < from || to === from ? given : inside ? from : given - (to - from) + REDACTED.length;
  const where = inside ? 'inside the password (redacted)' : foundAt(shown, index);
  return new UriSyntaxError(shown, e.rule, index, e.expected, headline(where, index));
}

/**
 * Where the password is in `input`, [start, end), over every reading (src/engine/secrets.ts
 * `passwordSpan`): where a userinfo ends as in a URI when `input` is a URI reference with an
 * authority (for RFC 3986's reading, exactly the data after the userinfo's first ":");
 * otherwise loosely, erring on the side of hiding (to the last "@"). Undefined when there is none.
 */
export function secretSpan(input: string): [number, number] | undefined {
  if (!input.includes('@') && !input.includes('//')) return undefined; // see passwordSpan
  // A URI reference with an authority is read as it is; one without (`http:/u:p/w@h`, which a
  // hint or a client may rewrite into one) loosely, as text that is not a URI reference.
  const exact = driver.test(input, 'URI-reference') && /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/(?![/\\])/.test(input);
  return anyPasswordSpan(input, !exact);
}

/** A suggestion as it may be shown: the password of every reading of it hidden (see src/engine/secrets.ts). */
export function shownSuggestion(s: string | undefined, forms?: readonly string[]): string | undefined {
  return s === undefined ? undefined : engineShownSuggestion(s, forms);
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
 * A syntax error for `input` with nothing it carries holding the password: `input`, `message`,
 * `stack`, `hint`, `suggestion` and what `util.inspect` and `JSON.stringify` print show `***`,
 * and `index` and `hintIndex` point at the same characters there (at the first "*" for a place
 * inside the password). A syntax error is made so (src/engine/errors.ts); this remakes one made
 * under `revealPasswords: true` for output that must not show it. `e` itself when it shows no
 * password, or when passwords are revealed now.
 */
export function withoutPassword<E extends GrammarSyntaxError>(e: E, input: string = e.input): E {
  if (passwordsRevealed() || e.input !== input || !anyPasswordSpan(input, true)) return e;
  // The same class, made afresh (no stack or cause of `e`): its constructor hides the password.
  const Class = e.constructor as new (...a: ConstructorParameters<typeof GrammarSyntaxError>) => E;
  const out = new Class(input, e.rule, e.index, e.expected, customHeadline(e));
  if (e.hint === undefined || e.hintKind === undefined) return out;
  return out.withHint({ kind: e.hintKind, text: e.hint, index: e.hintIndex ?? e.index, suggestion: e.suggestion });
}
