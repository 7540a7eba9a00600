/**
 * Errors of the engine, for any grammar: `GrammarSyntaxError` for text that is not what a rule
 * matches, and the caret formatting every syntax error shares. Nothing here knows about URIs
 * (`UriSyntaxError` in src/uri/errors.ts extends this class).
 */
import { aboutChar, codePointAt, columns, show } from './shown';

/** How to fix an input, when a known mistake fits (RFC 3986's hints: src/uri/hints.ts). */
export interface ErrorHint {
  readonly kind: string;
  /** One line: what is wrong and how to fix it. */
  readonly text: string;
  /** Where the hint points (may differ from the error's index). */
  readonly index: number;
  /** The corrected input, checked valid; absent when no mechanical fix is known to be valid. */
  readonly suggestion?: string;
}

import { maskSpan, passwordSpan, passwordsRevealed, scrubQuoted, secretForms, shownHeadline, shownSuggestion } from './secrets';

/** The first lines given to a constructor, kept until the message is first read (see `message`). */
const headlines = new WeakMap<GrammarSyntaxError, string>();

/**
 * Of an error whose text held a password: the text and offset it was made with, where the
 * password was, and the forms of it to scrub from a hint (./secrets.ts). For the code that works
 * out a hint on the text as given; never shown.
 */
interface Hidden { readonly input: string; readonly index: number; readonly forms: readonly string[] }
const hiddenOf = new WeakMap<GrammarSyntaxError, Hidden>();

/** The text `e` was made for, and the offset in it: its `input` and `index` as given, before a password was hidden. */
export function givenOf(e: GrammarSyntaxError): { input: string; index: number } {
  return hiddenOf.get(e) ?? e;
}

/**
 * A syntax error. The message (headline, expected list, hint line, the input with a caret) is
 * composed when it is first read, not when the error is made: a caller that only wants the
 * verdict and the offset (a batch that counts, a `validate` whose error is dropped) never pays for
 * it. V8 formats `stack` on its first read too, from `name` and `message` as they are then.
 *
 * A password is never in it (RFC 3986 3.2.1), in any reading of the text (./secrets.ts): when
 * the text holds one, `input` is the text with a "*" for each character of it, so that `index`,
 * `hintIndex` and the caret are the offsets of the text as given; the message, hint and
 * suggestion are made from those. Unless the error is made under `revealPasswords: true`.
 */
export class GrammarSyntaxError extends SyntaxError {
  /** How to fix it, when a known mistake fits (also in the message). */
  declare readonly hint?: string;
  declare readonly hintKind?: string;
  /** Where the hint points, when that differs from `index`. */
  declare readonly hintIndex?: number;
  /** The corrected input, checked valid under the same rule (and policy). Not in the message. */
  declare readonly suggestion?: string;

  /** The text that was parsed. */
  readonly input: string;
  /** The rule it was parsed as. */
  readonly rule: string;
  /** Offset of the first character at which `input` stops being a prefix of anything `rule` matches. */
  readonly index: number;
  /** What the grammar could accept at `index`, in ABNF words. */
  readonly expected: readonly string[];

  constructor(input: string, rule: string, index: number, expected: readonly string[], /** Replaces the default first line of the message. */ headline?: string) {
    super();
    const span = passwordsRevealed() ? undefined : passwordSpan(input, true);
    if (span) {
      const forms = secretForms(input, span);
      hiddenOf.set(this, { input, index, forms });
      const inside = index >= span[0] && index < span[1];
      input = maskSpan(input, span);
      if (headline !== undefined) headline = shownHeadline(headline, index, index, inside, forms);
      else if (inside) headline = `not a valid ${rule}: at offset ${index}, inside the password (redacted)`;
    }
    this.input = input;
    this.rule = rule;
    this.index = index;
    this.expected = expected;
    if (headline !== undefined) headlines.set(this, headline);
  }

  /**
   * The class's name, from the prototype as Error's own classes have it (nothing set on each
   * error made); written in the class body rather than set on the prototype afterwards, which a
   * bundler would have to keep as a side effect of the module.
   */
  override get name(): string {
    return 'GrammarSyntaxError';
  }

  override set name(value: string) {
    Object.defineProperty(this, 'name', { value, writable: true, configurable: true, enumerable: false });
  }

  /** Composed on first read, then kept as the error's own `message` (writable, as Error's is). */
  override get message(): string {
    const m = composeMessage(this);
    // Kept, unless the error was frozen before anything read it (then composed on each read).
    if (Object.isExtensible(this)) Object.defineProperty(this, 'message', { value: m, writable: true, configurable: true, enumerable: false });
    return m;
  }

  override set message(value: string) {
    Object.defineProperty(this, 'message', { value, writable: true, configurable: true, enumerable: false });
  }

  /**
   * This error with `hint` attached: `hint`, `hintKind`, `hintIndex` and `suggestion` set, and in
   * the message a `hint:` line above the input and, where the hint points elsewhere than
   * `index`, `~` under the characters from there to the caret. The hint is about the text as
   * given (`givenOf`): when a password was hidden, it is hidden in the hint's text and in the
   * suggestion (in every reading of the suggestion: a hint that rewrites `postgres:/u:pw@db`
   * into `postgres://u:pw@db` makes an authority of it).
   */
  withHint(hint: ErrorHint): this {
    const composed = Object.prototype.hasOwnProperty.call(this, 'message') ? this.message : undefined;
    const self = this as { -readonly [K in 'hint' | 'hintKind' | 'hintIndex' | 'suggestion']?: GrammarSyntaxError[K] };
    const hidden = hiddenOf.get(this);
    const revealed = passwordsRevealed();
    self.hint = hidden ? scrubQuoted(hint.text, hidden.forms) : hint.text;
    self.hintKind = hint.kind;
    self.hintIndex = hint.index;
    if (hint.suggestion !== undefined) self.suggestion = revealed ? hint.suggestion : shownSuggestion(hint.suggestion, hidden?.forms);
    // Read already (and with it, perhaps, the stack): compose both again. Otherwise the first
    // read composes them with the hint.
    if (composed !== undefined) {
      delete (this as { message?: string }).message;
      const m = this.message;
      if (typeof this.stack === 'string') this.stack = this.stack.replace(composed, m);
    }
    return this;
  }
}

/** The first line `e` was made with, when it was given one (undefined: the default, composed from its fields). */
export function customHeadline(e: GrammarSyntaxError): string | undefined {
  return headlines.get(e);
}

/**
 * The message of `e` without its caret lines, on one line: the headline, `expected: …` and
 * `hint: …` joined by "; " (what a batch prints a line for each invalid input; no caret to build).
 */
export function summaryLine(e: GrammarSyntaxError): string {
  return summaryOf(e.input, e.rule, e.index, e.expected, e.hint, headlines.get(e));
}

/**
 * `summaryLine` of the error these would make, without making it (for a batch that prints a line
 * an invalid input and nothing else of its error).
 */
export function summaryOf(input: string, rule: string, index: number, expected: readonly string[], hint?: string, headline?: string): string {
  const head = headlineOf(input, rule, index, headline);
  const exp = expected.length ? `; ${expectedLine(expected)}` : '';
  return `${headline === undefined ? head : head.split('\n').join('; ')}${exp}${hint === undefined ? '' : `; hint: ${hint}`}`;
}

/** The message of `e`: its headline and expected list, its hint line, and the input with a caret. */
function composeMessage(e: GrammarSyntaxError): string {
  const caret = e.hint === undefined ? undefined : caretLines(e.input, e.index, e.index, e.hintIndex !== e.index ? e.hintIndex : undefined);
  return formatMessage(e.input, e.rule, e.index, e.expected, headlines.get(e), e.hint, caret);
}

/** `message` (which ends in the two caret lines) with a `hint:` line above the input and `caret` for its caret lines. */
export function withHintLine(message: string, hint: string, caret: string): string {
  const lines = message.split('\n');
  const at = Math.max(1, lines.length - 2);
  lines.splice(at, lines.length - at, `hint: ${hint}`, caret);
  return lines.join('\n');
}

/** The core rules of RFC 5234 B.1 that are one white-space character: SP, HTAB, LF, CR. */
const WHITE_SPACE_NAMES = new Map([[0x20, 'SP'], [0x09, 'HTAB'], [0x0a, 'LF'], [0x0d, 'CR']]);

/**
 * Expected items as a person reads them: a value range of printable ASCII, which the grammar
 * names as ABNF writes it (`%x30-35`), as its characters (`"0"–"5"`; `%x41` as `"A"`; white space
 * by its core rule name, `%x20` as SP). Rule names,
 * quoted strings and other ranges are kept.
 */
export function readableExpected(expected: readonly string[]): string[] {
  const ch = (c: number) => (c >= 0x21 && c <= 0x7e ? (c === 0x22 ? '"\\""' : `"${String.fromCharCode(c)}"`) : undefined);
  return expected.map((e) => {
    if (e.charCodeAt(0) !== 0x25) return e;
    // %x41, %x30-35, and the same in decimal (%d65) and binary (%b1000001), as grammars write them.
    const m = /^%([xdb])([0-9A-Fa-f]{1,21})(?:-([0-9A-Fa-f]{1,21}))?$/.exec(e);
    if (!m) return e;
    const base = m[1] === 'x' ? 16 : m[1] === 'd' ? 10 : 2;
    const lo = parseInt(m[2], base);
    const hi = m[3] === undefined ? undefined : parseInt(m[3], base);
    if (Number.isNaN(lo) || (hi !== undefined && Number.isNaN(hi))) return e;
    // White space has no visible character: its RFC 5234 core rule name (B.1) says which it is.
    if (hi === undefined) {
      const core = WHITE_SPACE_NAMES.get(lo);
      if (core) return core;
    }
    const a = ch(lo);
    const b = hi === undefined ? a : ch(hi);
    return a && b ? (hi === undefined ? a : `${a}–${b}`) : e;
  });
}

/**
 * The message: what failed, where, what was expected, how to fix it (`hint`, when one fits), and
 * the input with a caret under `index` (`caret`: other caret lines, e.g. with a hint's marks).
 */
export function formatMessage(
  input: string, rule: string, index: number, expected: readonly string[], headline?: string, hint?: string, caret?: string,
): string {
  const exp = expected.length ? `\n${expectedLine(expected)}` : '';
  return `${headlineOf(input, rule, index, headline)}${exp}${hint === undefined ? '' : `\nhint: ${hint}`}\n${caret ?? caretLines(input, index)}`;
}

/** The first line: `headline` when given, else what failed and where. */
function headlineOf(input: string, rule: string, index: number, headline: string | undefined): string {
  return headline ?? `not a valid ${rule}: at offset ${index}, ${foundAt(input, index)}`;
}

/** `expected: …`, in the words a person reads. */
function expectedLine(expected: readonly string[]): string {
  // A batch's errors name the same few lists again and again: the line of a list copied with
  // copyOfList is kept with the list it was copied from, while the copy still holds its items.
  // A frozen list (the tables' own) is its own key: it cannot change.
  const list = Object.isFrozen(expected) ? expected : copiedFrom.get(expected);
  if (list === undefined || (list !== expected && !sameItems(list, expected))) return `expected: ${readableExpected(expected).join(', ')}`;
  let line = expectedLines.get(list);
  if (line === undefined) expectedLines.set(list, (line = `expected: ${readableExpected(list).join(', ')}`));
  return line;
}
const expectedLines = new WeakMap<readonly string[], string>();
const sameItems = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, k) => x === b[k]);
const copiedFrom = new WeakMap<readonly string[], readonly string[]>();

/**
 * A fresh copy of `list` (frozen, and handed out again and again: the build-time tables' lists,
 * ./automata/tableDfa.ts) for an error to own; its "expected" line is written once for all copies that
 * still hold the list's items.
 */
export function copyOfList(list: readonly string[]): string[] {
  const copy = list.slice();
  copiedFrom.set(copy, list);
  return copy;
}

/**
 * The input on one line (each character as ./shown.ts shows it: as itself, or escaped where it
 * cannot be seen or is taken for another; a wide character takes two columns)
 * and a line of marks under it: `^` under `index`, or under every character of `[index, end)`
 * for a span; `~` under the characters between `index` and `hint`, the place a hint points at
 * when that is not `index`. Long inputs are cut to a window around the offset.
 */
export function caretLines(input: string, index: number, end = index, hint?: number): string {
  const WINDOW = 60;
  const from = Math.max(0, Math.min(index, hint ?? index) - WINDOW);
  const to = Math.min(input.length, Math.max(end, index) + WINDOW);
  const spanEnd = Math.max(end, index + 1);
  const lo = hint === undefined ? index : Math.min(hint, index);
  const hi = hint === undefined ? index : Math.max(hint, index);
  let line = from > 0 ? '…' : '';
  let marks = line ? ' ' : '';
  if (PLAIN.test(input.slice(from, to))) {
    // Every character shows as itself, one column each, so the marks are four runs: spaces, the
    // "~" run before the carets (a hint to the left), the carets, the "~" run after them (a hint
    // to the right), each cut to the window.
    line += input.slice(from, to);
    const clip = (x: number): number => Math.min(Math.max(x, from), to);
    const caretStart = clip(index);
    const caretEnd = clip(spanEnd);
    const before = lo < index ? clip(lo) : caretStart;
    const after = hi > spanEnd ? clip(hi) : caretEnd;
    marks += ' '.repeat(before - from) + '~'.repeat(caretStart - before) + '^'.repeat(caretEnd - caretStart) + '~'.repeat(after - caretEnd);
  } else for (let i = from; i < to; ) {
    // One code point at a time: a character outside the BMP is one character on the screen.
    const [cp, units] = codePointAt(input, i);
    const ch = units === 1 ? input[i] : String.fromCodePoint(cp);
    const shown = show(ch);
    const width = columns(ch, shown);
    const mark = index < i + units && spanEnd > i ? '^' : i + units > lo && i < hi ? '~' : ' ';
    // One caret at an escaped (or wide) character's first column; a span or a hint's run marks it all.
    marks += mark === '^' && end <= index ? '^' + ' '.repeat(width - 1) : mark.repeat(width);
    line += shown;
    i += units;
  }
  if (index >= to) marks += '^';
  if (to < input.length) line += '…';
  return `  ${line}\n  ${marks.trimEnd()}`;
}

/** Printable ASCII but "\\": the characters the caret line shows as they are (see `show`). */
const PLAIN = /^[\x20-\x5b\x5d-\x7e]*$/;

/** What stands at `index`: `found "x"` (escaped as in the caret line) or `found the end of input`. */
export function foundAt(input: string, index: number): string {
  if (index >= input.length) return 'found the end of input';
  const c = input.charCodeAt(index);
  // Made once for each ASCII character (a batch's errors name the same few again and again).
  if (c < 128) return (FOUND[c] ??= `found ${quoted(input[index])}${aboutChar(input[index])}`);
  const [cp, units] = codePointAt(input, index);
  const ch = units === 1 ? input[index] : String.fromCodePoint(cp);
  return `found ${quoted(ch)}${aboutChar(ch)}`;
}
const FOUND: string[] = [];

/** A character in quotes, escaped as in the caret line. */
export function quoted(ch: string): string {
  return ch === '"' ? '"\\""' : `"${show(ch)}"`;
}

/** What is wrong with a grammar text. */
export type AbnfProblem = 'syntax' | 'undefined-rule' | 'recursion' | 'prose' | 'duplicate';

/**
 * Grammar text that cannot be run: not ABNF (`syntax`), a rule used but not defined, a rule
 * defined twice, recursion (this engine runs regular grammars only), or a prose value. `line`
 * and `column` (both 1-based) say where; the message shows that line with a caret.
 */
export class AbnfSyntaxError extends SyntaxError {
  override readonly name: string = 'AbnfSyntaxError';
  constructor(
    /** What is wrong, in a few words (the message adds where). */
    readonly reason: string,
    readonly problem: AbnfProblem,
    readonly line: number,
    readonly column: number,
    /** The text of that line. */
    sourceLine: string,
  ) {
    super(`${reason} (line ${line}, column ${column})\n${caretLines(sourceLine, column - 1)}`);
  }
}

/**
 * What `make` returns, made with no call-site frames captured for the errors it creates: their
 * `stack` is the name and message alone. For errors handed back as values (`validate`), where
 * capturing the frames costs more than the whole validation and says only where `validate` was
 * called; a thrown error keeps its frames.
 */
export function withoutFrames<T>(make: () => T): T {
  const limit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 0;
  } catch {
    // A frozen Error (a hardened realm): the frames are captured after all.
    return make();
  }
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** A grammar's error class: `GrammarSyntaxError` or a subclass (RFC 3986's `UriSyntaxError`). */
export type SyntaxErrorClass = new (input: string, rule: string, index: number, expected: readonly string[]) => GrammarSyntaxError;
