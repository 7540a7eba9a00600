/**
 * `--grammar G`: the grammar the commands `validate` and `tree` work with.
 *
 * TODO(lead): when `src/grammars.ts` (h9: `grammarByName`, `GRAMMAR_NAMES`, `compileAbnf`) is on
 * main, build `CliGrammar` from `grammarByName(name)` (and from `compileAbnf(readFileSync(path))`
 * for a path ending in `.abnf` / `.bnf`). Until then only `rfc3986` is accepted.
 */
import { RULE_NAMES, driver, type RuleName } from '../grammar';
import { validate, parseTree } from '../validate';
import { regexpSource } from '../engine/regexp';
import { LONG } from '../engine/limits';
import { hinted } from '../hints';
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
  tester: (rule) => lazyTester(rule as RuleName),
  // The tester has said no (or the caller wants the error): the automaton's verdict, without
  // building the driver's own tester (driver.check would test again first).
  validate: (input, rule) => {
    if (typeof input !== 'string' || !driver.hasRule(rule)) return validate(input, rule as RuleName);
    const v = driver.automaton(rule).run(input);
    return v.ok ? { ok: true } : { ok: false, error: hinted(driver.error(input, rule, v)) };
  },
  tree: (input, rule, lexical) => parseTree(input, rule as RuleName, { lexical }),
};

/**
 * The driver's tester builds the RegExp and the automaton up front; a batch of valid lines
 * needs only the RegExp (the automaton costs about 20 ms of a 0.2 s run, and is built on the
 * first invalid line, for its error). The same RegExp as `driver.tester` (engine/regexp.ts);
 * the automaton for inputs of LONG characters or more.
 * TODO(lead): use the registry's Grammar.isValid / validate once the engine (h9) makes them as cheap.
 */
function lazyTester(rule: RuleName): (input: string) => boolean {
  const re = new RegExp(`^(?:${regexpSource(driver.grammar, { t: 'ref', name: rule })})$`);
  return (input) => (input.length < LONG ? re.test(input) : driver.automaton(rule).run(input).ok);
}

/** The grammar named on the command line (`rfc3986` when none is). */
export function cliGrammar(name: string | undefined): CliGrammar {
  if (name === undefined || name === 'rfc3986') return rfc3986;
  throw new Usage(`unknown grammar ${show(name)} (this build knows rfc3986)`);
}
