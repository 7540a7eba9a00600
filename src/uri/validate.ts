/**
 * The core API: validity, validation with an error, and the parse tree, of the RFC 3986 grammar
 * (./rfc3986.ts), with `URI-reference` when no rule is named; and a batch's one-line errors.
 */
import { driver, RULE_NAMES, type RuleName, type UriNode } from './rules';
import type { TreeOptions, ValidateOptions, ValidationOf } from '../engine/grammar/types';
import { passwordSpan, passwordsRevealed } from '../engine/secrets';
import { expectString, type UriSyntaxError } from './errors';
import { summaryOf } from '../engine/errors';
import { briefHint } from './hints';
import { rfc3986 } from './rfc3986';

export type ValidationResult = ValidationOf<UriSyntaxError>;

/** The 36 rule names by their lowercase spelling: rule names are case-insensitive (RFC 5234 2.1). */
let byLowerCase: Map<string, RuleName> | undefined;

/**
 * The rule as the grammar spells it (`uri` is `URI`: RFC 5234 2.1), or a TypeError unless `rule`
 * names one of the 36 rules (of `allowed`, when given).
 */
export function ruleNamed(rule: unknown, fn: string, allowed?: readonly string[]): RuleName {
  if (driver.hasRule(rule) && (!allowed || allowed.includes(rule))) return rule;
  if (typeof rule === 'string') {
    byLowerCase ??= new Map(RULE_NAMES.map((r) => [r.toLowerCase(), r]));
    const named = byLowerCase.get(rule.toLowerCase());
    if (named !== undefined && (!allowed || allowed.includes(named))) return named;
  }
  expectRule(rule, fn, allowed);
  return rule;
}

/** A TypeError unless `rule` is one of the 36 rule names, spelled as the grammar spells it. */
export function expectRule(rule: unknown, fn: string, allowed?: readonly string[]): asserts rule is RuleName {
  if (!driver.hasRule(rule) || (allowed && !allowed.includes(rule))) {
    const what = allowed ? allowed.join(', ') : 'one of RULE_NAMES';
    throw new TypeError(`${fn}: argument "rule" must be ${what}, got ${typeof rule === 'string' ? JSON.stringify(rule) : typeof rule}`);
  }
}

/**
 * Does the whole input match `rule` (RFC 3986 Appendix A)? The answer of `rfc3986.isValid`
 * (./rfc3986.ts), whose verdicts are this driver's, with its checks and their messages, but
 * without the grammar class: a bundle that imports `isValid` alone then holds the verdict tables
 * and RegExps, not the trees, the recursive engine, parsimmon or the other grammars' data
 * (test/package/package.test.ts). The grammar has no `tester` or `check` hook: should it get one,
 * this function must ask it too.
 */
export function isValid(input: string, rule: RuleName = 'URI-reference'): boolean {
  // A loop over many inputs asks for one rule: its tester, with the checks done, is kept.
  if (rule === lastRule && typeof input === 'string') return lastTester!(input);
  expectString(input, 'input', 'isValid');
  const tester = driver.tester(ruleNamed(rule, 'isValid'));
  lastRule = rule;
  lastTester = tester;
  return tester(input);
}
let lastRule: unknown;
let lastTester: ((input: string) => boolean) | undefined;

/**
 * `{ ok: true }`, or `{ ok: false, error }` with a `UriSyntaxError` (with a `hint`, and a checked
 * `suggestion`, when a known mistake fits: src/uri/hints.ts). Never throws for a string. The error
 * is a value, not thrown: its `stack` is its name and message, without call-site frames. A
 * password in the input is shown as "*"s in everything the error carries, unless
 * `options.revealPasswords` (src/engine/secrets.ts).
 */
export function validate(input: string, rule: RuleName = 'URI-reference', options?: ValidateOptions): ValidationResult {
  return rfc3986.validate(input, rule, options) as ValidationResult;
}

/**
 * For a batch that prints one line an invalid input: the offset of `validate`'s error and its
 * `summaryLine` (headline, expected, hint), without making the error or checking a suggestion.
 * With `code`, what `driver.tableLocator(rule)` said of the input (-1: valid), so that the tables
 * do not run over it again. Undefined for a valid input, and for one with an "@" or another
 * shape that may hold a password (its error hides it: ask `validate`, or see src/cli/grammar.ts).
 */
export function briefError(input: string, rule: RuleName, code?: number): { index: number; summary: string } | undefined {
  if (input.includes('@') || (!passwordsRevealed() && passwordSpan(input, true))) return undefined;
  const p = briefParts(input, rule, code);
  return p && { index: p.index, summary: summaryOf(input, rule, p.index, p.expected, p.hint) };
}

/** What `briefError` makes its line of: the error's offset, `expected` list and hint text. */
export function briefParts(input: string, rule: RuleName, code?: number): { index: number; expected: readonly string[]; hint?: string } | undefined {
  if (code !== undefined && code < 0) return undefined;
  let index: number;
  let expected: readonly string[];
  if (code === undefined) {
    const v = driver.verdict(input, rule);
    if (v.ok) return undefined;
    ({ index, expected } = v);
  } else {
    index = driver.failureIndex(code);
    expected = driver.failureExpected(code);
  }
  return { index, expected, hint: briefHint({ input, rule, index }) };
}

/**
 * The typed parse tree of the whole input as `rule`; throws `UriSyntaxError` for invalid input.
 * Every call returns fresh objects (nothing is shared with the library or another call). A
 * tree of more than `options.maxNodes` nodes (default 2^26) is a `RangeError`; trees of more
 * than 65,536 nodes come as views whose `children` are made on each read (use `walk` to go
 * through a large tree without making node objects).
 */
export function parseTree<R extends RuleName = 'URI-reference'>(
  input: string,
  rule: R = 'URI-reference' as R,
  options?: TreeOptions,
): UriNode<R> {
  return rfc3986.parseTree(input, rule, options) as UriNode<R>;
}
