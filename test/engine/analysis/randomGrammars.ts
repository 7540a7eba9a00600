/**
 * Random small grammars for the analysis tests, as the backtracking reference's AST
 * (test/oracles/backtrack.ts), with a marker rule around every alternative: `m<i>` for the i-th
 * alternative met. The reference's tree of a string then says, independently of the engine,
 * which alternatives its first-match parse takes.
 */
import fc from 'fast-check';
import type { Ast, RefNode, Rules } from '../../oracles/backtrack';

export const NAMES = ['r0', 'r1', 'r2', 'r3'];

/** An expression of rule `k` (refers to later rules only: no recursion; with `recursive`, back to r0 after a "b"). */
export function exprArb(k: number, depth: number, recursive = false): fc.Arbitrary<Ast> {
  const leaves: Array<fc.Arbitrary<Ast>> = [
    fc.constantFrom<Ast>({ t: 'range', lo: 0x61, hi: 0x61 }, { t: 'range', lo: 0x62, hi: 0x62 }, { t: 'range', lo: 0x61, hi: 0x63 }),
    fc.constantFrom<Ast>({ t: 'lit', s: 'a' }, { t: 'lit', s: 'ab' }, { t: 'lit', s: 'ba' }, { t: 'lit', s: '' }, { t: 'lit', s: 'aa' }),
  ];
  if (k + 1 < NAMES.length) leaves.push(fc.integer({ min: k + 1, max: NAMES.length - 1 }).map((j): Ast => ({ t: 'ref', name: NAMES[j] })));
  if (recursive) leaves.push(fc.constant<Ast>({ t: 'seq', items: [{ t: 'lit', s: 'b' }, { t: 'ref', name: 'r0' }] }));
  if (depth <= 0) return fc.oneof(...leaves);
  const sub = exprArb(k, depth - 1, recursive);
  return fc.oneof(
    { weight: 3, arbitrary: fc.oneof(...leaves) },
    { weight: 2, arbitrary: fc.array(sub, { minLength: 2, maxLength: 3 }).map((items): Ast => ({ t: 'seq', items })) },
    { weight: 3, arbitrary: fc.array(sub, { minLength: 2, maxLength: 3 }).map((items): Ast => ({ t: 'alt', items })) },
    {
      weight: 2,
      arbitrary: fc.tuple(sub, fc.constantFrom([0, 1], [0, Infinity], [1, Infinity], [0, 2], [2, 2], [1, 3]))
        .map(([item, [min, max]]): Ast => ({ t: 'rep', item, min, max })),
    },
  );
}

export const grammarArb = (recursive = false): fc.Arbitrary<Rules> =>
  fc.tuple(...NAMES.map((_, k) => exprArb(k, 2, recursive))).map((es) => {
    const rules: Rules = {};
    NAMES.forEach((n, k) => (rules[n] = es[k]));
    return rules;
  });

/** The rules with every alternative wrapped in a marker rule `m<i>` (same language, same first-match parse). */
export function markAlternatives(rules: Rules): { marked: Rules; markers: string[] } {
  const marked: Rules = {};
  const markers: string[] = [];
  const extra: Rules = {};
  const mark = (e: Ast): Ast => {
    switch (e.t) {
      case 'seq': return { t: 'seq', items: e.items.map(mark) };
      case 'rep': return { t: 'rep', item: mark(e.item), min: e.min, max: e.max };
      case 'alt': return {
        t: 'alt',
        items: e.items.map((x) => {
          const name = `m${markers.length}`;
          markers.push(name);
          extra[name] = { t: 'seq', items: [] };
          extra[name] = mark(x);
          return { t: 'ref', name } as Ast;
        }),
      };
      default: return e;
    }
  };
  for (const [n, e] of Object.entries(rules)) marked[n] = mark(e);
  return { marked: { ...marked, ...extra }, markers };
}

/** The rule names in a reference tree. */
export function rulesIn(tree: RefNode, out = new Set<string>()): Set<string> {
  out.add(tree.rule);
  for (const c of tree.children) rulesIn(c, out);
  return out;
}

/** The rules `root` reaches in `rules`. */
export function reachableAst(rules: Rules, root: string): Set<string> {
  const seen = new Set([root]);
  const stack = [root];
  const refs = (e: Ast): string[] => (e.t === 'ref' ? [e.name] : e.t === 'seq' || e.t === 'alt' ? e.items.flatMap(refs) : e.t === 'rep' ? refs(e.item) : []);
  while (stack.length) for (const n of refs(rules[stack.pop()!])) if (!seen.has(n)) { seen.add(n); stack.push(n); }
  return seen;
}
