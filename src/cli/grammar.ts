/**
 * `--grammar G`: the grammar the commands `validate` and `tree` work with — a name from the
 * registry (`grammarByName`: rfc3986, rfc2396, ...) or a path to a grammar file (`.abnf`, or
 * `.bnf` in RFC 2396's notation). The default is RFC 3986 (src/uri/rfc3986.ts), whose batches
 * the CLI runs on its tables, with one-line errors made without the error.
 */
import { driver, type RuleName } from '../uri/rules';
import { briefError, briefParts } from '../uri/validate';
import { rfc3986 as rfc3986Grammar } from '../uri/rfc3986';
import { summaryOf } from '../engine/errors';
import { maskSpan, passwordSpan, passwordsRevealed } from '../engine/secrets';
import type { Grammar } from '../engine/grammar/types';
import { Usage, show } from './args';

/** A `Grammar` with what the CLI adds to it: its name, whether it is built in, and a batch's fast paths. */
export interface CliGrammar {
  /** The grammar itself: rules, `validate`, `parseTree`, and what the teaching commands read (explain, railroad). */
  readonly grammar: Grammar;
  readonly name: string;
  /** A grammar of URIs or IRIs from the registry (their errors hide passwords), not JSON or a file. */
  readonly builtIn: boolean;
  /** The rule when none is asked for and the command's default is not a rule of this grammar. */
  readonly firstRule: string;
  /** A fast yes/no for one rule (the batch command calls it once a line). */
  tester(rule: string): (input: string) => boolean;
  /**
   * A fast verdict that says where a refused input stopped: -1 for a valid input, else a failure
   * code for `brief`. The input is input.slice(from, end), read in place (a batch's line in its
   * chunk: a valid line is never cut out). Optional (with `brief`); undefined for a rule it
   * cannot locate in.
   */
  locator?(rule: string): ((input: string, from: number, end: number) => number) | undefined;
  /**
   * For a batch's plain output: the offset of `validate`'s error and its summary line, for an
   * input `locator` refused with `code`, without making the error; undefined when it cannot tell
   * (then `validate`).
   */
  brief?(input: string, rule: string, code: number): { index: number; summary: string } | undefined;
}

/** RFC 3986: the tables for a batch's verdicts, and its error lines without the errors. */
const rfc3986: CliGrammar = {
  grammar: rfc3986Grammar,
  name: 'rfc3986',
  builtIn: true,
  firstRule: 'URI',
  // The tables, never the RegExp: a batch's refused lines stop at their error instead of
  // backtracking, and the RegExp's compile is not paid back on files of usual sizes.
  tester: (rule) => driver.tableTester(rule as RuleName),
  // The same tables, with where a refused line stopped: its error line needs no second run.
  locator: (rule) => driver.tableLocator(rule as RuleName),
  brief: (input, rule, code) => (input.includes('@') ? briefWithPassword(input, rule as RuleName, code) : briefError(input, rule as RuleName, code)),
};

/**
 * The brief line (`briefError`) of an input with an "@", as `validate` prints it: its error with
 * the password hidden as a syntax error hides it (src/engine/errors.ts: the input shown with a
 * "*" for each character of the password, in every reading of src/engine/secrets.ts
 * `passwordSpan`; the offset unchanged, the headline saying when it is inside the password).
 */
function briefWithPassword(input: string, rule: RuleName, code: number): { index: number; summary: string } | undefined {
  const p = briefParts(input, rule, code);
  if (!p) return undefined;
  const span = passwordsRevealed() ? undefined : passwordSpan(input, true);
  if (!span) return { index: p.index, summary: summaryOf(input, rule, p.index, p.expected, p.hint) };
  const inside = p.index >= span[0] && p.index < span[1];
  const headline = inside ? `not a valid ${rule}: at offset ${p.index}, inside the password (redacted)` : undefined;
  return { index: p.index, summary: summaryOf(maskSpan(input, span), rule, p.index, p.expected, p.hint, headline) };
}

/** The grammar named on the command line (`rfc3986` when none is). */
export function cliGrammar(name: string | undefined, limits: CliLimits = {}): CliGrammar {
  if (name === undefined || name === 'rfc3986') return rfc3986;
  const g = load(name, limits);
  return {
    grammar: g,
    name: g.name ?? name,
    builtIn: (require('../builtins/catalog') as typeof import('../builtins/catalog')).catalogEntry(name)?.uri === true,
    firstRule: g.rules[0],
    tester: (rule) => (input) => g.isValid(input, rule),
  };
}

/** The registry (loaded only when another grammar is asked for), or a grammar file. */
/** The limits given (an option left out is not passed as undefined). */
function definedOnly(limits: CliLimits): CliLimits {
  return {
    ...(limits.maxNesting !== undefined ? { maxNesting: limits.maxNesting } : {}),
    ...(limits.workLimit !== undefined ? { workLimit: limits.workLimit } : {}),
  };
}

/** `--max-nesting` and `--work-limit`: the limits of a recursive grammar (the others have none). */
export interface CliLimits {
  readonly maxNesting?: number;
  readonly workLimit?: number;
}

function load(name: string, limits: CliLimits): Grammar {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { grammarByName, GRAMMAR_NAMES } = require('../builtins/registry') as typeof import('../builtins/registry');
  try {
    if (/\.a?bnf$/i.test(name)) {
      // A grammar file: ABNF (.abnf) or RFC 2396's notation (.bnf), read by src/cli/grammarFile.ts.
      // eslint-disable-next-line @typescript-eslint/no-var-requires
      const { loadGrammarFile } = require('./grammarFile') as typeof import('./grammarFile');
      return loadGrammarFile(name, limits);
    }
    return grammarByName(name, definedOnly(limits));
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { line?: number; column?: number };
    if (err && typeof err.code === 'string' && err.syscall) throw new Usage(`cannot read grammar ${show(name)}: ${err.code}`);
    if (err && err.name === 'AbnfSyntaxError') throw new Usage(`grammar ${show(name)}: ${String(err.message).split('\n', 1)[0]}`);
    if (e instanceof TypeError && /unknown grammar/.test(e.message)) {
      throw new Usage(`unknown grammar ${show(name)} (this build knows ${GRAMMAR_NAMES.join(', ')}, or a path to an .abnf or .bnf file)`);
    }
    throw e;
  }
}
