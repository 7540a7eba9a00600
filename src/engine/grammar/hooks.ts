/**
 * The one way a grammar adds meaning to the `Grammar` class (./grammar.ts): RFC 3986's hints
 * and error class (src/uri/rfc3986.ts), RFC 3987's section 4.1 and its options
 * (src/iri/rfc3987.ts). A grammar without hooks is the grammar its text says, no more.
 *
 * The calls on input (`isValid`, `validate`, `parseTree`, `walk`) are where the hooks apply:
 * they name themselves `prefix + name` in their messages, word a rule the grammar does not have
 * with `badRule`, default to `defaultRule`, take the options `options` lists, and end in `check`
 * and `decorate`. The calls on rules (`parser`, `ruleText`, `expr`, `alternativeOf`) are the
 * grammar's own.
 */
import type { GrammarSyntaxError } from '../errors';
import type { OptionSpec } from '../options';
import type { Verdict } from './runner';

export interface GrammarHooks<R extends string = string> {
  /** What the calls on input put before their names in messages (RFC 3987: `rfc3987.`). Default none. */
  readonly prefix?: string;
  /**
   * The rule of a call on input that names none (RFC 3986: `URI-reference`). Not for `walk`,
   * which always names its rule. Default none: an omitted rule is a TypeError.
   */
  readonly defaultRule?: R;
  /** The options the calls on input take besides the grammar's own (RFC 3987: `abnfOnly`, `allowNewerBidiControls`). */
  readonly options?: OptionSpec;
  /** The TypeError of a call on input for a rule the grammar does not have, worded the grammar's way. */
  badRule?(rule: unknown, fn: string): TypeError;
  /**
   * The yes/no of `isValid` with the hook's options (read, or undefined when none were given),
   * where the grammar has a faster or a stricter one than its runner's; undefined: the runner's.
   */
  tester?(rule: R, options: Readonly<Record<string, unknown>> | undefined): ((input: string) => boolean) | undefined;
  /**
   * The last word on an input's verdict, for `validate`, `parseTree` and `walk`: the error to
   * give (a stricter rule than the grammar's, a better worded one), or undefined for the
   * grammar's own error, if any. `verdict` is the grammar's.
   */
  check?(input: string, rule: R, verdict: Verdict, options: Readonly<Record<string, unknown>> | undefined, fn: string): GrammarSyntaxError | undefined;
  /** Meaning added to the error `validate` hands back (RFC 3986: its hint and checked suggestion, src/uri/hints.ts). */
  decorate?(error: GrammarSyntaxError): GrammarSyntaxError;
}
