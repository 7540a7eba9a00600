/**
 * The `uri-grammar` command line: a table of commands, one file each.
 *
 *   uri-grammar [--grammar G] <command> [options] [arguments]
 *
 * Exit status: 0 success (valid, equivalent), 1 invalid input (or not equivalent), 2 wrong usage
 * (one line on stderr), 3 output could not be written (closed pipe, full disk). No stack trace
 * for anything a user can cause.
 */
import * as fs from 'fs';
import * as path from 'path';
import { GrammarSyntaxError } from '../engine/errors';
import { Usage, parseArgs, show, type OptionTable } from './args';
import type { Command } from './command';
import { cliGrammar } from './grammar';
import { revealedAsync } from '../engine/secrets';
import type { Io } from './io';
/**
 * Every command, in the order `--help` lists them: the name and its file, loaded when the
 * command runs (a command's file may pull in a large part of the library: `validate` on a
 * batch should not pay for the IRI layer or the railroad diagrams). Add a command: one file,
 * one line here.
 */
const COMMAND_FILES: ReadonlyArray<readonly [string, () => Command]> = [
  ['validate', () => (require('./validate') as typeof import('./validate')).validate],
  ['tree', () => (require('./tree') as typeof import('./tree')).tree],
  ['parse', () => (require('./parse') as typeof import('./parse')).parse],
  ['resolve', () => (require('./resolve') as typeof import('./resolve')).resolve],
  ['normalize', () => (require('./normalize') as typeof import('./normalize')).normalize],
  ['equivalent', () => (require('./equivalent') as typeof import('./equivalent')).equivalent],
  ['to-uri', () => (require('./toUri') as typeof import('./toUri')).toUri],
  ['to-iri', () => (require('./toIri') as typeof import('./toIri')).toIri],
  ['explain', () => (require('./explain') as typeof import('./explain')).explain],
  ['railroad', () => (require('./railroad') as typeof import('./railroad')).railroad],
  ['compile', () => (require('./compile') as typeof import('./compile')).compile],
  ['diff', () => (require('./diff') as typeof import('./diff')).diff],
  ['cover', () => (require('./cover') as typeof import('./cover')).cover],
  ['generate', () => (require('./generate') as typeof import('./generate')).generate],
  ['shadows', () => (require('./shadows') as typeof import('./shadows')).shadows],
];

/** The command names, in table order. */
export const COMMAND_NAMES: readonly string[] = COMMAND_FILES.map(([name]) => name);

/** One command by name (its file loaded), or undefined. */
export function loadCommand(name: string): Command | undefined {
  const entry = COMMAND_FILES.find(([n]) => n === name);
  return entry ? entry[1]() : undefined;
}

/** Every command (all files loaded: for `--help` and tests). */
export function allCommands(): Command[] {
  return COMMAND_FILES.map(([, load]) => load());
}

/** Options every command takes. */
const GLOBAL: OptionTable = {
  grammar: { value: 'G', help: 'the grammar (default rfc3986)' },
  'max-nesting': {
    value: 'N',
    // The catalog's recursive grammars, read when help is shown (the catalog is in cold.js, which a
    // command such as `validate` on RFC 3986 never loads).
    get help() {
      const { CATALOG } = require('../builtins/catalog') as typeof import('../builtins/catalog');
      return `recursive grammars (${CATALOG.filter((e) => e.kind === 'recursive').map((e) => e.name).join(', ')}, files): rule calls in progress at once, at most (default 5000)`;
    },
  },
  'work-limit': { value: 'N', help: 'recursive grammars: steps per character of input, at most (default 2000)' },
  help: { help: 'this help' },
  version: { help: 'the version' },
  'reveal-passwords': { help: 'show passwords in errors as written (default: hidden as "*")' },
};
const RULE: OptionTable = { rule: { value: 'R', help: 'the rule to match (a rule name of the grammar)' } };

/** Runs one command line; resolves to the exit status. Never rejects for a user's mistake. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  try {
    return await command(argv, io);
  } catch (e) {
    return report(e, io);
  }
}

async function command(argv: readonly string[], io: Io): Promise<number> {
  const at = commandAt(argv);
  const before = parseArgs(at < 0 ? argv : argv.slice(0, at), GLOBAL, '');
  let name = at < 0 || argv[at] === '--' ? undefined : argv[at];
  let rest = at < 0 ? [] : argv.slice(at + 1);
  if (before.opts.has('version')) {
    io.out(`uri-grammar ${version()}`);
    return 0;
  }
  if (name === 'help') {
    name = rest[0];
    rest = ['--help'];
    if (name === undefined) {
      io.out(globalHelp());
      return 0;
    }
  }
  if (name === undefined) {
    if (before.opts.has('help')) {
      io.out(globalHelp());
      return 0;
    }
    throw new Usage('no command given');
  }
  const cmd = loadCommand(name);
  if (!cmd) throw new Usage(`unknown command ${show(name)}`);
  const table: OptionTable = { ...GLOBAL, ...(cmd.rules ? RULE : {}), ...cmd.options };
  const { args, opts } = parseArgs(rest, table, cmd.name);
  if (opts.has('help') || before.opts.has('help')) {
    // The rules of the grammar asked for (`--grammar g.abnf railroad --help`: g.abnf's own).
    const g = (opts.get('grammar') ?? before.opts.get('grammar')) as string | undefined;
    io.out(commandHelp(cmd, table, g));
    return 0;
  }
  if (opts.has('version')) {
    io.out(`uri-grammar ${version()}`);
    return 0;
  }
  const [least, most] = cmd.arity;
  if (args.length < least || args.length > most) {
    const n = least === most ? `${least}` : `${least} to ${most}`;
    throw new Usage(`${cmd.name} takes ${n} argument${most > 1 ? 's' : ''}, got ${args.length}`);
  }
  const grammarName = (opts.get('grammar') ?? before.opts.get('grammar')) as string | undefined;
  const limit = (k: 'max-nesting' | 'work-limit'): number | undefined => {
    const v = (opts.get(k) ?? before.opts.get(k)) as string | undefined;
    if (v === undefined) return undefined;
    if (!/^[1-9][0-9]{0,14}$/.test(v)) throw new Usage(`--${k} must be a positive integer, not ${show(v)}`);
    return Number(v);
  };
  const grammar = cliGrammar(grammarName, { maxNesting: limit('max-nesting'), workLimit: limit('work-limit') });
  if (cmd.rfc3986Only && grammar.name !== 'rfc3986' && !(cmd.iri && grammar.name === 'rfc3987')) {
    throw new Usage(`${cmd.name} works with the rfc3986${cmd.iri ? ' and rfc3987 grammars' : ' grammar'} only`);
  }
  // A command that reads --rule itself (diff: one for each grammar) has it in its own options.
  const asked = cmd.rules ? (opts.get('rule') as string | undefined) : undefined;
  let rule = cmd.defaultRule === undefined ? '' : grammar.grammar.rules.includes(cmd.defaultRule) ? cmd.defaultRule : grammar.firstRule;
  if (asked !== undefined) {
    // Rule names are case-insensitive (RFC 5234 2.1): `--rule uri` is `URI`.
    const named = grammar.grammar.rules.find((r) => r === asked) ?? grammar.grammar.rules.find((r) => r.toLowerCase() === asked.toLowerCase());
    if (named === undefined) {
      throw new Usage(`unknown rule ${show(asked)} in ${grammar.name} (uri-grammar ${cmd.name} --help lists them)`);
    }
    if (Array.isArray(cmd.rules) && !cmd.rules.includes(named)) {
      throw new Usage(`${cmd.name} takes --rule ${cmd.rules.join(', ')}; not ${show(asked)}`);
    }
    rule = named;
  }
  // Errors hide passwords (src/engine/secrets.ts) unless asked: the library's `revealPasswords`.
  const reveal = opts.has('reveal-passwords') || before.opts.has('reveal-passwords');
  return await revealedAsync(reveal, async () => cmd.run({ args, opts, rule, grammar, io }));
}

/** Where the command name stands: the first argument that is not a global option or its value. */
function commandAt(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--' || a === '-' || !a.startsWith('-')) return i;
    const name = a.slice(2);
    if (Object.prototype.hasOwnProperty.call(GLOBAL, name) && GLOBAL[name].value) i++;
  }
  return -1;
}

/** What a failure prints and the exit status it gets. */
function report(e: unknown, io: Io): number {
  if (e instanceof Usage) {
    io.err(`uri-grammar: ${e.message}`);
    return 2;
  }
  // Wrong text: a syntax error of any grammar (UriSyntaxError is one), or a host IDNA rejects
  // (to-uri --idna; matched by name so that the CLI does not load tr46 to start).
  if (e instanceof GrammarSyntaxError || (e instanceof SyntaxError && e.name === 'IdnaError')) {
    io.err(`${e.name}: ${e.message}`);
    return 1;
  }
  const err = e as NodeJS.ErrnoException | undefined;
  if (e instanceof RangeError) {
    // A limit of the library (input or tree too large): the input is refused.
    io.err(`uri-grammar: ${firstLine(e.message)}`);
    return 1;
  }
  if (err && typeof err.code === 'string' && typeof err.syscall === 'string') {
    io.err(`uri-grammar: ${err.syscall} failed: ${err.code}`);
    return 2;
  }
  // A bug of ours, not of the user's: still one line, and a status of its own.
  io.err(`uri-grammar: internal error: ${e instanceof Error ? `${e.name}: ${firstLine(e.message)}` : String(e)}`);
  return 70;
}

const firstLine = (s: string) => s.split('\n', 1)[0];

function globalHelp(): string {
  const commands = allCommands();
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'usage: uri-grammar [--grammar G] <command> [options] [arguments]',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'options for every command:',
    ...optionLines({ ...GLOBAL, help: { help: 'help (uri-grammar <command> --help for one command)' } }, { help: '--help, -h' }),
    '',
    'exit status: 0 valid/success, 1 invalid input, 2 wrong usage, 3 output could not be written',
  ].join('\n');
}

/** An option table as help lines, the option's spelling (or the one given) then its help, aligned. */
function optionLines(table: OptionTable, spelled: Readonly<Record<string, string>> = {}): string[] {
  const opts = Object.entries(table).map(([n, s]) => [spelled[n] ?? `--${n}${s.value ? ` ${s.value}` : ''}`, s.help + (s.repeat ? ' (repeatable)' : '')]);
  const width = Math.max(...opts.map(([a]) => a.length));
  return opts.map(([a, h]) => `  ${a.padEnd(width)}  ${h}`);
}

function commandHelp(cmd: Command, table: OptionTable, grammarName?: string): string {
  const lines = [`usage: uri-grammar ${cmd.name} ${cmd.synopsis}`, '', cmd.summary];
  if (cmd.details) lines.push(...cmd.details);
  lines.push('', 'options:', ...optionLines(table));
  if (cmd.rules || cmd.listsRules) {
    const grammar = cliGrammar(grammarName);
    const rules = Array.isArray(cmd.rules) ? cmd.rules : grammar.grammar.rules;
    const first = cmd.defaultRule === undefined ? undefined : grammar.grammar.rules.includes(cmd.defaultRule) ? cmd.defaultRule : grammar.firstRule;
    const dflt = first === undefined ? '' : ` (default ${first})`;
    lines.push('', `rules${Array.isArray(cmd.rules) ? '' : ` (${grammar.name})`}${dflt}:`, ...wrap(rules.join(' '), 76).map((l) => `  ${l}`));
  }
  return lines.join('\n');
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line && line.length + 1 + w.length > width) out.push(line), (line = '');
    line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(line);
  return out;
}

/** The version in package.json (found upward from this file: src/cli or dist/src/cli). */
export function version(): string {
  for (let dir = __dirname, i = 0; i < 5; i++, dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'uri-grammar' && pkg.version) return pkg.version;
    }
  }
  return 'unknown';
}
