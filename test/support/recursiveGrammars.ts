/**
 * Random recursive grammars (seeded by the caller's fast-check run) in the shapes the one-pass
 * runners of src/engine/recursive/ (pushdown.ts, backtrack.ts) decide or give way on: recursion
 * after a bracket, right recursion in tail position (`"a" [ "," r ]`), white space on both sides
 * of a call (`*" "` before and after), alternatives of single characters, nullable bodies and
 * rules that are one character (nodes of their own). Written as test/oracles/backtrack.ts's AST,
 * so the reference runs them too.
 */
import fc from 'fast-check';
import type { Ast, Rules } from '../oracles/backtrack';
import { grammarOf, grown } from './astShapes';

export const RULES = ['r0', 'r1', 'r2', 'r3', 'r4'];

const lit = (s: string): Ast => ({ t: 'lit', s });
const ref = (j: number): Ast => ({ t: 'ref', name: RULES[j] });
const star = (item: Ast, min = 0): Ast => ({ t: 'rep', item, min, max: Infinity });
const spaces: Ast = star(lit(' '));

/** An expression of rule `k`: later rules anywhere, any rule after a consuming character (no left recursion). */
function exprArb(k: number, depth: number): fc.Arbitrary<Ast> {
  const leaves: Array<fc.Arbitrary<Ast>> = [
    fc.constantFrom<Ast>(lit('a'), lit('ab'), lit(''), lit(','), { t: 'range', lo: 0x61, hi: 0x62 }, spaces, { t: 'alt', items: [lit('a'), lit('b'), lit(' ')] }),
    fc.integer({ min: 0, max: RULES.length - 1 }).chain((j) => fc.constantFrom<Ast>(
      { t: 'seq', items: [lit('('), ref(j), lit(')')] },
      { t: 'seq', items: [lit('['), spaces, star({ t: 'seq', items: [ref(j), spaces] }), lit(']'), spaces] },
      { t: 'seq', items: [lit('a'), { t: 'rep', item: { t: 'seq', items: [lit(','), ref(j)] }, min: 0, max: 1 }] },
      { t: 'seq', items: [lit('('), spaces, ref(j)] },
      { t: 'seq', items: [lit('a'), star(ref(j))] },
    )),
  ];
  if (k + 1 < RULES.length) leaves.push(fc.integer({ min: k + 1, max: RULES.length - 1 }).map(ref));
  if (depth <= 0) return fc.oneof(...leaves);
  return grown(leaves, exprArb(k, depth - 1), [[0, 1], [0, Infinity], [1, Infinity], [1, 2]], 1);
}

export const recursiveGrammarArb: fc.Arbitrary<Rules> = grammarOf(RULES, (k) => exprArb(k, 2));

/** Short inputs over the grammars' characters. */
export const recursiveInputArb = fc.array(fc.constantFrom('a', 'b', 'A', '(', ')', '[', ']', ',', ' '), { maxLength: 9 }).map((cs) => cs.join(''));
