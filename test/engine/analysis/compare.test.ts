/**
 * compare: planted differences and equivalences; RFC 3986 against RFC 2396, RFC 3987 (ASCII)
 * and RFC 6874 with witnesses checked by the independent references; on random grammar pairs,
 * every witness checked with the backtracking reference, and every proved inclusion held on
 * strings drawn from the grammars.
 */
import fc from 'fast-check';
import { compileAbnf, grammarByName } from '../../../src/index';
import { compare } from '../../../src/engine/analysis/compare';
import { oracleTest } from '../../oracles/rfc3986';
import { verdict as rfc2396Verdict } from '../../oracles/rfc2396';
import { referenceTree, toAbnf, type Ast, type Rules } from '../../oracles/backtrack';
import { grammarArb } from './randomGrammars';

describe('compare: planted grammars', () => {
  it('a superset, with the shortest string only it has', () => {
    const a = compileAbnf('r = "a" *"b"\n');
    const b = compileAbnf('r = "a" 1*"b"\n');
    expect(compare(a, 'r', b, 'r')).toMatchObject({ relation: 'superset', onlyA: 'a', onlyB: undefined, exact: true });
    expect(compare(b, 'r', a, 'r')).toMatchObject({ relation: 'subset', onlyA: undefined, onlyB: 'a', exact: true });
  });

  it('equivalent rules written differently: equal, proved', () => {
    const a = compileAbnf('r = *"a"\n');
    const b = compileAbnf('r = *( "a" / "aa" ) [ "a" ]\n');
    expect(compare(a, 'r', b, 'r')).toMatchObject({ relation: 'equal', onlyA: undefined, onlyB: undefined, exact: true });
  });

  it('a difference deep in a long string is found, and is the shortest', () => {
    const a = compileAbnf('r = 6( "x" / "y" ) ( "a" / "b" )\n');
    const b = compileAbnf('r = 6( "x" / "y" ) "a"\n');
    expect(compare(a, 'r', b, 'r')).toMatchObject({ relation: 'superset', onlyA: 'xxxxxxb', exact: true });
  });

  it('recursive rules: a bounded search, labelled as such', () => {
    const a = compileAbnf('e = "x" / "(" e ")"\n');
    const b = compileAbnf('e = "x" / "(" e ")" / "[" e "]"\n');
    const r = compare(a, 'e', b, 'e');
    expect(r.exact).toBe(false);
    expect(r.method).toMatch(/^bounded/);
    expect(r.onlyA).toBeUndefined();
    expect(r.onlyB).toMatch(/\[/);
    expect(r.relation).toBe('unknown');
  });

  it('a rule against itself or against the same expression: equal, proved with no product (1*65535 unrolled none)', () => {
    const a = compileAbnf('r = 1*65535"a"\ns = 1*65535"a"\nt = 1*65535"a" / "b"\n');
    const b = compileAbnf('u = 1*65535v\nv = "a"\n');
    for (const [ga, ra, gb, rb] of [[a, 'r', a, 'r'], [a, 'r', a, 's'], [a, 's', b, 'u']] as const) {
      const c = compare(ga, ra, gb, rb);
      expect(c).toMatchObject({ relation: 'equal', exact: true, onlyA: undefined, onlyB: undefined, states: 0 });
      expect(c.method).toMatch(/same expression/);
    }
    // Not the same expression (an alternative more, a count less): the product is searched.
    const small = compileAbnf('r = 1*3"a"\ns = 1*3"a" / "b"\nt = 1*2"a"\n');
    expect(compare(small, 'r', small, 's')).toMatchObject({ relation: 'subset', onlyB: 'b', exact: true });
    expect(compare(small, 'r', small, 's').states).toBeGreaterThan(0);
    expect(compare(small, 'r', small, 't')).toMatchObject({ relation: 'superset', onlyA: 'aaa', exact: true });
    // Recursive rules spelled alike: proved equal too (the bounded search could only say unknown).
    const e1 = compileAbnf('e = "x" / "(" e ")"\n');
    const e2 = compileAbnf('e = "x" / "(" e ")"\n');
    expect(compare(e1, 'e', e2, 'e')).toMatchObject({ relation: 'equal', exact: true, states: 0 });
  });

  it('refuses a rule the grammar does not have', () => {
    const a = compileAbnf('r = "a"\n');
    expect(() => compare(a, 'r', a, 'nope')).toThrow(TypeError);
    expect(() => compare(a, 'r', a, 'r', { maxStates: -3 })).toThrow(TypeError);
  });
});

describe('compare: the RFCs (witnesses checked by the references)', () => {
  const rfc3986 = grammarByName('rfc3986');

  it('RFC 3986 URI-reference vs RFC 2396 URI-reference: neither includes the other', () => {
    const r = compare(rfc3986, 'URI-reference', grammarByName('rfc2396'), 'URI-reference');
    expect(r).toMatchObject({ relation: 'disjoint-or-overlapping', exact: true, onlyA: '?', onlyB: '//:!' });
    expect(oracleTest('URI-reference', r.onlyA!)).toBe(true);
    expect(rfc2396Verdict('URI-reference', r.onlyA!).ok).toBe(false);
    expect(oracleTest('URI-reference', r.onlyB!)).toBe(false);
    expect(rfc2396Verdict('URI-reference', r.onlyB!).ok).toBe(true);
  });

  it('RFC 3986 URI-reference vs RFC 3987 IRI-reference restricted to ASCII: equal, proved', () => {
    const r = compare(rfc3986, 'URI-reference', grammarByName('rfc3987'), 'IRI-reference', { ascii: true });
    expect(r).toMatchObject({ relation: 'equal', exact: true, onlyA: undefined, onlyB: undefined });
    // Without the restriction, IRIs have more.
    const all = compare(rfc3986, 'URI-reference', grammarByName('rfc3987'), 'IRI-reference');
    expect(all).toMatchObject({ relation: 'subset', exact: true, onlyA: undefined });
    expect(all.onlyB!.codePointAt(0)!).toBeGreaterThan(127);
  });

  it('RFC 3986 URI vs RFC 6874 URI: a subset; the zone identifier is the difference', () => {
    const r = compare(rfc3986, 'URI', grammarByName('rfc6874'), 'URI');
    expect(r).toMatchObject({ relation: 'subset', exact: true, onlyA: undefined });
    expect(r.onlyB).toMatch(/%25/);
    expect(oracleTest('URI', r.onlyB!)).toBe(false);
  });
});

describe('compare on random grammar pairs, against the backtracking reference', () => {
  const sample = (rules: Rules, e: Ast, rnd: () => number): string => {
    switch (e.t) {
      case 'range': return String.fromCharCode(e.lo + Math.floor(rnd() * (e.hi - e.lo + 1)));
      case 'lit': return e.s;
      case 'seq': return e.items.map((x) => sample(rules, x, rnd)).join('');
      case 'alt': return sample(rules, e.items[Math.floor(rnd() * e.items.length)], rnd);
      case 'rep': {
        const n = e.min + Math.floor(rnd() * ((e.max === Infinity ? 3 : e.max) - e.min + 1));
        return Array.from({ length: n }, () => sample(rules, e.item, rnd)).join('');
      }
      case 'ref': return sample(rules, rules[e.name], rnd);
    }
  };

  it('witnesses are in one language and not the other; proved inclusions hold on drawn strings', () => {
    fc.assert(
      fc.property(grammarArb(), grammarArb(), fc.integer(), (ra, rb, seed) => {
        const ta = toAbnf(ra);
        const tb = toAbnf(rb);
        const r = compare(compileAbnf(ta), 'r1', compileAbnf(tb), 'r1');
        const inA = (s: string) => referenceTree(ra, 'r1', s) !== undefined;
        const inB = (s: string) => referenceTree(rb, 'r1', s) !== undefined;
        expect(r.exact).toBe(true);
        if (r.onlyA !== undefined) expect({ ta, tb, w: r.onlyA, inA: inA(r.onlyA), inB: inB(r.onlyA) }).toEqual({ ta, tb, w: r.onlyA, inA: true, inB: false });
        if (r.onlyB !== undefined) expect({ ta, tb, w: r.onlyB, inA: inA(r.onlyB), inB: inB(r.onlyB) }).toEqual({ ta, tb, w: r.onlyB, inA: false, inB: true });
        let x = seed >>> 0;
        const rnd = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296);
        for (let i = 0; i < 20; i++) {
          const sa = sample(ra, ra.r1, rnd);
          const sb = sample(rb, rb.r1, rnd);
          if (r.onlyA === undefined) expect({ ta, tb, sa, inB: inB(sa) }).toEqual({ ta, tb, sa, inB: true });
          if (r.onlyB === undefined) expect({ ta, tb, sb, inA: inA(sb) }).toEqual({ ta, tb, sb, inA: true });
        }
      }),
      { seed: 20261130, numRuns: 200 },
    );
  });

  it('a grammar compared with itself is equal; with a planted extra alternative, the extra string is found', () => {
    fc.assert(
      fc.property(grammarArb(), (ra) => {
        const ta = toAbnf(ra);
        const g = compileAbnf(ta);
        expect(compare(g, 'r1', g, 'r1')).toMatchObject({ relation: 'equal', exact: true });
        const rb: Rules = { ...ra, r1: { t: 'alt', items: [ra.r1, { t: 'lit', s: 'ccc' }] } };
        const r = compare(g, 'r1', compileAbnf(toAbnf(rb)), 'r1');
        if (!inLanguage(ra, 'ccc')) {
          expect({ ta, found: r.onlyB !== undefined }).toEqual({ ta, found: true });
          // The shortest: no longer than the planted string.
          expect(r.onlyB!.length).toBeLessThanOrEqual(3);
        }
        expect(r.onlyA).toBeUndefined();
      }),
      { seed: 20261131, numRuns: 100 },
    );
    function inLanguage(rules: Rules, s: string) { return referenceTree(rules, 'r1', s) !== undefined; }
  });
});
