/**
 * The engine against a plain backtracking reference (test/oracles/backtrack.ts, which shares no code
 * with it) on random small grammars and short inputs: the same verdict, the same error offset,
 * and the same first-match tree (a node for every rule), both from a grammar's own machinery and
 * from the search that answers a grammar from text's first calls (test/support/machinery.ts).
 * Seeded, so a failure replays.
 */
import fc from 'fast-check';
import { compileAbnf } from '../../../src/index';
import { FirstMatch } from '../../../src/engine/trees/firstMatch';
import type { Node } from '../../../src/engine/tree';
import { referenceErrorIndex, referenceTree, toAbnf, type Ast, type RefNode, type Rules } from '../../oracles/backtrack';
import { grammarOf, grown } from '../../support/astShapes';
import { machinery } from '../../support/machinery';

const NAMES = ['r0', 'r1', 'r2', 'r3'];

/** An expression of rule `k`: it may refer only to later rules, so there is no recursion. */
function exprArb(k: number, depth: number): fc.Arbitrary<Ast> {
  const leaves: Array<fc.Arbitrary<Ast>> = [
    fc.constantFrom<Ast>({ t: 'range', lo: 0x61, hi: 0x61 }, { t: 'range', lo: 0x62, hi: 0x62 }, { t: 'range', lo: 0x61, hi: 0x62 }),
    fc.constantFrom<Ast>({ t: 'lit', s: 'a' }, { t: 'lit', s: 'ab' }, { t: 'lit', s: 'ba' }, { t: 'lit', s: '' }, { t: 'lit', s: 'aa' }),
  ];
  if (k + 1 < NAMES.length) leaves.push(fc.integer({ min: k + 1, max: NAMES.length - 1 }).map((j): Ast => ({ t: 'ref', name: NAMES[j] })));
  if (depth <= 0) return fc.oneof(...leaves);
  return grown(leaves, exprArb(k, depth - 1), [[0, 1], [0, Infinity], [1, Infinity], [0, 2], [2, 2], [1, 3], [2, Infinity]]);
}

const grammarArb: fc.Arbitrary<Rules> = grammarOf(NAMES, (k) => exprArb(k, 2));

const inputArb = fc.array(fc.constantFrom('a', 'b', 'A', 'c'), { maxLength: 6 }).map((cs) => cs.join(''));

const plain = (n: Node | RefNode): unknown => ({ rule: n.rule, start: n.start, end: n.end, children: (n.children as Array<Node | RefNode>).map(plain) });

describe('engine = backtracking reference on random grammars (seeded)', () => {
  it('verdict, error offset and first-match tree agree', () => {
    fc.assert(
      fc.property(grammarArb, fc.array(inputArb, { minLength: 12, maxLength: 12 }), (rules, inputs) => {
        const text = toAbnf(rules);
        // Both ways a grammar from text answers: its first calls' search, and its own machinery.
        for (const g of [compileAbnf(text), machinery(compileAbnf(text))]) {
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
        const quick = compileAbnf(toAbnf(rules));
        const g = machinery(quick);
        for (let n = 0; n < 8; n++) {
          const s = sample(rules, rules.r0, rnd);
          if (s.length > 9) continue;
          const ref = referenceTree(rules, 'r0', s);
          expect(ref).toBeDefined();
          expect({ s, tree: plain(g.parseTree(s, 'r0')) }).toEqual({ s, tree: plain(ref!) });
          expect({ s, tree: plain(quick.parseTree(s, 'r0')) }).toEqual({ s, tree: plain(ref!) });
        }
      }),
      { seed: 5234, numRuns: 300 },
    );
  });

  it('the two ways of deciding an ambiguous step (lookahead, and T) give the reference tree', () => {
    // The first two tests run with the lookahead (inputs are short); here every ambiguous step
    // asks T, and the trees must be the reference's again.
    const saved = { ...FirstMatch.lookaheadBudget };
    FirstMatch.lookaheadBudget.perCharacter = 0;
    FirstMatch.lookaheadBudget.base = 0;
    try {
      fc.assert(
        fc.property(grammarArb, fc.array(inputArb, { minLength: 12, maxLength: 12 }), (rules, inputs) => {
          const g = machinery(compileAbnf(toAbnf(rules)));
          for (const s of ['', ...inputs]) {
            const ref = referenceTree(rules, 'r0', s);
            if (ref) expect({ s, tree: plain(g.parseTree(s, 'r0')) }).toEqual({ s, tree: plain(ref) });
            else expect(g.isValid(s, 'r0')).toBe(false);
          }
        }),
        { seed: 20261125, numRuns: 300 },
      );
    } finally {
      Object.assign(FirstMatch.lookaheadBudget, saved);
    }
  });
});

describe('ambiguous steps decided by the next character', () => {
  // RFC 2396's host name in small: inside a label each character is either a middle one or
  // the last, which the character after it decides; at a label's first character, whether the
  // label is the last one is not decided by the next character (both ways open a label: the
  // same marks). Those steps go through the step table's pending rows (FirstMatch.addChoice),
  // and the undecided ones back to the character before, which may be two code units long.
  // Every string over an alphabet with characters above ASCII (one astral) up to five long,
  // against the reference, deciding by the lookahead and by T.
  const an: Ast = { t: 'alt', items: [{ t: 'range', lo: 0x61, hi: 0x61 }, { t: 'range', lo: 0xe9, hi: 0xe9 }, { t: 'range', lo: 0x1f600, hi: 0x1f600 }] };
  const rules: Rules = {
    host: { t: 'seq', items: [{ t: 'rep', item: { t: 'seq', items: [{ t: 'ref', name: 'label' }, { t: 'lit', s: '.' }] }, min: 0, max: Infinity }, { t: 'ref', name: 'label' }] },
    label: { t: 'alt', items: [{ t: 'seq', items: [an, { t: 'rep', item: { t: 'alt', items: [an, { t: 'lit', s: '-' }] }, min: 0, max: Infinity }, an] }, an] },
  };
  const letters = ['a', 'é', '😀', '.', '-'];
  const all: string[] = [''];
  for (let n = 0, from = 0; n < 5; n++) {
    const to = all.length;
    for (let j = from; j < to; j++) for (const c of letters) all.push(all[j] + c);
    from = to;
  }

  it.each([['the lookahead', false], ['T', true]])('gives the reference tree and verdict on every string up to five characters (%s)', (_how, onT) => {
    const saved = { ...FirstMatch.lookaheadBudget };
    if (onT) Object.assign(FirstMatch.lookaheadBudget, { perCharacter: 0, base: 0 });
    try {
      // A grammar made here: its builders start empty under the budget set.
      const g = machinery(compileAbnf(toAbnf(rules)));
      let accepted = 0;
      for (const s of all) {
        const ref = referenceTree(rules, 'host', s);
        expect({ s, ok: g.isValid(s, 'host') }).toEqual({ s, ok: ref !== undefined });
        if (!ref) continue;
        accepted++;
        expect({ s, tree: plain(g.parseTree(s, 'host')) }).toEqual({ s, tree: plain(ref) });
      }
      // Enough of them in the language to mean something.
      expect(accepted).toBeGreaterThan(100);
    } finally {
      Object.assign(FirstMatch.lookaheadBudget, saved);
    }
  });
});

describe('ambiguous steps on long inputs', () => {
  // `*( z / y )` with z = 1*"a" "b", y = "a": both take every "a", and whether z (first) can
  // finish is only known at the next "b" or the end (on "aaa…a" it is y, y, …, y), so each step
  // would look ahead to the end: quadratic. The budget makes the builder switch to T once, and
  // the work stays linear; the tree is the same either way. (With `*( y / z )` no lookahead is
  // needed: after y, z may come as well, so y takes every rest z takes, and y is first: the race
  // drops z at once. Here y's rest may end where z's may not.)
  const g = machinery(compileAbnf('x = *( z / y )\nz = 1*"a" "b"\ny = "a"\n'));
  const tree = (s: string) => g.parseTree(s, 'x');
  const onT = <T>(f: () => T): T => {
    const saved = { ...FirstMatch.lookaheadBudget };
    FirstMatch.lookaheadBudget.perCharacter = 0;
    FirstMatch.lookaheadBudget.base = 0;
    try {
      return f();
    } finally {
      Object.assign(FirstMatch.lookaheadBudget, saved);
    }
  };
  it('gives the same tree with the lookahead and with T', () => {
    for (const [s, zs, ys] of [['a', 0, 1], ['ab', 1, 0], ['aab' + 'a'.repeat(30), 1, 30], ['a'.repeat(300) + 'b' + 'a'.repeat(40), 1, 40], ['a'.repeat(5_000), 0, 5_000]] as const) {
      const looked = tree(s);
      expect(looked).toEqual(onT(() => tree(s)));
      // z takes every "a" before a "b" and the "b"; y each "a" after the last "b".
      const rules = looked.children.map((c) => c.rule);
      expect([rules.filter((r) => r === 'z').length, rules.filter((r) => r === 'y').length]).toEqual([zs, ys]);
      expect(rules.slice(0, zs)).toEqual(Array(zs).fill('z'));
    }
  });
  it('drops a candidate whose every continuation an earlier one takes: no lookahead where the earlier one is first anyway', () => {
    // *( y / z ): after y, z may come as well, so y takes every rest z takes: y at each "a" but
    // the last, whatever follows (no reading ahead), and the tree T gives.
    const h = machinery(compileAbnf('x = *( y / z )\ny = "a"\nz = 1*"a" "b"\n'));
    let calls = 0;
    const proto = FirstMatch.prototype as unknown as { lookahead: (...a: unknown[]) => number };
    const original = proto.lookahead;
    proto.lookahead = function (this: unknown, ...a: unknown[]) {
      calls++;
      return original.apply(this, a);
    };
    const s = 'a'.repeat(3_000) + 'b';
    let looked;
    try {
      looked = h.parseTree(s, 'x');
    } finally {
      proto.lookahead = original;
    }
    expect(calls).toBe(0);
    expect(looked.children.map((c) => c.rule)).toEqual([...Array(2_999).fill('y'), 'z']);
    expect(looked).toEqual(onT(() => h.parseTree(s, 'x')));
  });
  it('spends at most its budget of lookahead on 200,000 characters (linear, not quadratic)', () => {
    // Counted, not timed (machines are noisy): without the budget this input would read
    // about 2 × 10^10 characters of lookahead.
    let spent = 0;
    const proto = FirstMatch.prototype as unknown as { lookahead: (...a: unknown[]) => number };
    const original = proto.lookahead;
    proto.lookahead = function (this: { spent: number }, ...a: unknown[]) {
      const r = original.apply(this, a);
      spent += this.spent;
      return r;
    };
    const s = 'a'.repeat(200_000);
    try {
      expect(tree(s).children).toHaveLength(200_000);
    } finally {
      proto.lookahead = original;
    }
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(FirstMatch.lookaheadBudget.perCharacter * s.length + FirstMatch.lookaheadBudget.base + 1);
  });
});
