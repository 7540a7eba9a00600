/**
 * coverage: counts per alternative from the first-match trees, the alternatives never taken, and
 * the RFC 3986 table on the corpus of test/vectors/.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compileAbnf, grammarByName } from '../../../src/index';
import { coverage } from '../../../src/engine/analysis/coverage';
import { generate } from '../../../src/engine/analysis/generate';

describe('coverage', () => {
  it('counts each node that takes an alternative, and lists those never taken', () => {
    const g = compileAbnf('r = 1*( x / y )\nx = "a" / "b"\ny = "a" / "c"\n');
    const c = coverage(g, 'r', ['ab', 'aa', 'bc', 'zz']);
    expect(c.inputs).toBe(4);
    expect(c.refused).toBe(1);
    const counts = Object.fromEntries(c.alternatives.map((a) => [`${a.rule}:${a.index}`, a.count]));
    // "ab": x(a) x(b); "aa": x(a) x(a); "bc": x(b) y(c). y's "a" is never taken: x takes every "a".
    expect(counts).toEqual({ 'r:0': 5, 'r:1': 1, 'x:0': 3, 'x:1': 2, 'y:0': 0, 'y:1': 1 });
    expect(c.neverTaken.map((a) => `${a.rule}:${a.index}`)).toEqual(['y:0']);
    expect(c.percent).toBeCloseTo((100 * 5) / 6);
  });

  it('a cover set from generate takes every alternative (100%)', () => {
    const g = grammarByName('rfc3986');
    const set = generate(g, 'URI-reference', { cover: true }).valid;
    const c = coverage(g, 'URI-reference', set);
    expect(c.neverTaken).toEqual([]);
    expect(c.percent).toBe(100);
    expect(c.targets.every((t) => t.inputs > 0)).toBe(true);
  });

  it('RFC 3986 URI-reference on the corpus of test/vectors/: the never-taken list', () => {
    const g = grammarByName('rfc3986');
    const cases = JSON.parse(fs.readFileSync(path.join(__dirname, '../../vectors/valid.json'), 'utf8')) as Array<{ input: string; rule: string }>;
    const inputs = cases.filter((x) => x.rule === 'URI-reference').map((x) => x.input);
    const c = coverage(g, 'URI-reference', inputs);
    expect(c.inputs).toBe(inputs.length);
    // Every alternative count is the number of nodes: the sum over host's alternatives is the number of hosts.
    const hosts = c.alternatives.filter((a) => a.rule === 'host').reduce((s, a) => s + a.count, 0);
    let expected = 0;
    for (const s of inputs) {
      if (!g.isValid(s, 'URI-reference')) continue;
      const walk = (n: { rule: string; children: readonly unknown[] }): void => { if (n.rule === 'host') expected++; n.children.forEach((x) => walk(x as typeof n)); };
      walk(g.parseTree(s, 'URI-reference', { lexical: true }));
    }
    expect(hosts).toBe(expected);
    expect(c.percent).toBeGreaterThan(50);
    expect(c.percent).toBeLessThan(100);
  });

  it('refuses what is not an iterable of strings', () => {
    const g = compileAbnf('r = "a"\n');
    expect(() => coverage(g, 'r', 'a' as never)).toThrow(TypeError);
    expect(() => coverage(g, 'r', [1] as never)).toThrow(TypeError);
  });
});
