/**
 * The packed DFA (src/engine/tableDfa.ts) against the automaton it was packed from: the same
 * verdict, error offset and `expected` on every input, for random grammars over letters and for
 * a grammar with ranges above ASCII (astral characters, lone surrogates). Seeded.
 */
import fc from 'fast-check';
import { compileAbnf } from '../../src/index';
import type { Automaton } from '../../src/engine/automaton';
import type { RuleGrammar } from '../../src/engine/ruleGrammar';
import { packDfa, TableDfa } from '../../src/engine/tableDfa';

const same = (a: Automaton, t: TableDfa, s: string) => {
  expect({ s, ok: t.test(s) }).toEqual({ s, ok: a.test(s) });
  expect({ s, v: t.run(s) }).toEqual({ s, v: a.run(s) });
};

describe('TableDfa = the automaton it was packed from', () => {
  it('on random small grammars (minimization keeps verdict, offset and expected)', () => {
    const atom = fc.constantFrom('"a"', '"b"', '%x61-62', '"ab"', 'r1', '2"a"', '*"b"', '1*2"ab"');
    const seq = fc.array(atom, { minLength: 1, maxLength: 3 }).map((xs) => xs.join(' '));
    const alt = fc.array(seq, { minLength: 1, maxLength: 3 }).map((xs) => xs.join(' / '));
    const r1 = fc.array(fc.constantFrom('"a"', '"b"', '"ba"', '*"a"'), { minLength: 1, maxLength: 2 }).map((xs) => xs.join(' / '));
    const input = fc.array(fc.constantFrom('a', 'b', 'A', 'c'), { maxLength: 7 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(alt, r1, fc.array(input, { minLength: 10, maxLength: 10 }), (body, sub, inputs) => {
        const text = `r0 = ${body}\nr1 = ${sub}\n`;
        const a = (compileAbnf(text) as RuleGrammar<string>).automaton('r0');
        const t = new TableDfa(packDfa((compileAbnf(text) as RuleGrammar<string>).automaton('r0').minimal()));
        for (const s of ['', ...inputs]) same(a, t, s);
      }),
      { seed: 3986, numRuns: 200 },
    );
  });

  it('keeps apart states with the same future but different expected words', () => {
    // After "x" and after "y" the same text may follow, but an error names it differently.
    const text = 'r0 = "x" ( "a" / %x61 ) / "y" "a"\n';
    const packed = packDfa((compileAbnf(text) as RuleGrammar<string>).automaton('r0').minimal());
    const a = (compileAbnf(text) as RuleGrammar<string>).automaton('r0');
    const t = new TableDfa(packed);
    for (const s of ['x', 'y', 'xb', 'yb', 'xa', 'ya', 'xaa']) same(a, t, s);
    expect(t.run('x').expected).not.toEqual(t.run('y').expected);
  });

  it('above ASCII: code-point classes, surrogate pairs as one character, lone surrogates never', () => {
    const text = 'r = 1*( %x41 / %xE9 / %x4E00-9FFF / %x10000-10FFFD ) [ "." r2 ]\nr2 = %x80-FFFF\n';
    const packed = packDfa((compileAbnf(text) as RuleGrammar<string>).automaton('r').minimal());
    expect(packed.wide.length).toBeGreaterThan(2);
    const t = new TableDfa(packed);
    const a = (compileAbnf(text) as RuleGrammar<string>).automaton('r');
    const chars = ['A', 'é', '中', '😀', '\u{10FFFD}', '\u{10FFFE}', '.', '\ud800', '\udc00', 'ÿ', '\uffff', 'b'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 8 }), (cs) => same(a, t, cs.join(''))),
      { seed: 3987, numRuns: 2000 },
    );
    expect(t.test('A😀中')).toBe(true);
    expect(t.run('A\ud800')).toEqual({ ok: false, index: 1, expected: expect.any(Array) });
  });

  it('refuses a DFA too large for 16-bit offsets', () => {
    const big = { width: 300, ascii: new Array(128).fill(0), wide: [], next: new Array(300).fill(new Array(300).fill(0)), accepting: new Array(300).fill(false), expected: new Array(300).fill([]) };
    expect(() => packDfa(big)).toThrow(RangeError);
  });
});
