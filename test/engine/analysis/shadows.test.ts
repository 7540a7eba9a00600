/**
 * shadows: planted shadowing and overlaps give the expected report; RFC 3986's and RFC 2396's
 * known overlaps with their witnesses; every witness checked with the backtracking reference; on
 * random grammars, every "never taken" claim holds on every short string (the reference's trees).
 */
import fc from 'fast-check';
import { compileAbnf, grammarByName } from '../../../src/index';
import { shadows } from '../../../src/engine/analysis/shadows';
import { at } from '../../../src/engine/analysis/rules';
import { referenceTree, toAbnf } from '../../oracles/backtrack';
import { grammarArb, markAlternatives, reachableAst, rulesIn } from './randomGrammars';

describe('shadows: planted grammars', () => {
  it('an alternative every string of which an earlier one matches is shadowed, with its shortest witness', () => {
    const g = compileAbnf('r = "a" / 1*2"a" / "b"\n');
    const r = shadows(g);
    expect(r.map((e) => [e.kind, e.index, e.by, e.witness, e.exact])).toEqual([['overlap', 1, 0, 'a', true]]);
    const s = shadows(compileAbnf('r = 1*"a" / "aa" / "b"\n'));
    expect(s.map((e) => [e.kind, e.index, e.by, e.witness, e.exact])).toEqual([['shadowed', 1, 0, 'aa', true]]);
    expect(s[0].message).toBe('`"aa"` (alternative 2 of r) is never taken: every string it matches is matched by an earlier alternative; for example `1*"a"` takes `aa`');
  });

  it('the union of earlier alternatives shadows, though no single one does', () => {
    const r = shadows(compileAbnf('r = "a" / "b" / ( "a" / "b" )\n'));
    const top = r.filter((e) => e.path.length === 0);
    expect(top.map((e) => [e.kind, e.index, e.by, e.witness])).toEqual([['shadowed', 2, 0, 'a']]);
  });

  it('gives the IPv4address / reg-name reason on a planted host rule', () => {
    const g = compileAbnf('host = ipv4 / name\nipv4 = 1*3DIGIT "." 1*3DIGIT\nname = *( DIGIT / ALPHA / "." )\n');
    const [e] = shadows(g, 'host', { context: false }).filter((x) => x.rule === 'host');
    expect(e).toMatchObject({ kind: 'overlap', index: 1, by: 0, witness: '0.0', exact: true });
    expect(e.message).toBe('`name` also matches `0.0`; `ipv4` is tried first, so `name` is never the tree for it');
  });

  it('a context shadow (never taken from the root, fine on its own) is reported as unreached, bounded', () => {
    const g = compileAbnf('r = x *"b"\nx = "a" / "ab"\n');
    const r = shadows(g, 'r');
    expect(r.map((e) => [e.kind, e.rule, e.index, e.exact])).toEqual([['unreached', 'x', 1, false]]);
    // Without the root's context, nothing to say.
    expect(shadows(g)).toEqual([]);
  });

  it('recursive rules: a bounded search, labelled', () => {
    const g = compileAbnf('e = "x" / "(" e ")" / "(" e ")"\n');
    const r = shadows(g, 'e', { context: false });
    expect(r.map((x) => [x.kind, x.index, x.by, x.exact])).toEqual([['shadowed', 2, 1, false]]);
    expect(r[0].witness).toMatch(/^\(x\)$/i);
    expect(r[0].message).toMatch(/bounded search/);
  });

  it('a bound on the product states makes an answer inexact, not wrong', () => {
    const g = compileAbnf('r = 20"a" "b" / 20"a" "b"\n');
    const r = shadows(g, undefined, { maxStates: 5 });
    expect(r.every((e) => !e.exact || e.witness !== undefined)).toBe(true);
    expect(r.some((e) => !e.exact)).toBe(true);
    expect(shadows(g)[0]).toMatchObject({ kind: 'shadowed', exact: true, witness: 'aaaaaaaaaaaaaaaaaaaab' });
  });
});

describe('shadows: the RFCs', () => {
  it('RFC 3986: reg-name overlaps IPv4address (0.0.0.0), and nothing is shadowed', () => {
    const r = shadows(grammarByName('rfc3986'), 'URI-reference');
    expect(r.map((e) => [e.kind, e.rule, e.index, e.by, e.witness])).toEqual([['overlap', 'host', 2, 1, '0.0.0.0']]);
    expect(r[0].message).toBe('`reg-name` also matches `0.0.0.0`; `IPv4address` is tried first, so `reg-name` is never the tree for it');
  });

  it('RFC 3986 path: path-absolute and path-empty are never taken (path-abempty takes them), path-rootless overlaps path-noscheme', () => {
    const g = grammarByName('rfc3986');
    const r = shadows(g, 'path', { context: false });
    expect(r.map((e) => [e.kind, e.rule, e.index, e.by, e.witness, e.exact])).toEqual([
      ['shadowed', 'path', 1, 0, '/', true],
      ['overlap', 'path', 3, 2, '!', true],
      ['shadowed', 'path', 4, 0, '', true],
    ]);
    // Each witness is in both rules; the first-match tree of path takes the earlier one.
    const name = (i: number) => (g.expr('path') as unknown as { items: Array<{ name: string }> }).items[i].name as 'path';
    for (const e of r) {
      expect(g.isValid(e.witness!, name(e.index))).toBe(true);
      expect(g.isValid(e.witness!, name(e.by!))).toBe(true);
      expect(g.alternativeOf('path', e.witness!)).toBe(e.by);
    }
  });

  it('RFC 2396: server / reg_name and net_path / abs_path overlap', () => {
    const r = shadows(grammarByName('rfc2396'), 'URI-reference');
    const pairs = r.map((e) => `${e.rule}:${e.index}/${e.by}:${e.witness}`);
    expect(pairs).toContain('authority:1/0:A');
    expect(pairs.filter((p) => p.endsWith(':1/0://')).length).toBe(2);
    expect(r.every((e) => e.kind === 'overlap' && e.exact)).toBe(true);
  });
});

describe('shadows on random grammars, against the backtracking reference', () => {
  const strings: string[] = [''];
  for (let n = 1; n <= 4; n++) for (const s of strings.filter((x) => x.length === n - 1)) for (const c of 'abc') strings.push(s + c);

  it('witnesses are in both alternatives; no string up to 4 characters takes an alternative reported never taken', () => {
    fc.assert(
      fc.property(grammarArb(), (rules) => {
        const { marked } = markAlternatives(rules);
        const text = toAbnf(marked);
        const g = compileAbnf(text);
        const report = shadows(g, 'r0');
        const never = new Set<string>();
        for (const e of report) {
          const items = (at(g.expr(e.rule), e.path) as unknown as { items: Array<{ t: string; name: string }> }).items;
          if (e.witness !== undefined) {
            // Each alternative is a marker rule: its language is the rule's.
            expect({ text, e: e.message, inK: referenceTree(marked, items[e.index].name, e.witness) !== undefined }).toEqual({ text, e: e.message, inK: true });
            expect({ text, e: e.message, inBy: referenceTree(marked, items[e.by!].name, e.witness) !== undefined }).toEqual({ text, e: e.message, inBy: true });
          }
          if (e.kind !== 'overlap') never.add(items[e.index].name);
        }
        if (!never.size) return;
        const reached = reachableAst(marked, 'r0');
        for (const s of strings) {
          const tree = referenceTree(marked, 'r0', s);
          if (!tree) continue;
          for (const m of rulesIn(tree)) if (never.has(m) && reached.has(m)) expect({ text, s, m, taken: true }).toEqual({ text, s, m, taken: false });
        }
      }),
      { seed: 20261129, numRuns: 80 },
    );
  });
});
