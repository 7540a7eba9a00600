/**
 * How the random grammars of the agreement tests grow (test/oracles/backtrack.ts's AST): an
 * expression is a leaf, or two or three smaller ones in sequence or as alternatives, or one
 * repeated; a grammar is one expression per rule. Each generator gives its own leaves and
 * repetition counts. (The weights and order are part of a seeded run: the same seed gives the
 * same grammars as the generators gave when each wrote this out.)
 */
import fc from 'fast-check';
import type { Ast, Rules } from '../oracles/backtrack';

/** A leaf (weight 3), a sequence or alternation of 2–3 `sub`s (2 each), or `sub` repeated (`repWeight`) as one of `reps`' [min, max]. */
export function grown(leaves: Array<fc.Arbitrary<Ast>>, sub: fc.Arbitrary<Ast>, reps: Array<[number, number]>, repWeight = 2): fc.Arbitrary<Ast> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.oneof(...leaves) },
    { weight: 2, arbitrary: fc.array(sub, { minLength: 2, maxLength: 3 }).map((items): Ast => ({ t: 'seq', items })) },
    { weight: 2, arbitrary: fc.array(sub, { minLength: 2, maxLength: 3 }).map((items): Ast => ({ t: 'alt', items })) },
    { weight: repWeight, arbitrary: fc.tuple(sub, fc.constantFrom(...reps)).map(([item, [min, max]]): Ast => ({ t: 'rep', item, min, max })) },
  );
}

/** The grammar of rules `names`, rule k's expression from `exprOf(k)`. */
export function grammarOf(names: readonly string[], exprOf: (k: number) => fc.Arbitrary<Ast>): fc.Arbitrary<Rules> {
  return fc.tuple(...names.map((_, k) => exprOf(k))).map((es) => {
    const rules: Rules = {};
    names.forEach((n, k) => (rules[n] = es[k]));
    return rules;
  });
}
