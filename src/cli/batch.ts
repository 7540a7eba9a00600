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
   * For the plain output of a line `locate` refused with `code`: the error's offset and summary
   * line without making the error (undefined: ask `check`). Optional.
   */
  readonly brief?: (line: string, code: number) => { index: number; summary: string } | undefined;
  /** A fast yes/no (no error); when given, `check` runs only on the lines it refuses. */
  readonly fast?: (line: string) => boolean;
  /**
   * A fast verdict in place of `fast`, with where a refused line stopped: -1 for a valid line,
   * else a failure code for `brief`. The line is text.slice(from, end), read in place. Optional.
   */
  readonly locate?: (text: string, from: number, end: number) => number;
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
  const locate = o.all ? undefined : o.locate;
  if (locate) warmUp(locate);
  // [line number, text, failure code from `locate` (-1 without one)]
  const pending: Array<[number, string, number]> = [];
  const brief = o.json ? undefined : o.brief;
  const flush = () => {
    for (const [n, text, code] of pending) {
      const b = code >= 0 ? brief?.(text, code) : undefined;
      if (b) {
        count.invalid++;
        io.out(`${o.name}:${n}:${column(text, b.index)}: ${b.summary}`);
      } else report(n, text, o.check(text, true));
    }
    pending.length = 0;
  };
  // The line src[from, end), less a final CR; cut out of src only when it is reported or checked
  // (with `locate`, a valid line is read where it is: nothing is allocated for it).
  const line = (src: string, from: number, end: number) => {
    count.lines++;
    if (end > from && src.charCodeAt(end - 1) === 13) end--;
    if (count.lines === 1 && from < end && src.charCodeAt(from) === 0xfeff) from++;
    if (locate) {
      const code = locate(src, from, end);
      if (code >= 0) pending.push([count.lines, src.slice(from, end), code]);
      return;
    }
    const text = src.slice(from, end);
    if (fast) {
      if (!fast(text)) pending.push([count.lines, text, -1]);
      return;
    }
    report(count.lines, text, o.check(text));
  };
  for await (const chunk of stream) {
    const s = typeof chunk === 'string' ? chunk : String(chunk);
    let from = 0;
    for (let nl = s.indexOf('\n'); nl >= 0; nl = s.indexOf('\n', from)) {
      if (rest) {
        const text = rest + s.slice(from, nl);
        rest = '';
        line(text, 0, text.length);
      } else line(s, from, nl);
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
  if (rest) line(rest, 0, rest.length);
  flush();
  if (io.progress && nextProgress) io.progress('');
  return count;
}

/**
 * Inputs that take each way out of a verdict's loop: to the end, at a refused character, at a
 * character above ASCII (long enough, the first, for V8 to give the loop its feedback vector).
 */
const WARM_UP = ['http://example.com/' + 'a'.repeat(64) + '?q=1#f', 'a b', 'a\u00e9', ''];

/**
 * Runs `locate` over WARM_UP before the first line. V8 optimizes the loop within a file's first
 * lines, from the paths those lines took; a path none had taken yet (the first refused line, the
 * first with a character above ASCII) then throws the optimized code away, and the lines run
 * unoptimized until V8 has compiled the loop again: about 4 ms of 30,000 real lines with 15%
 * refused, measured in one process (bench/batch.ts has the whole-process figures).
 */
function warmUp(locate: (text: string, from: number, end: number) => number): void {
  for (let k = 0; k < WARM_UP.length; k++) locate(WARM_UP[k], 0, WARM_UP[k].length);
}

const HIGH_SURROGATE = /[\ud800-\udbff]/;

/** 1-based column in code points (what editors count), from a UTF-16 offset. */
export function column(text: string, index: number): number {
  // Without a high surrogate before index - 1, one column a code unit (one native search, where
  // the loop below runs before V8 has optimized it on a batch's errors).
  const pair = text.search(HIGH_SURROGATE);
  if (pair < 0 || pair >= index - 1) return Math.min(index, text.length) + 1;
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
  return column(line, lineOffset(line, f.input, f.index));
}

/** An offset in `shown` (the line with one span replaced, or the line itself) as an offset in the line (see fileColumn). */
export function lineOffset(line: string, shown: string, index: number): number {
  if (shown === line) return index;
  let p = 0;
  while (p < line.length && p < shown.length && line.charCodeAt(p) === shown.charCodeAt(p)) p++;
  return index > p ? index + line.length - shown.length : index;
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
