/**
 * generate: every valid string accepted and every near-miss refused, by the engine and by an
 * independent reference (test/oracles); the cover set's trees take every target; random
 * generation reproducible by seed; on random grammars, every alternative shadows does not report
 * as never taken is taken by a cover string, checked on the reference's first-match trees.
 */
import fc from 'fast-check';
import { compileAbnf, grammarByName } from '../../../src/index';
import { generate } from '../../../src/engine/analysis/generate';
import { shadows } from '../../../src/engine/analysis/shadows';
import { Marked } from '../../../src/engine/analysis/marks';
import { at } from '../../../src/engine/analysis/rules';
import { oracleErrorIndex, oracleTest } from '../../oracles/rfc3986';
import { referenceErrorIndex, referenceTree, toAbnf } from '../../oracles/backtrack';
import { grammarArb, markAlternatives, reachableAst, rulesIn } from './randomGrammars';

const rfc3986 = grammarByName('rfc3986');

describe('generate on RFC 3986 URI-reference, { cover: true }', () => {
  const g = generate(rfc3986, 'URI-reference', { cover: true });

  it('covers every target in a few hundred strings at most', () => {
    expect(g.uncovered).toEqual([]);
    expect(g.valid.length).toBeGreaterThan(0);
    expect(g.valid.length).toBeLessThanOrEqual(300);
    // Every kind of target is there: alternatives, counts, characters.
    const kinds = new Set(g.targets.map((t) => t.kind));
    expect([...kinds].sort()).toEqual(['alternative', 'character', 'repetition']);
  });

  it('every valid string is accepted by the engine and by the reference', () => {
    for (const s of g.valid) {
      expect({ s, engine: rfc3986.isValid(s, 'URI-reference'), oracle: oracleTest('URI-reference', s) }).toEqual({ s, engine: true, oracle: true });
    }
  });

  it('every near-miss is one edit away, refused by both, at the reference\'s error offset', () => {
    expect(g.nearMisses.length).toBeGreaterThan(0);
    for (const m of g.nearMisses) {
      expect(rfc3986.isValid(m.input, 'URI-reference')).toBe(false);
      expect(oracleTest('URI-reference', m.input)).toBe(false);
      expect({ s: m.input, index: m.index }).toEqual({ s: m.input, index: oracleErrorIndex('URI-reference', m.input) });
      const { op, at: i, char } = m.edit;
      const rebuilt = op === 'delete' ? m.from.slice(0, i) + m.from.slice(i + [...m.from.slice(i)][0].length)
        : op === 'insert' ? m.from.slice(0, i) + char + m.from.slice(i)
        : m.from.slice(0, i) + char + m.from.slice(i + [...m.from.slice(i)][0].length);
      expect(rebuilt).toBe(m.input);
    }
  });

  it('the takes it reports are what the first-match trees take, and together they are every target', () => {
    const marked = new Marked(rfc3986, 'URI-reference');
    const all = new Set<number>();
    g.valid.forEach((s, i) => {
      const takes = [...marked.taken(s)!].sort((a, b) => a - b);
      expect(takes).toEqual(g.takes[i]);
      for (const t of takes) all.add(t);
    });
    expect(all.size).toBe(g.targets.length);
  });

  it('reg-name is covered by a string IPv4address does not take, and dec-octet reaches 250-255', () => {
    const regName = g.targets.findIndex((t) => t.kind === 'alternative' && t.rule === 'host' && t.index === 2);
    const i = g.takes.findIndex((ts) => ts.includes(regName));
    expect(i).toBeGreaterThanOrEqual(0);
    const s = g.valid[i];
    expect(rfc3986.isValid(s, 'URI-reference')).toBe(true);
    const decOctet = g.targets.findIndex((t) => t.kind === 'alternative' && t.rule === 'dec-octet' && t.index === 4);
    expect(g.takes.some((ts) => ts.includes(decOctet))).toBe(true);
  });
});

describe('generate: random strings', () => {
  it('is reproducible by seed, and every string is valid (engine and reference) within maxLength', () => {
    const a = generate(rfc3986, 'URI', { count: 50, seed: 7, maxLength: 40 });
    const b = generate(rfc3986, 'URI', { count: 50, seed: 7, maxLength: 40 });
    const c = generate(rfc3986, 'URI', { count: 50, seed: 8, maxLength: 40 });
    expect(a.valid).toEqual(b.valid);
    expect(a.valid).not.toEqual(c.valid);
    expect(a.valid.length).toBe(50);
    for (const s of a.valid) {
      expect(s.length).toBeLessThanOrEqual(40);
      expect(oracleTest('URI', s)).toBe(true);
    }
  });

  it('ends on recursive grammars, within the size bound', () => {
    const json = grammarByName('json');
    const rule = json.rules[0];
    const r = generate(json, rule, { count: 20, seed: 3, maxLength: 200 });
    expect(r.valid.length).toBe(20);
    for (const s of r.valid) expect(json.isValid(s, rule)).toBe(true);
    const c = generate(json, rule, { cover: true, maxLength: 200 });
    for (const s of c.valid) expect(json.isValid(s, rule)).toBe(true);
    for (const m of c.nearMisses) expect(json.isValid(m.input, rule)).toBe(false);
    expect(c.uncovered.length).toBeLessThan(c.targets.length / 10);
  });

  it('a rule with no finite string gives no string and no crash (it is reached, never finished)', () => {
    const g = compileAbnf('r0 = ( "a" / "b" r0 ) "b" r0\nr1 = "c" / "d" r0\n');
    expect(generate(g, 'r0', { cover: true }).valid).toEqual([]);
    expect(generate(g, 'r0', { count: 5 }).valid).toEqual([]);
    const r1 = generate(g, 'r1', { cover: true });
    expect(r1.valid).toEqual(['c']);
    expect(r1.uncovered.map((u) => u.description)).toEqual(['r0 at 0: alternative 1 ("a")', 'r0 at 0: alternative 2 ("b" r0)', 'r1: alternative 2 ("d" r0)']);
  });

  it('refuses wrong options with a TypeError', () => {
    expect(() => generate(rfc3986, 'URI', { count: -1 })).toThrow(TypeError);
    expect(() => generate(rfc3986, 'nope')).toThrow(TypeError);
    expect(() => generate(rfc3986, 'URI', { cover: 'yes' } as never)).toThrow(TypeError);
  });
});

describe('generate on random grammars, against the backtracking reference', () => {
  it('valid strings accepted, near-misses refused at the reference offset, and every alternative not reported never taken is taken', () => {
    fc.assert(
      fc.property(grammarArb(), (rules) => {
        const { marked, markers } = markAlternatives(rules);
        const text = toAbnf(marked);
        const g = compileAbnf(text);
        const cover = generate(g, 'r0', { cover: true });
        const taken = new Set<string>();
        for (const s of cover.valid) {
          const tree = referenceTree(marked, 'r0', s);
          expect({ text, s, accepted: tree !== undefined }).toEqual({ text, s, accepted: true });
          rulesIn(tree!, taken);
        }
        for (const m of cover.nearMisses) {
          expect({ text, s: m.input, accepted: referenceTree(marked, 'r0', m.input) !== undefined }).toEqual({ text, s: m.input, accepted: false });
          expect({ text, s: m.input, index: m.index }).toEqual({ text, s: m.input, index: referenceErrorIndex(marked, 'r0', m.input) });
        }
        // The alternatives shadows reports as never taken (shadowed, or unreached from r0).
        const never = new Set<string>();
        for (const e of shadows(g, 'r0')) {
          if (e.kind === 'overlap') continue;
          const item = (at(g.expr(e.rule), e.path) as unknown as { items: Array<{ t: string; name?: string }> }).items[e.index];
          if (item.t === 'ref') never.add(item.name!);
        }
        const reached = reachableAst(marked, 'r0');
        for (const m of markers) {
          if (!reached.has(m) || never.has(m)) continue;
          expect({ text, alternative: m, taken: taken.has(m) }).toEqual({ text, alternative: m, taken: true });
        }
      }),
      { seed: 20261128, numRuns: 150 },
    );
  });

  it('recursive grammars: every cover string accepted and every near-miss refused by the reference', () => {
    fc.assert(
      fc.property(grammarArb(true), (rules) => {
        const text = toAbnf(rules);
        const g = compileAbnf(text);
        // The reference backtracks: past its step budget on a string, that string is not judged.
        const accepted = (s: string): boolean | 'too costly' => {
          try { return referenceTree(rules, 'r0', s) !== undefined; } catch { return 'too costly'; }
        };
        const cover = generate(g, 'r0', { cover: true, maxLength: 16 });
        let judged = 0;
        for (const s of cover.valid) {
          const a = accepted(s);
          if (a !== 'too costly') { judged++; expect({ text, s, a }).toEqual({ text, s, a: true }); }
        }
        for (const m of cover.nearMisses) {
          const a = accepted(m.input);
          if (a !== 'too costly') expect({ text, s: m.input, a }).toEqual({ text, s: m.input, a: false });
        }
        for (const s of generate(g, 'r0', { count: 5, seed: 2, maxLength: 16 }).valid) {
          const a = accepted(s);
          if (a !== 'too costly') expect({ text, s, a }).toEqual({ text, s, a: true });
        }
        return judged > 0 || cover.valid.length === 0;
      }),
      { seed: 20261132, numRuns: 60 },
    );
  });
});
