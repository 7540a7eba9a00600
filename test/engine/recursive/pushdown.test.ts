/**
 * The one-pass verdict of recursive grammars (src/engine/recursive/pushdown.ts, machines.ts):
 * where it decides, it is the general engine's (src/engine/recursive/ends.ts) on random recursive grammars (seeded)
 * and on JSONTestSuite; right recursion in tail position is a loop; the nesting limit and its
 * error stay the general engine's; memory is the stack.
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { compileAbnf, grammarByName } from '../../../src/index';
import { EndsRunner, NestingLimitError } from '../../../src/engine/recursive/ends';
import { rulesReachingRecursion } from '../../../src/engine/recursive/analysis';
import { pushdownOf, UNDECIDED } from '../../../src/engine/recursive/pushdown';
import type { Rules as Exprs } from '../../../src/engine/expr';
import { toAbnf } from '../../oracles/backtrack';
import { recursiveGrammarArb, recursiveInputArb } from '../../support/recursiveGrammars';

const exprsOf = (g: unknown): Exprs => (g as { source(): { exprs: Exprs } }).source().exprs;
const general = (exprs: Exprs, rule: string, s: string): boolean => new EndsRunner(exprs, s).run(rule).ends.includes(s.length);
const SUITE = path.join(__dirname, '../../vectors/jsontestsuite/test_parsing');

describe('the pushdown verdict = the general engine\'s, where it decides (seeded)', () => {
  it('random recursive grammars: white space around calls, tails, brackets, nullable bodies', () => {
    let decided = 0;
    let asked = 0;
    fc.assert(
      fc.property(recursiveGrammarArb, fc.array(recursiveInputArb, { minLength: 12, maxLength: 12 }), (rules, inputs) => {
        const text = toAbnf(rules);
        const exprs = exprsOf(compileAbnf(text));
        const recursive = rulesReachingRecursion(exprs);
        for (const rule of ['r0', 'r1']) {
          if (!recursive.has(rule)) continue;
          const pd = pushdownOf(exprs, rule, recursive, 5000);
          expect(pd).not.toBeNull();
          for (const s of ['', 'a', '()', '[ a ]', 'a,a,a', ...inputs]) {
            asked++;
            const v = pd!.test(s);
            if (v === UNDECIDED) continue;
            decided++;
            expect({ text, rule, s, valid: v === 1 }).toEqual({ text, rule, s, valid: general(exprs, rule, s) });
          }
        }
      }),
      { seed: 20261128, numRuns: 250 },
    );
    // It does decide most of them (a runner that always gave way would pass the loop above).
    expect(asked).toBeGreaterThan(1000);
    expect(decided / asked).toBeGreaterThan(0.5);
  });

  it('JSONTestSuite: every file decided, as the general engine says (the two nesting files: the nesting limit)', () => {
    const json = grammarByName('json');
    const exprs = exprsOf(json);
    const pd = pushdownOf(exprs, 'JSON-text', rulesReachingRecursion(exprs), 5000)!;
    let files = 0;
    for (const f of fs.readdirSync(SUITE)) {
      const s = fs.readFileSync(path.join(SUITE, f)).toString('utf8');
      let want: boolean | string;
      try {
        want = general(exprs, 'JSON-text', s);
      } catch (e) {
        want = (e as Error).name;
      }
      const v = pd.test(s);
      if (want === 'NestingLimitError') expect({ f, v }).toEqual({ f, v: UNDECIDED });
      else expect({ f, v }).toEqual({ f, v: want ? 1 : 0 });
      files++;
    }
    expect(files).toBeGreaterThan(300);
  });
});

describe('right recursion in tail position is a loop; nesting is still nesting', () => {
  const list = compileAbnf('list = item [ "," list ]\nitem = "x" / "(" list ")"');

  it('a list of a million items is valid under the default nesting limit, and pushes nothing', () => {
    const s = 'x,'.repeat(1_000_000) + 'x';
    expect(list.isValid(s, 'list')).toBe(true);
    expect(list.isValid(s + ',', 'list')).toBe(false);
    const exprs = exprsOf(list);
    const pd = pushdownOf(exprs, 'list', rulesReachingRecursion(exprs), 5000)!;
    expect(pd.test(s)).toBe(1);
    expect(pd.deepest).toBe(0); // no frame for `[ "," list ]`: memory is the nesting, not the length
    expect(pd.test('(('.repeat(100) + 'x' + '))'.repeat(100))).toBe(1);
    expect(pd.deepest).toBe(200);
  });

  it('true nesting past the limit is still the general engine\'s NestingLimitError', () => {
    const deep = '('.repeat(6000) + 'x' + ')'.repeat(6000);
    expect(() => list.isValid(deep, 'list')).toThrow(NestingLimitError);
    const raised = compileAbnf('list = item [ "," list ]\nitem = "x" / "(" list ")"', { maxNesting: 20_000 });
    expect(raised.isValid(deep, 'list')).toBe(true);
  });
});

describe('a root that is a loop of itself (`s = "a" *s`): ending and calling again is calling', () => {
  it('is decided, as the general engine says, and only where the analysis finds the shape', () => {
    const cases: Array<[string, string, boolean]> = [['s = "a" *s', 's', true], ['s = ("a" / "b") *s', 's', true], ['s = "a" *s "b"', 's', false], ['u = s "a"\ns = "a" *s', 'u', false]];
    for (const [text, rule, loop] of cases) {
      const exprs = exprsOf(compileAbnf(text, { maxNesting: 1e8 }));
      const pd = pushdownOf(exprs, rule, rulesReachingRecursion(exprs), 1e8)!;
      expect({ text, loop: pd.m.rootLoop }).toEqual({ text, loop });
      for (const s of ['a', 'aa', 'aaa', 'ab', 'aab', 'aba', 'ba', '', 'aaab', 'abab']) {
        const v = pd.test(s);
        if (loop) expect({ text, s, v }).not.toEqual({ text, s, v: UNDECIDED });
        if (v !== UNDECIDED) expect({ text, s, valid: v === 1 }).toEqual({ text, s, valid: general(exprs, rule, s) });
      }
    }
    const exprs = exprsOf(compileAbnf('s = "a" *s', { maxNesting: 1e8 }));
    expect(pushdownOf(exprs, 's', rulesReachingRecursion(exprs), 1e8)!.test('a'.repeat(200_000))).toBe(1);
  });
});

describe('quoted strings fold ASCII letters only (RFC 5234 2.3), in every engine', () => {
  it('the Kelvin sign is not "k"', () => {
    expect(compileAbnf('r = "k"').isValid('\u212a', 'r')).toBe(false); // the regular engine
    const g = compileAbnf('r = "k" [ "(" r ")" ]');
    const exprs = exprsOf(g);
    for (const [s, want] of [['k', true], ['K', true], ['\u212a', false], ['k(K)', true], ['k(\u212a)', false]] as const) {
      expect({ s, isValid: g.isValid(s, 'r') }).toEqual({ s, isValid: want });
      expect({ s, general: general(exprs, 'r', s) }).toEqual({ s, general: want });
    }
  });
});
