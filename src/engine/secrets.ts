/**
 * Where a password is in text that people type as a URL, in every reading a program may make of
 * it, and error texts that do not show it.
 *
 * RFC 3986 3.2.1: "Applications should not render as clear text any data after the first colon
 * (":") character found within a userinfo subcomponent unless the data after the colon is the
 * empty string (indicating no password)." A program that acts on the text may read the userinfo
 * elsewhere than RFC 3986 does: a WHATWG client reads `https:user:pw@h` and `https:\\user:pw@h`
 * as `https://user:pw@h`, a hint rewrites `postgres:/u:pw@db` and `postgres//u:pw@db` into
 * `postgres://u:pw@db`, and a person means `user:pw@host` (no scheme) as credentials. The
 * password of each of these readings is hidden.
 *
 * Nothing here knows the URI grammar: an error of any grammar (RFC 3986, RFC 3987, a grammar
 * compiled from ABNF) is shown with the same rule.
 */

/**
 * What replaces a password. "*" is a sub-delim, so a userinfo (`*( unreserved / pct-encoded /
 * sub-delims / ":" )`) and the URI stay valid.
 */
export const REDACTED = '***';

/**
 * Schemes in which `x@y` after the ":" is an address, not credentials (RFC 6068 mailto, RFC
 * 3261 sip, RFC 5122 xmpp, RFC 3860 im, RFC 3859 pres, RFC 7565 acct): `mailto:joe@example.com`
 * is not user "mailto" with password "joe". Their text after the ":" is still read as a userinfo.
 */
const ADDRESS_SCHEMES = new Set(['mailto', 'sip', 'sips', 'xmpp', 'im', 'pres', 'acct']);

const SCHEME_RUN = /[A-Za-z][A-Za-z0-9+.-]*/y;
/** The end of an authority for a WHATWG client of a special scheme: "/", "\", "?", "#". */
const AUTHORITY_END = /[/\\?#]/g;
const isSlash = (c: string | undefined): boolean => c === '/' || c === '\\';
/** C0 controls and space: a WHATWG client strips them at both ends. */
const isC0OrSpace = (c: number): boolean => c <= 0x20;

/**
 * [start, end) of the password in `text`, taken over every reading that finds one: the union of
 * their spans, so that one `***` hides them all; undefined when no reading finds a password.
 *
 * The readings: the authority begins (1) at the start (no scheme: `user:pw@host`), (2) after a
 * scheme's ":" and any "/" or "\" (`https://`, `https:/`, `https:`, `https:\\`), (3) after a
 * scheme-shaped run and "/" or "\" with the ":" left out (`postgres//`), (4) after leading "/"
 * or "\" (`//`). A WHATWG client removes tabs and line breaks anywhere and C0 controls and spaces
 * at the start first, and so does each reading. The userinfo is then what comes before an "@":
 *  - `loose` false (text that is a URI): the last "@" before the authority ends at "/", "\", "?"
 *    or "#", which in a URI reference is exactly RFC 3986's userinfo.
 *  - `loose` true (text that is not a URI, such as the input of an error): the last "@" of the
 *    text, so a password holding what a userinfo may not (" ", "/", "?", "#", "@") is still
 *    covered. It errs on the side of hiding.
 * The password is the data after the first ":" of the userinfo, when there is any.
 */
export function passwordSpan(text: string, loose: boolean): [number, number] | undefined {
  // Every userinfo ends in "@"; without one, only a loose reading finds a password (`hostLeftOut`).
  if (!text.includes('@')) return loose ? hostLeftOut(text) : undefined;
  // The text as a WHATWG client reads it (tabs and line breaks removed), and where each of its
  // characters stands in `text`.
  let s = text;
  let at: number[] | undefined;
  if (/[\t\n\r]/.test(text)) {
    s = '';
    at = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '\t' || c === '\n' || c === '\r') continue;
      s += c;
      at.push(i);
    }
  }
  let lead = 0;
  while (lead < s.length && isC0OrSpace(s.charCodeAt(lead))) lead++;
  const slashesFrom = (i: number): number => {
    while (isSlash(s[i])) i++;
    return i;
  };
  const starts: Array<{ from: number; schemeless?: boolean }> = [{ from: lead, schemeless: true }];
  SCHEME_RUN.lastIndex = lead;
  const run = SCHEME_RUN.exec(s) ? SCHEME_RUN.lastIndex : lead;
  if (run > lead && s[run] === ':') starts.push({ from: slashesFrom(run + 1) });
  if (run > lead && isSlash(s[run])) starts.push({ from: slashesFrom(run) });
  if (isSlash(s[lead])) starts.push({ from: slashesFrom(lead) });
  const schemeless = run > lead && s[run] === ':' && ADDRESS_SCHEMES.has(s.slice(lead, run).toLowerCase());

  let from = -1;
  let to = -1;
  for (const start of starts) {
    if (start.schemeless && schemeless) continue;
    const a = start.from;
    let end = s.lastIndexOf('@');
    if (!loose || start.schemeless) {
      // The userinfo ends before the authority does (a scheme-less text has no "//" to say
      // where an authority begins: its user name and password run to "/" and the like).
      AUTHORITY_END.lastIndex = a;
      const m = AUTHORITY_END.exec(s);
      if (m && !(loose && start.schemeless)) end = s.lastIndexOf('@', m.index - 1);
      else if (m && loose) {
        // Loosely, a scheme-less password may hold "/" and the like, but the user name may not.
        const colon = s.indexOf(':', a);
        if (colon < 0 || colon > m.index || isSlash(s[colon + 1])) end = s.lastIndexOf('@', m.index - 1);
      }
    }
    if (end < a) continue;
    const colon = s.indexOf(':', a);
    if (colon < 0 || colon >= end || colon + 1 === end) continue; // no ":", or nothing after it
    if (from < 0 || colon + 1 < from) from = colon + 1;
    if (end > to) to = end;
  }
  if (from < 0) return undefined;
  return at ? [at[from], at[to - 1] + 1] : [from, to];
}

/**
 * `postgres://admin:hunter2`: an authority with no "@" whose "port" is a word, not digits (RFC
 * 3986 3.2.3: port = *DIGIT), after a user name without a dot (not a host name). It is not a
 * URI; a person reads a user name and password with the "@" and host left out, so the word is
 * hidden. `https://example.com:port/` (a host name) and `http://h:80a/` (a port with a typo)
 * are left as they are.
 */
function hostLeftOut(text: string): [number, number] | undefined {
  if (!text.includes('//')) return undefined;
  const m = /^[\x00-\x20]*(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/([^/\\?#:.]+):([^/\\?#:0-9][^/\\?#:]*)(?=[/\\?#]|$)/.exec(text);
  if (!m) return undefined;
  const end = m.index + m[0].length;
  return [end - m[2].length, end];
}

/**
 * `text` with each character of [from, to) shown as "*": what an error shows, so that every
 * offset it gives (`index`, `hintIndex`, the caret) is the same in the text shown and the text
 * as given. It shows how long the hidden run is, which `***` (`hideSpan`) does not.
 */
export function maskSpan(text: string, [from, to]: readonly [number, number]): string {
  return text.slice(0, from) + '*'.repeat(to - from) + text.slice(to);
}

/** `text` with [from, to) shown as `***`. */
export function hideSpan(text: string, [from, to]: readonly [number, number]): string {
  return text.slice(0, from) + REDACTED + text.slice(to);
}

/** An offset of `input` as an offset of its redacted text: the first "*" for one inside the password. */
export function shownIndex(i: number, [from, to]: readonly [number, number]): number {
  return i < from ? i : i < to ? from : i - (to - from) + REDACTED.length;
}

/** An end offset (exclusive) of `input` in its redacted text: a span that ends in the password ends after `***`. */
export function shownEnd(i: number, [from, to]: readonly [number, number]): number {
  return i <= from ? i : i <= to ? from + REDACTED.length : i - (to - from) + REDACTED.length;
}

/**
 * The password at `span` of `input` as text may carry it: as written, percent-decoded (as a
 * message that decodes would show it) and percent-encoded (as a hint's suggestion writes a
 * space, `%20`). Each is replaced by `***` where it is found in text made from the input
 * (`scrub`). Forms shorter than 4 characters are left to the spans: replacing every "a" of a
 * message would make it unreadable.
 */
export function secretForms(input: string, span: readonly [number, number]): string[] {
  const raw = input.slice(span[0], span[1]);
  const forms = new Set([raw]);
  try {
    forms.add(decodeURIComponent(raw));
  } catch {
    // Not UTF-8 when decoded: the written form alone.
  }
  forms.add(raw.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:%]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return ch;
    }
  }));
  return [...forms].filter((f) => f.length >= 4 && f !== REDACTED);
}

/** `text` with every form of the password (`secretForms`) replaced by `***`: for text made of the input alone (a suggestion). */
export function scrub(text: string, forms: readonly string[]): string {
  for (const f of forms) if (text.includes(f)) text = text.split(f).join(REDACTED);
  return text;
}

/**
 * `text` (a message's words) with every form of the password replaced by `***` inside its
 * quotes, where a message quotes a piece of the input (`component "authority" "u:pw@h"`); the
 * words around them stay as written (a password "pass" leaves "password" alone).
 */
export function scrubQuoted(text: string, forms: readonly string[]): string {
  if (forms.length === 0 || !text.includes('"')) return text;
  const quoted = forms.flatMap((f) => [f, JSON.stringify(f).slice(1, -1)]);
  return text.replace(/"(?:[^"\\]|\\.)*"/g, (q) => scrub(q, quoted));
}

/**
 * The first line of an error made for `input`, shown for its redacted text `shown`: an `at offset
 * N, found …` in it names the redacted text's offset `index` and character (or says the error is
 * inside the password), and the password is scrubbed from the rest (a headline that quotes a
 * component).
 */
export function shownHeadline(headline: string, rawIndex: number, index: number, inside: boolean, forms: readonly string[]): string {
  const at = `at offset ${rawIndex}, `;
  const k = headline.indexOf(at);
  let out = headline;
  if (k >= 0) {
    const rest = headline.slice(k + at.length);
    // Inside the password, what the text said of the character (`found "x"`, `found U+00A0 (…)`)
    // goes to the end of its line: it names a character of the password.
    const lineEnd = rest.indexOf('\n');
    const shownRest = inside ? `inside the password (redacted)${lineEnd < 0 ? '' : rest.slice(lineEnd)}` : rest;
    out = `${headline.slice(0, k)}at offset ${index}, ${shownRest}`;
  }
  return scrubQuoted(out, forms);
}

/**
 * A suggestion (a text checked valid) as it may be shown: the password of every reading of it
 * hidden (`postgres://admin:pw@db`, which a hint made of `postgres:/admin:pw@db`, is read as
 * the URI it now is), and every form of the input's password (`forms`) scrubbed.
 */
export function shownSuggestion(s: string, forms: readonly string[] = []): string {
  // Checked valid: read as it is when it has an authority, loosely when not (src/uri/redact.ts `secretSpan`).
  const span = passwordSpan(s, !/^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/(?![/\\])/.test(s));
  return scrub(span ? hideSpan(s, span) : s, forms);
}

/** How many calls under way asked to see passwords (`revealPasswords: true`); see `revealed`. */
let revealing = 0;

/** Do the errors made now show passwords as written (a call with `revealPasswords: true` is under way)? */
export function passwordsRevealed(): boolean {
  return revealing > 0;
}

/**
 * `run()`, with the errors it makes showing passwords as written when `reveal` is true: the one
 * opt-in (`revealPasswords: true`) of a caller that must see the raw text, such as a teaching
 * view. Errors are made synchronously, so the count covers exactly the errors `run` makes.
 */
export function revealed<T>(reveal: boolean | undefined, run: () => T): T {
  if (reveal !== true) return run();
  revealing++;
  try {
    return run();
  } finally {
    revealing--;
  }
}

/** The same for an asynchronous `run` (the command line, which runs one command a process). */
export async function revealedAsync<T>(reveal: boolean | undefined, run: () => Promise<T>): Promise<T> {
  if (reveal !== true) return run();
  revealing++;
  try {
    return await run();
  } finally {
    revealing--;
  }
}
