/**
 * The engine against a plain backtracking reference (./backtrack.ts, which shares no code
 * with it) on random small grammars and short inputs: the same verdict, the same error offset,
 * and the same first-match tree (a node for every rule). Seeded, so a failure replays.
 */
import fc from 'fast-check';
import { compileAbnf } from '../../src/index';
import type { Node } from '../../src/engine/tree';
import { referenceErrorIndex, referenceTree, toAbnf, type Ast, type RefNode, type Rules } from '../oracles/backtrack';

const NAMES = ['r0', 'r1', 'r2', 'r3'];

/** An expression of rule `k`: it may refer only to later rules, so there is no recursion. */
function exprArb(k: number, depth: number): fc.Arbitrary<Ast> {
  const leaves: Array<fc.Arbitrary<Ast>> = [
    fc.constantFrom<Ast>({ t: 'range', lo: 0x61, hi: 0x61 }, { t: 'range', lo: 0x62, hi: 0x62 }, { t: 'range', lo: 0x61, hi: 0x62 }),
    fc.constantFrom<Ast>({ t: 'lit', s: 'a' }, { t: 'lit', s: 'ab' }, { t: 'lit', s: 'ba' }, { t: 'lit', s: '' }, { t: 'lit', s: 'aa' }),
  ];
  if (k + 1 < NAMES.length) leaves.push(fc.integer({ min: k + 1, max: NAMES.length - 1 }).map((j): Ast => ({ t: 'ref', name: NAMES[j] })));
  if (depth <= 0) return fc.oneof(...leaves);
  const sub = exprArb(k, depth - 1);
  return fc.oneof(
    { weight: 3, arbitrary: fc.oneof(...leaves) },
    { weight: 2, arbitrary: fc.array(sub, { minLength: 2, maxLength: 3 }).map((items): Ast => ({ t: 'seq', items })) },
    { weight: 2, arbitrary: fc.array(sub, { minLength: 2, maxLength: 3 }).map((items): Ast => ({ t: 'alt', items })) },
    {
      weight: 2,
      arbitrary: fc.tuple(sub, fc.constantFrom([0, 1], [0, Infinity], [1, Infinity], [0, 2], [2, 2], [1, 3], [2, Infinity]))
        .map(([item, [min, max]]): Ast => ({ t: 'rep', item, min, max })),
    },
  );
}

const grammarArb: fc.Arbitrary<Rules> = fc.tuple(...NAMES.map((_, k) => exprArb(k, 2))).map((es) => {
  const rules: Rules = {};
  NAMES.forEach((n, k) => (rules[n] = es[k]));
  return rules;
});

const inputArb = fc.array(fc.constantFrom('a', 'b', 'A', 'c'), { maxLength: 6 }).map((cs) => cs.join(''));

const plain = (n: Node | RefNode): unknown => ({ rule: n.rule, start: n.start, end: n.end, children: (n.children as Array<Node | RefNode>).map(plain) });

describe('engine = backtracking reference on random grammars (seeded)', () => {
  it('verdict, error offset and first-match tree agree', () => {
    fc.assert(
      fc.property(grammarArb, fc.array(inputArb, { minLength: 12, maxLength: 12 }), (rules, inputs) => {
        const text = toAbnf(rules);
        const g = compileAbnf(text);
        // Some sampled strings of the language as well, so that many inputs are accepted.
        for (const s of ['', ...inputs]) {
          for (const rule of ['r0', 'r1']) {
            const ref = referenceTree(rules, rule, s);
            const v = g.validate(s, rule);
            expect({ text, rule, s, ok: v.ok }).toEqual({ text, rule, s, ok: ref !== undefined });
            expect(g.isValid(s, rule)).toBe(ref !== undefined);
            if (ref) expect({ text, s, tree: plain(g.parseTree(s, rule)) }).toEqual({ text, s, tree: plain(ref) });
            else if (!v.ok) expect({ text, s, index: v.error.index }).toEqual({ text, s, index: referenceErrorIndex(rules, rule, s) });
          }
        }
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });

  it('trees agree on strings drawn from the grammar (accepted inputs)', () => {
    // Inputs built by walking the reference AST, so that most are in the language.
    const sample = (rules: Rules, e: Ast, rnd: () => number, depth = 0): string => {
      switch (e.t) {
        case 'range': return String.fromCharCode(e.lo + Math.floor(rnd() * (e.hi - e.lo + 1)));
        case 'lit': return rnd() < 0.5 ? e.s : e.s.toUpperCase();
        case 'seq': return e.items.map((x) => sample(rules, x, rnd, depth)).join('');
        case 'alt': return sample(rules, e.items[Math.floor(rnd() * e.items.length)], rnd, depth);
        case 'rep': {
          const n = e.min + Math.floor(rnd() * ((e.max === Infinity ? 3 : e.max) - e.min + 1));
          return Array.from({ length: n }, () => sample(rules, e.item, rnd, depth)).join('');
        }
        case 'ref': return sample(rules, rules[e.name], rnd, depth + 1);
      }
    };
    fc.assert(
      fc.property(grammarArb, fc.integer({ min: 1, max: 2 ** 30 }), (rules, seed) => {
        let x = seed;
        const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
        const g = compileAbnf(toAbnf(rules));
        for (let n = 0; n < 8; n++) {
          const s = sample(rules, rules.r0, rnd);
          if (s.length > 9) continue;
          const ref = referenceTree(rules, 'r0', s);
          expect(ref).toBeDefined();
          expect({ s, tree: plain(g.parseTree(s, 'r0')) }).toEqual({ s, tree: plain(ref!) });
        }
      }),
      { seed: 5234, numRuns: 300 },
    );
  });
});
