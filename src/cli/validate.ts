/**
 * `uri-grammar validate`: one input from the command line, or many (one a line) from standard
 * input (`-` or no argument) or `--file F`.
 *
 * One input: `valid R` on stdout and exit 0, or the error with its caret on stderr and exit 1.
 * Many: one line per invalid input, `FILE:LINE:COLUMN: message` (`-` names standard input), or
 * with `--json` one JSON object per line (`--all`: valid lines too); a summary on stderr;
 * exit 0 when all are valid, 1 when any is not.
 */
import * as fs from 'fs';
import type { Readable } from 'stream';
import { StringDecoder } from 'string_decoder';
import { GrammarSyntaxError, summaryLine } from '../engine/errors';
import { Usage, show } from './args';
import { flag, type Command, type Context } from './command';
import { oneLine, runBatch, type Failure } from './batch';
import { POLICY_OPTIONS, policyCheck, policyFromFlags, policyRule } from './policy';
const COMPONENT_RULES = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'];

export const validate: Command = {
  name: 'validate',
  summary: 'is it valid? one URI, or one per line from a file or standard input',
  synopsis: '[<uri> | - | --file F] [--rule R] [--json [--all]] [policy options]',
  details: [
    'With <uri>: prints "valid R" (exit 0) or the error with a caret (exit 1).',
    'With -, no argument or --file F: one input per line (CRLF and a final newline handled);',
    'prints FILE:LINE:COLUMN: message for each invalid line (1-based; "-" is standard input),',
    'a summary on stderr; exit 0 when all are valid, 1 when any is not.',
    'To validate the text "-" itself, give it on standard input.',
    'Policy options (--scheme, --require-host, --no-userinfo, --port, ...) check more than the',
    'grammar: with any of them the rule is URI (URI-reference with --relative) and ports 0-65535.',
  ],
  options: {
    file: { value: 'F', help: 'read the inputs from file F, one a line' },
    json: { help: 'one JSON object per invalid line: line, column, input, valid, rule, index, expected, message, hint, suggestion' },
    all: { help: 'with --json, valid lines too' },
    ...POLICY_OPTIONS,
  },
  arity: [0, 1],
  rules: true,
  defaultRule: 'URI-reference',
  run(ctx) {
    const file = ctx.opts.get('file') as string | undefined;
    const arg = ctx.args[0];
    if (file !== undefined && arg !== undefined) throw new Usage('validate: give either an input or --file, not both');
    if (file === undefined && arg !== undefined && arg !== '-') {
      if (flag(ctx, 'json') || flag(ctx, 'all')) throw new Usage('validate: --json and --all are for many inputs (- or --file)');
      return single(ctx, arg);
    }
    if (flag(ctx, 'all') && !flag(ctx, 'json')) throw new Usage('validate: --all goes with --json');
    return many(ctx, file);
  },
};

/** What the input is checked against: the grammar's rule, or a policy (rule and more). */
interface Check {
  readonly rule: string;
  /** Why the input is not valid, or undefined; `refused`: `fast` said no already. */
  readonly failure: (input: string, refused?: boolean) => Failure | undefined;
  /** The grammar's fast yes/no, when there is no policy. */
  readonly fast?: (input: string) => boolean;
  /** The grammar's fast verdict with where a refused input stopped (see CliGrammar.locator), when there is no policy. */
  readonly locate?: (input: string, from: number, end: number) => number;
  /** The grammar's error offset and summary line without the error (see CliGrammar.brief), for a failure code from `locate`. */
  readonly brief?: (input: string, code: number) => { index: number; summary: string } | undefined;
}

function check(ctx: Context): Check {
  const policy = policyFromFlags(ctx);
  if (policy) {
    const validator = policyCheck(policy);
    return { rule: policyRule(policy), failure: (input) => {
      const r = validator(input);
      return r.ok ? undefined : failure(r.error);
    } };
  }
  // The grammar's fast yes, and on no the error.
  const yes = ctx.grammar.tester(ctx.rule);
  const { grammar, rule } = ctx;
  const locate = grammar.locator?.(rule);
  const brief = locate && grammar.brief ? (input: string, code: number) => grammar.brief!(input, rule, code) : undefined;
  return { rule: ctx.rule, fast: yes, locate, brief, failure: (input, refused) => {
    if (!refused && yes(input)) return undefined;
    const v = ctx.grammar.grammar.validate(input, ctx.rule);
    // A password never reaches the output (RFC 3986 3.2.1): the shipped grammars read URIs.
    return v.ok ? undefined : failure(ctx.grammar.builtIn ? hideSecret(v.error, input) : v.error);
  } };
}

/** The error with any password redacted (src/uri/redact.ts, loaded on the first error that has one). */
function hideSecret<E extends GrammarSyntaxError>(e: E, input: string): E {
  if (!input.includes('@')) return e;
  return (require('../uri/redact') as typeof import('../uri/redact')).withoutPassword(e, input);
}

function failure(e: { name: string; input: string; rule: string; index: number; message: string; expected?: readonly string[]; hint?: string; suggestion?: string }): Failure {
  return {
    name: e.name, input: e.input, rule: e.rule, index: e.index, expected: e.expected ?? [],
    // Read when printed: a batch prints the summary, which needs no caret lines.
    get message() {
      return e.message;
    },
    get summary() {
      return e instanceof GrammarSyntaxError ? summaryLine(e) : oneLine(e.message);
    },
    hint: e.hint, suggestion: e.suggestion,
    component: e.name === 'UriPolicyError' ? (e as { component?: string }).component : undefined,
  };
}

function single(ctx: Context, input: string): number {
  const c = check(ctx);
  const f = c.failure(input);
  if (!f) {
    ctx.io.out(`valid ${c.rule}`);
    return 0;
  }
  ctx.io.err(`${f.name}: ${f.message}`);
  return 1;
}

async function many(ctx: Context, file: string | undefined): Promise<number> {
  const c = check(ctx); // usage errors in the policy flags before any reading
  let stream: AsyncIterable<string | Buffer> | Iterable<string>;
  if (file === undefined) {
    if (!ctx.io.stdin) throw new Usage('validate: no standard input');
    const stdin = ctx.io.stdin;
    stdin.setEncoding('utf8');
    stream = stdin;
  } else {
    stream = await open(file);
  }
  const name = file ?? '-';
  const count = await runBatch(stream, ctx.io, {
    name,
    rule: c.rule,
    json: flag(ctx, 'json'),
    all: flag(ctx, 'all'),
    check: c.failure,
    fast: c.fast,
    locate: c.locate,
    brief: c.brief,
    shown: (COMPONENT_RULES as readonly string[]).includes(c.rule) ? shown : undefined,
  });
  const lines = `${count.lines} line${count.lines === 1 ? '' : 's'}`;
  ctx.io.err(`${name}: ${lines}, ${count.lines - count.invalid} valid, ${count.invalid} invalid (${c.rule})`);
  return count.invalid ? 1 : 0;
}

/** A valid URI with any password redacted (RFC 3986 3.2.1), for `--json --all`. */
function shown(line: string): string {
  if (!line.includes('@')) return line;
  try {
    // Loaded on first use: most lines hold no "@".
    return (require('../uri/redact') as typeof import('../uri/redact')).redact(line);
  } catch {
    return line;
  }
}

/** Pieces of a regular file read synchronously (no turn of the event loop a piece). */
const PIECE = 1 << 18;

/**
 * The file as UTF-8 text in pieces; a file that cannot be opened is one line, exit 2. A regular
 * file is read synchronously, a piece at a time (constant memory; waiting for the thread pool a
 * piece cost a batch of 30,000 lines about 15 ms); anything else (a pipe, a device) as a stream.
 */
async function open(file: string): Promise<AsyncIterable<string | Buffer> | Iterable<string>> {
  let fd: number | undefined;
  let regular: boolean;
  try {
    fd = fs.openSync(file, 'r');
    regular = fs.fstatSync(fd).isFile();
  } catch (e) {
    if (fd !== undefined) fs.closeSync(fd);
    throw new Usage(`validate: cannot read ${show(file)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  // pieces() owns (and closes) the descriptor of a regular file.
  if (regular) return pieces(fd);
  fs.closeSync(fd);
  return stream(file);
}

function* pieces(fd: number): Generator<string> {
  try {
    const buf = Buffer.allocUnsafe(PIECE);
    // A character split between two pieces is kept until the next one completes it.
    const decoder = new StringDecoder('utf8');
    for (let n; (n = fs.readSync(fd, buf, 0, PIECE, null)) > 0;) yield decoder.write(buf.subarray(0, n));
    const end = decoder.end();
    if (end) yield end;
  } finally {
    fs.closeSync(fd);
  }
}

/** A file that is not a regular one (a pipe, a device) as a UTF-8 stream. */
function stream(file: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const s = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 }); // 1 MB pieces: constant memory, few turns
    s.once('error', (e: NodeJS.ErrnoException) => reject(new Usage(`validate: cannot read ${show(file)}: ${e.code ?? e.message}`)));
    s.once('readable', () => resolve(s));
  });
}
