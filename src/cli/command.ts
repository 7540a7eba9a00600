/** What a command is: its options, its arguments, its rules, and how it runs. */
import type { OptionTable } from './args';
import type { Io } from './io';
import type { CliGrammar } from './grammar';

export interface Context {
  readonly args: string[];
  readonly opts: Map<string, string | true | string[]>;
  /** `--rule R`, checked against the grammar and the command's own list; else the command's default. */
  readonly rule: string;
  readonly grammar: CliGrammar;
  readonly io: Io;
}

export interface Command {
  readonly name: string;
  /** One line for `uri-grammar --help`. */
  readonly summary: string;
  /** The synopsis after the command name, e.g. `<uri> [--rule R] [--lexical]`. */
  readonly synopsis: string;
  /** Lines of explanation for `uri-grammar <command> --help`. */
  readonly details?: readonly string[];
  readonly options: OptionTable;
  /** How many arguments: [least, most]. */
  readonly arity: readonly [number, number];
  /** Absent: no `--rule`. `true`: any rule of the grammar. A list: only these. */
  readonly rules?: true | readonly string[];
  /** Its help lists the grammar's rules though it takes no --rule (its argument is a rule). */
  readonly listsRules?: boolean;
  readonly defaultRule?: string;
  /** Works only with the RFC 3986 grammar (its semantic layer). */
  readonly rfc3986Only?: boolean;
  /** With `rfc3986Only`: works with the rfc3987 grammar too (RFC 3987 2.1: RFC 3986's algorithms apply to IRIs). */
  readonly iri?: boolean;
  run(ctx: Context): number | Promise<number>;
}

/** `true`, the value, or undefined (a repeatable option gives its last value). */
export function flag(ctx: Context, name: string): boolean {
  return ctx.opts.get(name) === true;
}
