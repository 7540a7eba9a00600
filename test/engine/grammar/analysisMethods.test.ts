/**
 * The analyses as methods of every grammar (src/engine/grammar/grammar.ts, through
 * src/engine/grammar/analysisHook.ts): the same answers as the free functions, on every kind of
 * shipped grammar and on compileAbnf's; their arguments checked (TypeError); the grammar module
 * does not load the analyses itself (they are installed when src/engine/analysis is loaded).
 */
import fc from 'fast-check';
import { compileAbnf, grammarByName, rfc3986, rfc3987, rfc2396, fromCompiled, type Grammar } from '../../../src/index';
import { generate, shadows, compare, coverage } from '../../../src/engine/analysis';
import { oracleTest } from '../../oracles/rfc3986';
import { referenceTree, toAbnf, type Rules } from '../../oracles/backtrack';
import { compiledData } from '../../../src/engine/build/compiled';

// atom = symbol / number; symbol = 1*( ALPHA / DIGIT / "-" ); number = [ "-" ] 1*DIGIT: the
// reference's AST, printed as ABNF for the engine.
const range = (lo: string, hi: string) => ({ t: 'range' as const, lo: lo.charCodeAt(0), hi: hi.charCodeAt(0) });
const REF: Rules = {
  atom: { t: 'alt', items: [{ t: 'ref', name: 'symbol' }, { t: 'ref', name: 'number' }] },
  symbol: { t: 'rep', min: 1, max: Infinity, item: { t: 'alt', items: [range('A', 'Z'), range('a', 'z'), range('0', '9'), { t: 'lit', s: '-' }] } },
  number: { t: 'seq', items: [{ t: 'rep', min: 0, max: 1, item: { t: 'lit', s: '-' } }, { t: 'rep', min: 1, max: Infinity, item: range('0', '9') }] },
};
const small = compileAbnf(toAbnf(REF));

describe('every grammar has the analyses as methods', () => {
  const shipped: Array<[string, Grammar]> = [
    ['grammarByName("rfc3986")', grammarByName('rfc3986')],
    ['rfc3986 (the built-in object)', rfc3986],
    ['rfc3987', rfc3987],
    ['rfc2396 (made on first use)', rfc2396],
    ['json (recursive)', grammarByName('json')],
    ['compileAbnf', small],
    ['fromCompiled', fromCompiled(compiledData(small))],
  ];
  it.each(shipped)('%s: generate, shadows, compare, coverage and arbitrary are methods; generate answers', (_, g) => {
    for (const m of ['generate', 'shadows', 'compare', 'coverage', 'arbitrary'] as const) expect(typeof g[m]).toBe('function');
    const rule = g.rules[0];
    const strings = g.generate(rule, { count: 5, seed: 3 }).valid;
    expect(strings.length).toBeGreaterThan(0);
    for (const s of strings) expect(g.isValid(s, rule)).toBe(true);
    expect(g.compare(rule, rule)).toMatchObject({ relation: 'equal', exact: true, states: 0 });
  });

  it('generate: the free function\'s strings, each accepted by the engine and by the reference', () => {
    const g = grammarByName('rfc3986');
    const viaMethod = g.generate('URI-reference', { cover: true });
    expect(viaMethod).toEqual(generate(g, 'URI-reference', { cover: true }));
    expect(viaMethod.uncovered).toEqual([]);
    for (const s of viaMethod.valid) expect({ s, engine: g.isValid(s, 'URI-reference'), oracle: oracleTest('URI-reference', s) }).toEqual({ s, engine: true, oracle: true });
    for (const m of viaMethod.nearMisses) expect({ s: m.input, engine: g.isValid(m.input, 'URI-reference'), oracle: oracleTest('URI-reference', m.input) }).toEqual({ s: m.input, engine: false, oracle: false });
    // Random strings, reproducible by seed, on the built-in object as on the registry's.
    expect(rfc3986.generate('URI', { count: 20, seed: 7 }).valid).toEqual(generate(rfc3986, 'URI', { count: 20, seed: 7 }).valid);
    for (const s of rfc3986.generate('URI', { count: 20, seed: 7 }).valid) expect(oracleTest('URI', s)).toBe(true);
  });

  it('shadows: number is shadowed by symbol (witness checked with the backtracking reference)', () => {
    const report = small.shadows('atom');
    expect(report).toEqual(shadows(small, 'atom'));
    const number = report.find((e) => e.rule === 'atom' && e.index === 1)!;
    expect(number).toMatchObject({ kind: 'shadowed', by: 0, exact: true, witness: '0' });
    // The reference: the witness is a number, and its first-match tree takes symbol.
    expect(referenceTree(REF, 'number', number.witness!)).toBeDefined();
    expect(referenceTree(REF, 'atom', number.witness!)?.children[0].rule).toBe('symbol');
    expect(referenceTree(REF, 'atom', '-5')?.children[0].rule).toBe('symbol');
    // Every rule when none is named.
    expect(small.shadows().length).toBeGreaterThanOrEqual(1);
  });

  it('compare: a rule of this grammar by name, or another grammar\'s as { grammar, rule }', () => {
    const a = compileAbnf('r = "a" *"b"\ns = "a" 1*"b"\n');
    expect(a.compare('r', 's')).toEqual(compare(a, 'r', a, 's'));
    expect(a.compare('r', 's')).toMatchObject({ relation: 'superset', onlyA: 'a', exact: true });
    const b = compileAbnf('t = "a" 1*"b"\n');
    expect(a.compare('r', { grammar: b, rule: 't' })).toMatchObject({ relation: 'superset', onlyA: 'a', onlyB: undefined, exact: true });
    // As analyze(grammar).compare takes them too: the other grammar, then its rule.
    expect(a.compare('r', b, 't')).toEqual(a.compare('r', { grammar: b, rule: 't' }));
    expect(a.compare('r', b, 't', { maxStates: 10 })).toEqual(compare(a, 'r', b, 't', { maxStates: 10 }));
    expect(() => a.compare('r', b, 'nope')).toThrow(new TypeError('compare: argument "ruleB" must be a rule of the grammar, got "nope"'));
    const r = rfc3986.compare('URI-reference', { grammar: rfc2396, rule: 'URI-reference' });
    expect(r).toMatchObject({ relation: 'disjoint-or-overlapping', exact: true, onlyA: '?', onlyB: '//:!' });
    expect(oracleTest('URI-reference', r.onlyA!)).toBe(true);
    expect(oracleTest('URI-reference', r.onlyB!)).toBe(false);
  });

  it('coverage: the free function\'s counts', () => {
    const inputs = ['abc', '-5', '12', 'x-y'];
    expect(small.coverage('atom', inputs)).toEqual(coverage(small, 'atom', inputs));
    expect(small.coverage('atom', inputs).neverTaken.map((a) => `${a.rule} ${a.index}`)).toContain('atom 1');
  });

  it('arbitrary: with fast-check handed in, or required when omitted; valid strings accepted, near-misses refused', () => {
    for (const arbs of [rfc3986.arbitrary('URI', fc), rfc3986.arbitrary('URI')]) {
      fc.assert(fc.property(arbs.valid as unknown as fc.Arbitrary<string>, (s) => rfc3986.isValid(s, 'URI') && oracleTest('URI', s)), { numRuns: 50 });
      fc.assert(fc.property(arbs.nearMiss as unknown as fc.Arbitrary<string>, (s) => !rfc3986.isValid(s, 'URI') && !oracleTest('URI', s)), { numRuns: 50 });
    }
  });
});

describe('the methods check their arguments', () => {
  it('a rule the grammar does not have, a wrong option, a wrong other rule: TypeError', () => {
    expect(() => small.generate('nope' as string)).toThrow(new TypeError('generate: argument "rule" must be a rule of the grammar, got "nope"'));
    expect(() => small.generate('atom', { cover: 'yes' } as never)).toThrow(TypeError);
    expect(() => small.generate('atom', { colour: 1 } as never)).toThrow(TypeError);
    expect(() => small.shadows('nope')).toThrow(TypeError);
    expect(() => small.shadows('atom', { maxStates: -1 })).toThrow(TypeError);
    expect(() => small.coverage('nope', [])).toThrow(TypeError);
    expect(() => small.coverage('atom', 'abc' as never)).toThrow(TypeError);
    expect(() => small.arbitrary('nope', fc)).toThrow(TypeError);
    expect(() => small.arbitrary('atom', {} as never)).toThrow(TypeError);
    expect(() => small.compare('atom', 'nope')).toThrow(new TypeError('compare: argument "ruleB" must be a rule of the grammar, got "nope"'));
    expect(() => small.compare('atom', { grammar: small } as never)).toThrow(new TypeError('compare: argument "other" must be a rule of this grammar or { grammar, rule }, got an object without own "grammar" and "rule"'));
    expect(() => small.compare('atom', null as never)).toThrow(TypeError);
    expect(() => small.compare('atom', 3 as never)).toThrow(new TypeError('compare: argument "other" must be a rule of this grammar or { grammar, rule }, got number'));
    expect(() => small.compare('atom', { grammar: {}, rule: 'atom' } as never)).toThrow(TypeError);
    expect(() => small.compare('atom', 'atom', { ascii: 1 } as never)).toThrow(TypeError);
  });
});

describe('the grammar module does not load the analyses', () => {
  it('without src/engine/analysis loaded, a method says so; loading it installs them', () => {
    jest.isolateModules(() => {
      const { compileAbnf: compile } = require('../../../src/engine/text/abnf') as typeof import('../../../src/engine/text/abnf');
      const g = compile('r = "a" / "b"\n');
      expect(() => g.generate('r')).toThrow(/^generate: the grammar analyses are not loaded/);
      require('../../../src/engine/analysis');
      expect(g.generate('r', { cover: true }).valid).toEqual(['a', 'b']);
    });
  });
});
