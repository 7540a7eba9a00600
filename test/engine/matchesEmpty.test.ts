/**
 * "Can match the empty string" is written once (src/engine/expr.ts `matchesEmpty`) and asked in
 * two ways: by following references (src/engine/automata/firstSets.ts `nullable`, grammars
 * without recursion) and by a fixpoint over the rules (src/engine/recursive/analysis.ts
 * `nullableRules`, any grammar). Both are held to an engine that runs the rule on the empty
 * input: the automaton for a regular grammar, the ends runner (src/engine/recursive/ends.ts)
 * for a recursive one.
 */
import fc from 'fast-check';
import { alt, lit, ref, rep, seq, chars, type Expr, type Rules } from '../../src/engine/expr';
import { nullable } from '../../src/engine/automata/firstSets';
import { nullableRules } from '../../src/engine/recursive/analysis';
import { Automaton } from '../../src/engine/automata/automaton';
import { EndsRunner } from '../../src/engine/recursive/ends';

const NAMES = ['r0', 'r1', 'r2', 'r3'];

/** An expression of rule `k`: references to later rules only, or with `back` also to r0 after an "x" (recursion, never left). */
function exprArb(k: number, depth: number, back: boolean): fc.Arbitrary<Expr> {
  const leaves: Array<fc.Arbitrary<Expr>> = [
    fc.constantFrom(lit(''), lit('a'), lit('ab'), chars('a-c', 'abc'), seq()),
  ];
  if (k + 1 < NAMES.length) leaves.push(fc.integer({ min: k + 1, max: NAMES.length - 1 }).map((j) => ref(NAMES[j])));
  if (back) leaves.push(fc.constant(seq(lit('x'), ref('r0'))));
  if (depth <= 0) return fc.oneof(...leaves);
  const sub = exprArb(k, depth - 1, back);
  return fc.oneof(
    { weight: 3, arbitrary: fc.oneof(...leaves) },
    { weight: 2, arbitrary: fc.array(sub, { minLength: 1, maxLength: 3 }).map((items) => seq(...items)) },
    { weight: 2, arbitrary: fc.array(sub, { minLength: 1, maxLength: 3 }).map((items) => alt(...items)) },
    { weight: 2, arbitrary: fc.tuple(sub, fc.constantFrom([0, 1], [0, Infinity], [1, Infinity], [2, 2])).map(([item, [min, max]]) => rep(item, min, max)) },
  );
}

const grammarArb = (back: boolean): fc.Arbitrary<Rules> =>
  fc.tuple(...NAMES.map((_, k) => exprArb(k, 2, back))).map((es) => Object.fromEntries(NAMES.map((n, k) => [n, es[k]])));

describe('matchesEmpty: one statement, asked by reference and by fixpoint', () => {
  test('no recursion: nullable (references followed) and nullableRules agree with the automaton on ""', () => {
    fc.assert(fc.property(grammarArb(false), (g) => {
      const found = nullableRules(g);
      for (const r of NAMES) {
        const accepts = new Automaton(g, r).test('');
        expect(nullable(g, ref(r))).toBe(accepts);
        expect(found.has(r)).toBe(accepts);
      }
    }), { numRuns: 200 });
  });

  test('recursion: nullableRules agrees with the ends runner on ""', () => {
    fc.assert(fc.property(grammarArb(true), (g) => {
      const found = nullableRules(g);
      for (const r of NAMES) expect(found.has(r)).toBe(new EndsRunner(g, '').run(r).ends.includes(0));
    }), { numRuns: 200 });
  });

  test('a rule that needs itself before it can be empty is not nullable (the least fixpoint)', () => {
    const g: Rules = { a: seq(ref('b'), lit('')), b: alt(seq(lit('x'), ref('a')), lit('y')) };
    expect([...nullableRules(g)]).toEqual([]);
    const h: Rules = { a: alt(seq(lit('x'), ref('a')), rep(lit('y'))) };
    expect([...nullableRules(h)]).toEqual(['a']);
  });
});
