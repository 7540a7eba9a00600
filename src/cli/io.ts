/**
 * Where the command line writes and reads. Tests pass an in-memory `Io`; the installed
 * command uses `processIo()`, which buffers standard output, reports a closed pipe or a
 * full disk as one line (exit 3) and flushes everything before the process ends.
 */
import type { Readable } from 'stream';

export interface Io {
  /** One line of standard output (no newline). */
  out(line: string): void;
  /** One line of standard error (no newline). */
  err(line: string): void;
  /** Standard input, for `validate -`. */
  stdin?: Readable;
  /** Is standard error a terminal (for the progress line)? */
  progress?: (text: string) => void;
}

/** Exit status when output could not be written (closed pipe, full disk). */
export const EXIT_OUTPUT = 3;

/** Output to the real process: buffered stdout, one-line write errors, a final flush. */
export function processIo(): Io & { flush(): Promise<void> } {
  let buffer = '';
  const FLUSH_AT = 1 << 16;
  let failed = false;
  const onError = (e: NodeJS.ErrnoException) => {
    if (failed) return;
    failed = true;
    const why = e && e.code === 'EPIPE' ? 'the reader closed the pipe' : e && e.code === 'ENOSPC' ? 'no space left on device' : (e && e.code) || 'write failed';
    try {
      process.stderr.write(`uri-grammar: cannot write output: ${why}\n`);
    } catch {
      // stderr is gone too: the exit status is all that is left.
    }
    process.exit(EXIT_OUTPUT);
  };
  process.stdout.on('error', onError);
  process.stderr.on('error', () => undefined);
  const write = () => {
    if (!buffer) return;
    const b = buffer;
    buffer = '';
    process.stdout.write(b);
  };
  const tty = process.stderr.isTTY === true;
  return {
    out(line) {
      buffer += line + '\n';
      if (buffer.length >= FLUSH_AT) write();
    },
    err(line) {
      write();
      process.stderr.write(line + '\n');
    },
    // A getter: touching process.stdin opens it, which only batch input needs.
    get stdin() {
      return process.stdin;
    },
    progress: tty ? (text) => process.stderr.write(text ? `\r${text}\x1b[K` : '\r\x1b[K') : undefined,
    flush() {
      write();
      // Both streams written out (where a pipe is asynchronous, as on macOS): the caller may exit at once.
      const done = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
      return new Promise((resolve) => {
        if (failed) return;
        Promise.all([done(process.stdout), done(process.stderr)]).then(() => resolve());
      });
    },
  };
}
