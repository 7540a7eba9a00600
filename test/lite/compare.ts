/**
 * The lite entry point against the main package: verdicts for all 36 rules, and `parse` (the
 * components object, or the error's name, offset, first message line, input and rule) for the
 * four component rules. Each returns the disagreements (empty when they agree).
 */
import * as main from '../../src/index';
import * as lite from '../../src/lite/index';

export const COMPONENT_RULES = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'] as const;

/** [rule, input, main's verdict] for every input and rule where lite's differs. */
export function verdictMismatches(inputs: Iterable<string>, rules: readonly main.RuleName[] = main.RULE_NAMES): Array<[string, string, boolean]> {
  const out: Array<[string, string, boolean]> = [];
  for (const input of inputs) {
    for (const rule of rules) {
      const m = main.isValid(input, rule);
      if (lite.isValid(input, rule) !== m) out.push([rule, input, m]);
    }
  }
  return out;
}

/** What a parse gave: the components, or what the error says. */
export function outcome(parse: (input: string, rule: main.ComponentRule) => main.UriComponents, input: string, rule: main.ComponentRule): unknown {
  try {
    return { components: parse(input, rule) };
  } catch (e) {
    const err = e as main.UriSyntaxError;
    return { error: { name: err.name, index: err.index, firstLine: err.message.split('\n')[0], input: err.input, rule: err.rule, isSyntaxError: err instanceof SyntaxError } };
  }
}

/** [rule, input, main's outcome, lite's outcome] where they differ (compared with every key, undefined ones too). */
export function parseMismatches(inputs: Iterable<string>): Array<[string, string, unknown, unknown]> {
  const out: Array<[string, string, unknown, unknown]> = [];
  for (const input of inputs) {
    for (const rule of COMPONENT_RULES) {
      const m = outcome(main.parse, input, rule);
      const l = outcome(lite.parse, input, rule);
      if (!same(m, l)) out.push([rule, input, m, l]);
    }
  }
  return out;
}

/** Deep equality that tells an absent key from one set to undefined, and keeps key order out of it. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
