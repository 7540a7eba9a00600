/**
 * `--grammar G`: the grammar the commands `validate` and `tree` work with.
 *
 * A registry name (`grammarByName`), or a path ending in `.abnf` (ABNF) or `.bnf` (RFC 2396's
 * notation), read by ./grammarFile.ts.
 */
import { RULE_NAMES, driver, type RuleName } from '../grammar';
import { validate, parseTree } from '../validate';
import { regexpSource } from '../engine/regexp';
import { LONG } from '../engine/limits';
import { hinted } from '../hints';
import type { Node } from '../engine/tree';
import type { UriSyntaxError } from '../errors';
import { Usage, show } from './args';
import { GRAMMAR_NAMES, grammarByName } from '../grammars';
import { loadGrammarFile } from '../grammarFile';
import type { Grammar } from '../engine/grammar';
import { AbnfSyntaxError } from '../engine/errors';

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

/** A grammar of the registry (`src/grammars.ts`) as the commands use it (added by h10 for rfc2396). */
function fromRegistry(g: Grammar): CliGrammar {
  return {
    name: g.name ?? 'grammar',
    get rules() {
      return g.rules;
    },
    tester: (rule) => (input) => g.isValid(input, rule),
    validate: (input, rule) => g.validate(input, rule) as ReturnType<CliGrammar['validate']>,
    tree: (input, rule, lexical) => g.parseTree(input, rule, { lexical }),
  };
}

/** The grammar named on the command line (`rfc3986` when none is). */
export function cliGrammar(name: string | undefined): CliGrammar {
  if (name === undefined || name === 'rfc3986') return rfc3986;
  if (GRAMMAR_NAMES.includes(name)) return fromRegistry(grammarByName(name));
  if (/\.a?bnf$/i.test(name)) {
    // A grammar file: ABNF (.abnf) or RFC 2396 notation (.bnf); text that is not a grammar is a usage error.
    try {
      return fromRegistry(loadGrammarFile(name));
    } catch (e) {
      if (e instanceof AbnfSyntaxError) throw new Usage(`${show(name)}: ${e.message.split('\n')[0]}`);
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string') throw new Usage(`${show(name)}: cannot read the grammar file (${code})`);
      throw e;
    }
  }
  throw new Usage(`unknown grammar ${show(name)} (this build knows ${GRAMMAR_NAMES.join(', ')})`);
}
