/**
 * Many inputs, one a line, from a stream: constant memory (one chunk and one partial line at a
 * time), CRLF and a final newline handled, a UTF-8 byte order mark on the first line dropped.
 * Reports invalid lines in the compiler convention `FILE:LINE:COLUMN: message` (1-based, so
 * editors and CI annotators pick them up) or as JSON lines, and a summary on standard error.
 */
import type { Io } from './io';

/** What a check says about one line that is not valid. */
export interface Failure {
  /** The error's class name: UriSyntaxError, UriPolicyError, GrammarSyntaxError or a grammar's own. */
  readonly name: string;
  /** The input as the error shows it (a password redacted where the error does so). */
  readonly input: string;
  readonly rule: string;
  /** UTF-16 offset, as the library's errors count. */
  readonly index: number;
  readonly expected: readonly string[];
  /** The full message (several lines: headline, expected, hint, caret). */
  readonly message: string;
  /** The message without its caret lines, on one line. */
  readonly summary: string;
  readonly hint?: string;
  readonly suggestion?: string;
  /** For a policy error: the component that broke the policy. */
  readonly component?: string;
}

export interface BatchOptions {
  readonly name: string;
  readonly rule: string;
  readonly json: boolean;
  readonly all: boolean;
  /**
   * `undefined` for a valid line (the fast path), else why not. `refused`: `fast` said no
   * already (no need to ask again).
   */
  readonly check: (line: string, refused?: boolean) => Failure | undefined;
  /**
   * For the plain output of a line `fast` refused: the error's offset and summary line without
   * making the error (undefined: ask `check`). Optional.
   */
  readonly brief?: (line: string) => { index: number; summary: string } | undefined;
  /** A fast yes/no (no error); when given, `check` runs only on the lines it refuses. */
  readonly fast?: (line: string) => boolean;
  /** A valid line as `--json --all` shows it (a password redacted). */
  readonly shown?: (line: string) => string;
}

export interface BatchCount { lines: number; invalid: number }

/** Reads `stream` (a Readable, or the pieces of a file) to its end, reporting as it goes. */
export async function runBatch(stream: AsyncIterable<string | Buffer> | Iterable<string>, io: Io, o: BatchOptions): Promise<BatchCount> {
  const count: BatchCount = { lines: 0, invalid: 0 };
  let rest = '';
  let nextProgress = 0;
  const report = (n: number, text: string, f: Failure | undefined) => {
    if (f) count.invalid++;
    if (o.json) {
      if (f || o.all) io.out(jsonLine(o, n, text, f));
    } else if (f) {
      io.out(`${o.name}:${n}:${fileColumn(text, f)}: ${f.summary}`);
    }
  };
  // With a fast verdict and only invalid lines to print, the lines the fast verdict refuses wait
  // until the end of their chunk (at most one chunk of them): the hot loop stays a RegExp test
  // and a counter, and the error path (automaton, hints) runs apart from it. Output order is
  // unchanged: nothing else is printed in between.
  const fast = o.all ? undefined : o.fast;
  const pending: Array<[number, string]> = [];
  const brief = o.json ? undefined : o.brief;
  const flush = () => {
    for (const [n, text] of pending) {
      const b = brief?.(text);
      if (b) {
        count.invalid++;
        io.out(`${o.name}:${n}:${column(text, b.index)}: ${b.summary}`);
      } else report(n, text, o.check(text, true));
    }
    pending.length = 0;
  };
  const line = (text: string) => {
    count.lines++;
    if (count.lines === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (fast) {
      if (!fast(text)) pending.push([count.lines, text]);
      return;
    }
    report(count.lines, text, o.check(text));
  };
  for await (const chunk of stream) {
    const s = typeof chunk === 'string' ? chunk : String(chunk);
    let from = 0;
    for (let nl = s.indexOf('\n'); nl >= 0; nl = s.indexOf('\n', from)) {
      let text = s.slice(from, nl);
      if (rest) text = rest + text, rest = '';
      line(text.charCodeAt(text.length - 1) === 13 ? text.slice(0, -1) : text);
      from = nl + 1;
    }
    rest += s.slice(from);
    flush();
    if (io.progress) {
      const now = Date.now();
      if (now >= nextProgress) {
        if (nextProgress) io.progress(`${o.name}: ${count.lines} lines, ${count.invalid} invalid…`);
        nextProgress = now + 250;
      }
    }
  }
  if (rest) line(rest.charCodeAt(rest.length - 1) === 13 ? rest.slice(0, -1) : rest);
  flush();
  if (io.progress && nextProgress) io.progress('');
  return count;
}

/** 1-based column in code points (what editors count), from a UTF-16 offset. */
export function column(text: string, index: number): number {
  let col = 1;
  for (let i = 0; i < index && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < index) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    col++;
  }
  return col;
}

/**
 * The column in the line as read: the error's index counts in its own (maybe redacted) input,
 * which differs from the line in one replaced span at most; past that span, shift by the
 * difference in length.
 */
export function fileColumn(line: string, f: Failure): number {
  if (f.input === line) return column(line, f.index);
  let p = 0;
  while (p < line.length && p < f.input.length && line.charCodeAt(p) === f.input.charCodeAt(p)) p++;
  return column(line, f.index > p ? f.index + line.length - f.input.length : f.index);
}

/** The message without its caret lines (which start with two spaces), on one line. */
export function oneLine(message: string): string {
  return message.split('\n').filter((l) => !l.startsWith('  ')).join('; ');
}

function jsonLine(o: BatchOptions, line: number, input: string, f: Failure | undefined): string {
  return JSON.stringify({
    file: o.name,
    line,
    column: f ? fileColumn(input, f) : null,
    input: f ? f.input : o.shown ? o.shown(input) : input,
    valid: !f,
    rule: f ? f.rule : o.rule,
    index: f ? f.index : null,
    expected: f ? f.expected : null,
    message: f ? f.message : null,
    hint: f?.hint ?? null,
    suggestion: f?.suggestion ?? null,
    component: f?.component ?? null,
  });
}
