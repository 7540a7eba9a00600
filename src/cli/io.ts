/**
 * Where the command line writes and reads. Tests pass an in-memory `Io`; the installed
 * command uses `processIo()`, which buffers standard output, reports a closed pipe or a
 * full disk as one line (exit 3) and flushes everything before the process ends.
 */
import * as fs from 'fs';
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
      stderr.write(`uri-grammar: cannot write output: ${why}\n`);
    } catch {
      // stderr is gone too: the exit status is all that is left.
    }
    process.exit(EXIT_OUTPUT);
  };
  const stdout = sink(1, onError);
  const stderr = sink(2, () => undefined);
  const write = () => {
    if (!buffer) return;
    const b = buffer;
    buffer = '';
    stdout.write(b);
  };
  // (A file or /dev/null is no terminal; otherwise ask the stream, which is then made anyway.)
  const tty = !stderr.fileLike && process.stderr.isTTY === true;
  return {
    out(line) {
      buffer += line + '\n';
      if (buffer.length >= FLUSH_AT) write();
    },
    err(line) {
      write();
      stderr.write(line + '\n');
    },
    // A getter: touching process.stdin opens it, which only batch input needs.
    get stdin() {
      return process.stdin;
    },
    progress: tty ? (text) => stderr.write(text ? `\r${text}\x1b[K` : '\r\x1b[K') : undefined,
    flush() {
      write();
      // Both streams written out (where a pipe is asynchronous, as on macOS): the caller may exit at once.
      return new Promise((resolve) => {
        if (failed) return;
        Promise.all([stdout.done(), stderr.done()]).then(() => resolve());
      });
    },
  };
}

interface Sink {
  /** Written with fs.writeSync (see `sink`). */
  readonly fileLike: boolean;
  write(text: string): void;
  /** Resolves once everything written so far is out. */
  done(): Promise<void>;
}

/**
 * Standard output or error. Where Node itself would write synchronously with fs.writeSync (a
 * regular file, or /dev/null: Node makes a SyncWriteStream for those), so does this, and Node's
 * stream modules are never loaded (about 1.5 ms of a short command's start). Otherwise (a
 * terminal, a pipe, a socket, another device) Node's stream, made on the first write, with
 * `onError` for its errors.
 */
function sink(fd: 1 | 2, onError: (e: NodeJS.ErrnoException) => void): Sink {
  if (isFileLike(fd)) {
    return {
      fileLike: true,
      write(text) {
        try {
          const bytes = Buffer.from(text, 'utf8');
          for (let at = 0; at < bytes.length; ) at += fs.writeSync(fd, bytes, at);
        } catch (e) {
          onError(e as NodeJS.ErrnoException);
        }
      },
      done: () => Promise.resolve(),
    };
  }
  let stream: NodeJS.WriteStream | undefined;
  const open = () => {
    if (!stream) {
      stream = fd === 1 ? process.stdout : process.stderr;
      stream.on('error', onError);
    }
    return stream;
  };
  return {
    fileLike: false,
    write: (text) => void open().write(text),
    // Nothing written, nothing to wait for (and no stream made for it).
    done: () => (stream ? new Promise<void>((resolve) => stream!.write('', () => resolve())) : Promise.resolve()),
  };
}

/**
 * A regular file, or /dev/null (the same device: a character device is otherwise left to Node,
 * which tells a terminal apart, and telling it here would load the tty module).
 */
function isFileLike(fd: number): boolean {
  if (process.platform === 'win32') return false;
  try {
    const st = fs.fstatSync(fd);
    return st.isFile() || (st.isCharacterDevice() && st.rdev === fs.statSync('/dev/null').rdev);
  } catch {
    return false;
  }
}
