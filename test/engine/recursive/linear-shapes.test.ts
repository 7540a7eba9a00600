/**
 * The shapes issue 35 found super-linear run in linear work (src/engine/recursive/follow.ts:
 * re-entrant repetitions, FOLLOW sets of the grammar as the run's rule uses it). Not timed: the
 * runner's own count of steps (`EndsRunner.steps`, the work limit's measure) is held to a constant
 * per character at two lengths, valid and invalid inputs alike; and a tight work limit of the
 * public API (which the super-linear runner exceeded within a few hundred characters) is met.
 */
import { compileAbnf, grammarByName } from '../../../src/index';
import { EndsRunner } from '../../../src/engine/recursive/ends';
import { reentrantRepetitions } from '../../../src/engine/recursive/follow';
import type { RuleGrammar } from '../../../src/engine/grammar/grammar';

interface Shape {
  readonly name: string;
  readonly grammar: RuleGrammar<string>;
  readonly rule: string;
  /** An input of about `k` units of the shape, and whether it is valid. */
  readonly input: (k: number) => string;
  readonly valid: boolean;
}

const aS = compileAbnf('s = "a" *s\n');
const nested = compileAbnf('s = "(" *(*s) ")"\n');
const viaT = compileAbnf('s = "(" *t ")"\nt = *s\n');
const rfc5322 = grammarByName('rfc5322') as RuleGrammar<string>; // every grammar is one (issue 39)

const SHAPES: readonly Shape[] = [
  { name: 's = "a" *s', grammar: aS, rule: 's', input: (k) => 'a'.repeat(k), valid: true },
  { name: 's = "a" *s, refused', grammar: aS, rule: 's', input: (k) => 'a'.repeat(k) + 'b', valid: false },
  { name: 's = "(" *(*s) ")"', grammar: nested, rule: 's', input: (k) => `(${'()'.repeat(k)})`, valid: true },
  { name: 's = "(" *(*s) ")", refused', grammar: nested, rule: 's', input: (k) => `(${'()'.repeat(k)}]`, valid: false },
  { name: 's = "(" *t ")", t = *s', grammar: viaT, rule: 's', input: (k) => `(${'()'.repeat(k)})`, valid: true },
  { name: 's = "(" *t ")", t = *s, refused', grammar: viaT, rule: 's', input: (k) => `(${'()'.repeat(k)}]`, valid: false },
  { name: 'addr-spec, folding white space', grammar: rfc5322, rule: 'addr-spec', input: (k) => 'a' + ' \r\n '.repeat(k) + '@b', valid: true },
  { name: 'addr-spec, folding white space, refused', grammar: rfc5322, rule: 'addr-spec', input: (k) => 'a' + ' \r\n '.repeat(k) + '@', valid: false },
  { name: 'addr-spec, dotted atoms', grammar: rfc5322, rule: 'addr-spec', input: (k) => 'a@' + 'b . '.repeat(k) + 'c', valid: true },
  { name: 'addr-spec, dotted atoms, refused', grammar: rfc5322, rule: 'addr-spec', input: (k) => 'a@' + 'b . '.repeat(k), valid: false },
];

/** Steps per character of a run (nesting unbounded: `s = "a" *s`'s first-match tree nests once a character). */
function stepsPerChar(shape: Shape, k: number): number {
  const s = shape.input(k);
  const runner = new EndsRunner(shape.grammar.source().exprs, s, { maxNesting: 1e7, workLimit: 1e6 });
  const run = runner.run(shape.rule);
  expect({ shape: shape.name, valid: run.ends.includes(s.length) }).toEqual({ shape: shape.name, valid: shape.valid });
  return runner.steps / s.length;
}

describe('the shapes issue 35 found super-linear take linear work (steps counted, not timed)', () => {
  it.each(SHAPES.map((s) => [s.name, s] as const))('%s: steps per character stay put from 1,000 to 8,000 units, under 60', (_, shape) => {
    const small = stepsPerChar(shape, 1_000);
    const large = stepsPerChar(shape, 8_000);
    expect(large).toBeLessThan(60);
    // Quadratic work would multiply the steps per character by 8 here.
    expect(large).toBeLessThanOrEqual(small * 1.05);
  });

  it('a tight work limit (60 steps a character) is met at 20,000 characters; the verdicts are the RFC\'s', () => {
    const tight = { workLimit: 60, maxNesting: 100_000 };
    const g1 = compileAbnf('s = "a" *s\n', tight);
    expect(g1.isValid('a'.repeat(20_000), 's')).toBe(true);
    const g2 = compileAbnf('s = "(" *(*s) ")"\n', tight);
    expect(g2.isValid(`(${'()'.repeat(10_000)})`, 's')).toBe(true);
    expect(g2.isValid(`(${'()'.repeat(10_000)}`, 's')).toBe(false);
    const g3 = compileAbnf('s = "(" *t ")"\nt = *s\n', tight);
    expect(g3.isValid(`(${'()'.repeat(10_000)})`, 's')).toBe(true);
    const v = g3.validate(`(${'()'.repeat(10_000)}]`, 's');
    expect(!v.ok && [v.error.index, [...v.error.expected].sort()]).toEqual([20_001, ['"("', '")"']]);
    const mail = grammarByName('rfc5322', { workLimit: 60 });
    expect(mail.isValid('a' + ' \r\n '.repeat(5_000) + '@b', 'addr-spec')).toBe(true);
    expect(mail.isValid('a@' + 'b . '.repeat(5_000) + 'c', 'addr-spec')).toBe(true);
    expect(mail.isValid('a@' + 'b . '.repeat(5_000), 'addr-spec')).toBe(false);
  });

  it('the re-entrant repetitions are the ones the shapes name, and no others', () => {
    const count = (text: string, root: string) => {
      const g = compileAbnf(text);
      return reentrantRepetitions(g.source().exprs, root).size;
    };
    expect(count('s = "a" *s\n', 's')).toBe(1); // (A)
    expect(count('s = "(" *(*s) ")"\n', 's')).toBe(1); // (B): the inner *s
    expect(count('s = "(" *t ")"\nt = *s\n', 's')).toBe(1); // (C): t's *s
    // Not re-entrant: the stop is followed by something of its own ("b"), or the rule is used elsewhere.
    expect(count('s = "a" *s "b"\n', 's')).toBe(0);
    expect(count('s = "a" *s\nu = s "a"\n', 'u')).toBe(0);
    expect(count('s = "(" *t ")"\nt = *s\nu = t "("\n', 'u')).toBe(0);
    expect(count('s = "a" 2*3s\n', 's')).toBe(0); // bounded
  });
});
