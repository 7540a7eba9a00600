/**
 * The packed DFA (src/engine/automata/tableDfa.ts) against the automaton it was packed from: the same
 * verdict, error offset and `expected` on every input, for random grammars over letters and for
 * a grammar with ranges above ASCII (astral characters, lone surrogates); `locate` (the batch's
 * verdict with its failure code) against the same; and long inputs, read with each state's cycles
 * as a RegExp, against the plain walk. Seeded.
 */
import fc from 'fast-check';
import { compileAbnf } from '../../../src/index';
import type { Automaton } from '../../../src/engine/automata/automaton';
import type { RuleGrammar } from '../../../src/engine/grammar/grammar';
import { TableDfa, type WideAs } from '../../../src/engine/automata/tableDfa';
import { packDfas } from '../../../src/engine/build/packDfas';
import { driver } from '../../../src/uri/rules';
import { RFC3986_TABLES } from '../../../src/generated/rfc3986Tables';

const same = (a: Automaton, t: TableDfa, rule: string, s: string) => {
  const start = t.startOf(rule)!;
  expect({ rule, s, ok: t.test(s, start) }).toEqual({ rule, s, ok: a.test(s) });
  const v = a.run(s);
  expect({ rule, s, v: t.run(s, start) }).toEqual({ rule, s, v });
  // locate: the same verdict, offset and list as one code; and the same on s read in place
  // inside other text (a surrogate pair cut at either end is two lone surrogates, as in a slice).
  const code = t.locate(s, start, 0, s.length);
  expect({ rule, s, ok: code < 0 }).toEqual({ rule, s, ok: v.ok });
  if (!v.ok) expect({ rule, s, index: t.failureIndex(code), expected: [...t.failureExpected(code)] }).toEqual({ rule, s, index: v.index, expected: v.expected });
  for (const [pre, post] of [['b\ud83d', '\ude00a'], ['', 'a'], ['\ud83d', '']]) {
    expect({ rule, s, pre, code: t.locate(pre + s + post, start, pre.length, pre.length + s.length) }).toEqual({ rule, s, pre, code });
  }
};

/** The rules of an ABNF text packed together, and a fresh automaton of each to compare with. */
function pack(text: string, rules: string[]): { t: TableDfa; automata: Automaton[] } {
  const g = compileAbnf(text) as RuleGrammar<string>;
  const packed = packDfas(Object.fromEntries(rules.map((r) => [r, g.automaton(r).minimal()])));
  const fresh = compileAbnf(text) as RuleGrammar<string>;
  return { t: new TableDfa(packed), automata: rules.map((r) => fresh.automaton(r)) };
}

describe('TableDfa = the automaton it was packed from', () => {
  it('on random small grammars (minimization keeps verdict, offset and expected)', () => {
    const atom = fc.constantFrom('"a"', '"b"', '%x61-62', '"ab"', 'r1', '2"a"', '*"b"', '1*2"ab"');
    const seq = fc.array(atom, { minLength: 1, maxLength: 3 }).map((xs) => xs.join(' '));
    const alt = fc.array(seq, { minLength: 1, maxLength: 3 }).map((xs) => xs.join(' / '));
    const r1 = fc.array(fc.constantFrom('"a"', '"b"', '"ba"', '*"a"'), { minLength: 1, maxLength: 2 }).map((xs) => xs.join(' / '));
    const input = fc.array(fc.constantFrom('a', 'b', 'A', 'c'), { maxLength: 7 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(alt, r1, fc.array(input, { minLength: 10, maxLength: 10 }), (body, sub, inputs) => {
        // Both rules in one table: r1's states may merge with those of r0 that follow a reference to it.
        const { t, automata } = pack(`r0 = ${body}\nr1 = ${sub}\n`, ['r0', 'r1']);
        for (const s of ['', ...inputs]) {
          same(automata[0], t, 'r0', s);
          same(automata[1], t, 'r1', s);
        }
      }),
      { seed: 3986, numRuns: 200 },
    );
  });

  it('keeps apart states with the same future but different expected words', () => {
    // After "x" and after "y" the same text may follow, but an error names it differently.
    const { t, automata } = pack('r0 = "x" ( "a" / %x61 ) / "y" "a"\n', ['r0']);
    for (const s of ['x', 'y', 'xb', 'yb', 'xa', 'ya', 'xaa']) same(automata[0], t, 'r0', s);
    expect(t.run('x', t.startOf('r0')!).expected).not.toEqual(t.run('y', t.startOf('r0')!).expected);
  });

  it('above ASCII: code-point classes, surrogate pairs as one character, lone surrogates never', () => {
    // Two rules with different classes above ASCII: the packed classes must refine both.
    const { t, automata } = pack('r = 1*( %x41 / %xE9 / %x4E00-9FFF / %x10000-10FFFD ) [ "." r2 ]\nr2 = %x80-FFFF\nr3 = 1*( %x4E00-4EFF / %x1F600 )\n', ['r', 'r2', 'r3']);
    const chars = ['A', 'é', '中', '丁', '😀', '\u{10FFFD}', '\u{10FFFE}', '.', '\ud800', '\udc00', 'ÿ', '\uffff', 'b'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 8 }), (cs) => {
        same(automata[0], t, 'r', cs.join(''));
        same(automata[1], t, 'r2', cs.join(''));
        same(automata[2], t, 'r3', cs.join(''));
      }),
      { seed: 3987, numRuns: 1000 },
    );
    expect(t.test('A😀中', t.startOf('r')!)).toBe(true);
    expect(t.test('丁😀', t.startOf('r3')!)).toBe(true);
    expect(t.run('A\ud800', t.startOf('r')!)).toEqual({ ok: false, index: 1, expected: expect.any(Array) });
    expect(t.startOf('constructor')).toBeUndefined();
  });

  it('refuses DFAs too large for 16-bit offsets', () => {
    // A chain of 600 states over 128 classes (every ASCII character but NUL its own): 601 × 128 entries.
    const next = Array.from({ length: 601 }, (_, s) => Array.from({ length: 128 }, (_, k) => (s > 0 && s < 600 && k > 0 ? s + 1 : 0)));
    const dfa = { width: 128, ascii: Array.from({ length: 128 }, (_, c) => c), wide: [128, 0], next, accepting: next.map((_, s) => s === 600), expected: next.map(() => []) };
    expect(() => packDfas({ a: dfa })).toThrow(RangeError);
    expect(() => packDfas({ a: { ...dfa, next: next.slice(0, 301).map((row, s) => (s === 300 ? row.map(() => 0) : row)), accepting: dfa.accepting.slice(0, 301).map((_, s) => s === 300), expected: dfa.expected.slice(0, 301) } })).not.toThrow();
  });
});

describe('long inputs: each state\'s cycles read by a RegExp give the walk\'s answers', () => {
  /** `t` with the cycles' RegExps from the first character on, or (Infinity) never. */
  const withRuns = (t: TableDfa, from: number): TableDfa => Object.assign(t, { runsFrom: from });

  it('on random small grammars, short inputs read both ways (verdict, offset, expected)', () => {
    const atom = fc.constantFrom('"a"', '"b"', '%x61-62', '"ab"', '*"a"', '*"b"', '1*2"ab"', '"a" *"b" "c"', '"ca"');
    const seq = fc.array(atom, { minLength: 1, maxLength: 3 }).map((xs) => xs.join(' '));
    const alt = fc.array(seq, { minLength: 1, maxLength: 3 }).map((xs) => `*( ${xs.join(' / ')} )`);
    const input = fc.array(fc.constantFrom('a', 'b', 'c', 'ab', 'abc', 'ca', 'd'), { maxLength: 12 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(alt, fc.array(input, { minLength: 10, maxLength: 10 }), (body, inputs) => {
        const { t, automata } = pack(`r0 = ${body} [ "." *"a" ]\n`, ['r0']);
        withRuns(t, 0);
        for (const s of ['', ...inputs]) same(automata[0], t, 'r0', s);
      }),
      { seed: 37, numRuns: 200 },
    );
  });

  it('above ASCII: astral characters and lone surrogates inside the loops', () => {
    const { t, automata } = pack('r = 1*c *( "." 1*c )\nc = %x41 / %xE9 / %x4E00-9FFF / %x10000-10FFFD / "%" 2%x30-39\n', ['r']);
    withRuns(t, 0);
    const chars = ['A', 'é', '中', '😀', '\u{10FFFD}', '.', '%', '4', '1', '\ud800', '\udc00', 'b'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 40 }), (cs) => same(automata[0], t, 'r', cs.join(''))),
      { seed: 3738, numRuns: 1000 },
    );
  });

  it('RFC 3986 tables: megabyte inputs, valid or broken anywhere, as the plain walk says', () => {
    const fast = driver.tableLocator('URI')!; // the built-in's tables, runs from LONG characters on
    const plain = withRuns(new TableDfa(RFC3986_TABLES), Infinity);
    const start = plain.startOf('URI')!;
    const units = ['segment/', 'key=value&', '%41', 'a', '/', '?', '#', '%7e', '..', '@', ':'];
    const breaks = ['', ' ', '%', '%4', '[', '#', 'é', '\ud800', '%G1'];
    fc.assert(
      fc.property(fc.constantFrom('http://example.com/', 'urn:a:', 'http://[::1]:80/p?'), fc.array(fc.constantFrom(...units), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1000, max: 20000 }), fc.constantFrom(...breaks), fc.double({ min: 0, max: 1, noNaN: true }), (prefix, pattern, reps, broken, where) => {
          const body = pattern.join('').repeat(reps);
          const at = Math.floor(where * body.length);
          const s = prefix + body.slice(0, at) + broken + body.slice(at);
          expect({ s: s.slice(0, 60), code: fast(s, 0, s.length) }).toEqual({ s: s.slice(0, 60), code: plain.locate(s, start, 0, s.length) });
        }),
      { seed: 3986, numRuns: 40 },
    );
    // The path above did read with RegExps (a state's loop and the %41 cycle).
    const s = 'http://example.com/' + '%41'.repeat(400_000) + 'segment/'.repeat(100_000);
    expect(fast(s, 0, s.length)).toBe(-1);
    expect((driver as unknown as { unpacked: { cycleRegexps: Map<number, RegExp | null> } }).unpacked.cycleRegexps.size).toBeGreaterThan(0);
  });

  it('10 MB of %41 and of one loop: no RangeError from the RegExp stack', () => {
    const fast = driver.tableLocator('URI')!;
    for (const s of ['http://example.com/' + '%41'.repeat(3_500_000), 'http://example.com/' + 'a'.repeat(10_000_000) + ' ']) {
      expect(() => fast(s, 0, s.length)).not.toThrow();
    }
    const broken = 'http://example.com/' + 'a'.repeat(10_000_000) + ' ';
    expect(driver.failureIndex(fast(broken, 0, broken.length))).toBe(broken.length - 1);
  });

  /** Each state's cycles of `t`, as `locate` and `locateAs` made them. */
  type Cycles = { re: RegExp; loops: boolean } | null;
  const cyclesOf = (t: TableDfa): Map<WideAs | undefined, Map<number, Cycles>> => (t as unknown as { cycleRegexps: Map<WideAs | undefined, Map<number, Cycles>> }).cycleRegexps;

  /** What each call of a RegExp's `test` read while `f` ran: the RegExp and its lastIndex after. */
  function reads(f: () => void): { re: RegExp; read: number }[] {
    const out: { re: RegExp; read: number }[] = [];
    const original = RegExp.prototype.test;
    const spy = jest.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, text: string) {
      const r = original.call(this, text);
      out.push({ re: this, read: this.lastIndex });
      return r;
    });
    try {
      f();
    } finally {
      spy.mockRestore();
    }
    return out;
  }

  it('a run of %41 is read by the state with a loop of its own, which reads the triplets as a run', () => {
    const t = new TableDfa(RFC3986_TABLES);
    const start = t.startOf('URI')!;
    const s = 'http://example.com/' + '%41'.repeat(200_000);
    const calls = reads(() => expect(t.locate(s, start, 0, s.length)).toBe(-1));
    const mine = new Map([...cyclesOf(t).get(undefined)!.values()].filter((c): c is NonNullable<Cycles> => c !== null).map((c) => [c.re, c]));
    const long = calls.filter((c) => mine.has(c.re) && c.read >= 256);
    // Every long read: a state with its own loop (not one in the middle of a triplet), whose
    // RegExp has the fixed-length cycle as a run of itself.
    expect(long.length).toBeGreaterThanOrEqual(Math.floor(s.length / 16_384));
    for (const { re } of long) {
      expect(mine.get(re)!.loops).toBe(true);
      expect(re.source).toMatch(/\(\?:\[\\x25\]\[[^\]]*\]\[[^\]]*\]\)\+/);
    }
  });

  /** Units above ASCII read as "%80", with holes in them (as RFC 3987's 4.1 controls are). */
  const ranges: [number, number][] = [[0xa0, 0x61b], [0x61d, 0xd7ff], [0xf900, 0xffef]];
  const as: WideAs = (() => {
    const units = new Uint8Array(0x10000);
    const hex = (c: number) => '\\u' + c.toString(16).padStart(4, '0');
    for (const [lo, hi] of ranges) units.fill(1, lo, hi + 1);
    return { units, source: ranges.map(([lo, hi]) => `${hex(lo)}-${hex(hi)}`).join(''), text: '%80' };
  })();

  it('locateAs reads a run of its widest range first, then the whole class', () => {
    const t = new TableDfa(RFC3986_TABLES);
    const s = 'http://example.com/' + '\u4f8b/\u00e9'.repeat(3000);
    expect(t.locateAs(s, t.startOf('URI')!, as)).toBe(-1);
    const path = [...cyclesOf(t).get(as)!.values()].filter((c) => c?.loops && c.re.source.includes('\\u061d-\\ud7ff]+|'));
    expect(path.length).toBeGreaterThan(0);
    // The first alternative has the widest range alone; the second all three.
    for (const c of path) expect(c!.re.source).toMatch(/^\(\?:\[[^\]]*\\u061d-\\ud7ff\]\+\|\[[^\]]*\\u00a0-\\u061b\\u061d-\\ud7ff\\uf900-\\uffef\]\+/);
  });

  it('locateAs reads a stretch that starts with ASCII with the own loop\'s ASCII run first', () => {
    const t = new TableDfa(RFC3986_TABLES);
    const start = t.startOf('URI')!;
    const ascii = 'http://example.com/' + 'segment/'.repeat(3000) + '\u4f8b';
    const wide = 'http://example.com/' + '\u4f8b/\u00e9'.repeat(3000);
    const longReads = (s: string) => reads(() => expect(t.locateAs(s, start, as)).toBe(-1)).filter((c) => c.read >= 256).map((c) => c.re.source);
    const asciiReads = longReads(ascii);
    const wideReads = longReads(wide);
    expect(asciiReads.length).toBeGreaterThan(0);
    expect(wideReads.length).toBeGreaterThan(0);
    // An ASCII class alone (no escape above \x7f) first; the widest range first for the other.
    for (const source of asciiReads) expect(source).toMatch(/^\(\?:\[(?:[^\]\\]|\\x[0-7][0-9a-f]|\\[^xu])*\]\+\|\[[^\]]*\\u061d-\\ud7ff\]\+\|/);
    for (const source of wideReads) expect(source).toMatch(/^\(\?:\[[^\]]*\\u061d-\\ud7ff\]\+\|/);
  });

  /** `as` with the surrogate pairs of plane 1 (U+10000-1FFFF) read as its text too. */
  const withPairs: WideAs = { ...as, pairs: { takes: (h, l) => h >= 0xd800 && h <= 0xd83f && l >= 0xdc00 && l <= 0xdfff, source: '[\\ud800-\\ud83f][\\udc00-\\udfff]' } };

  it.each([['its units', as], ['its units and surrogate pairs', withPairs]])('locateAs (%s) = the plain walk over the mapped text: verdict and offset, short and long (seeded)', (_, wide) => {
    const fast = new TableDfa(RFC3986_TABLES);
    const plain = withRuns(new TableDfa(RFC3986_TABLES), Infinity);
    const start = plain.startOf('URI')!;
    /** `s` with each unit (or pair) as "%80" and any other character above ASCII as a space (no state reads it); where each mapped character came from. */
    const mapped = (s: string): { text: string; origin: number[] } => {
      let text = '';
      const origin: number[] = [];
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        const pair = c >= 0x80 && wide.units[c] !== 1 && wide.pairs !== undefined && wide.pairs.takes(c, s.charCodeAt(i + 1));
        const m = c < 0x80 ? s[i] : wide.units[c] === 1 || pair ? wide.text : ' ';
        text += m;
        for (let k = 0; k < m.length; k++) origin.push(i);
        if (pair) i++;
      }
      origin.push(s.length);
      return { text, origin };
    };
    const units = ['segment/', 'key=value&', '%41', 'a', '/', '?', '#', '..', '@', ':', '\u4f8b', '\u4f8b\u4f8b/', '\u00e9', 'caf\u00e9/',
      '\u00a0', '\u061b', '\u061d', '\ud7ff', '\uf900', '\uffef', '\u{1f600}', 'a\u{10000}\u{1ffff}/'];
    const breaks = ['', ' ', '%', '%4', '[', '#', '\u061c', '\u009f', '\ud800', '\udc00', '\ud83d\ude00', '\u{20000}', '\ue000', '\ufff0', '\u4f8b#'];
    fc.assert(
      fc.property(fc.constantFrom('http://example.com/', 'http://\u4f8b.jp/', 'urn:a:', 'http://[::1]:80/p?', ''), fc.array(fc.constantFrom(...units), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(1, 3, 40, 2000, 12000), fc.constantFrom(...breaks), fc.double({ min: 0, max: 1, noNaN: true }), (prefix, pattern, reps, broken, where) => {
          const body = pattern.join('').repeat(reps);
          const at = Math.floor(where * body.length);
          const s = prefix + body.slice(0, at) + broken + body.slice(at);
          const { text, origin } = mapped(s);
          const want = plain.locate(text, start, 0, text.length);
          const got = fast.locateAs(s, start, wide);
          const view = (code: number) => (code < 0 ? 'match' : origin[plain.failureIndex(code)]);
          expect({ s: s.slice(0, 60), n: s.length, at: got < 0 ? 'match' : fast.failureIndex(got) }).toEqual({ s: s.slice(0, 60), n: s.length, at: view(want) });
        }),
      { seed: 3737, numRuns: 300 },
    );
  });
});
