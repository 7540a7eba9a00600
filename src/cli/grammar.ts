/**
 * `--grammar G`: the grammar the commands `validate` and `tree` work with.
 *
 * TODO(lead): when `src/grammars.ts` (h9: `grammarByName`, `GRAMMAR_NAMES`, `compileAbnf`) is on
 * main, build `CliGrammar` from `grammarByName(name)` (and from `compileAbnf(readFileSync(path))`
 * for a path ending in `.abnf` / `.bnf`). Until then only `rfc3986` is accepted.
 */
import { RULE_NAMES, driver, type RuleName } from '../grammar';
import { validate, parseTree } from '../validate';
import type { Node } from '../engine/tree';
import type { UriSyntaxError } from '../errors';
import { Usage, show } from './args';

export interface CliGrammar {
  readonly name: string;
  readonly rules: readonly string[];
  /** A fast yes/no for one rule (the batch command calls it once a line). */
  tester(rule: string): (input: string) => boolean;
  validate(input: string, rule: string): { ok: true } | { ok: false; error: UriSyntaxError };
  tree(input: string, rule: string, lexical: boolean): Node;
}

const rfc3986: CliGrammar = {
  name: 'rfc3986',
  rules: RULE_NAMES,
  tester: (rule) => driver.tester(rule as RuleName),
  validate: (input, rule) => validate(input, rule as RuleName),
  tree: (input, rule, lexical) => parseTree(input, rule as RuleName, { lexical }),
};

/** The grammar named on the command line (`rfc3986` when none is). */
export function cliGrammar(name: string | undefined): CliGrammar {
  if (name === undefined || name === 'rfc3986') return rfc3986;
  throw new Usage(`unknown grammar ${show(name)} (this build knows rfc3986)`);
}
