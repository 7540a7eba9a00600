/**
 * src/iri/check.ts: an IRI's verdict from RFC 3986's tables walking the IRI itself, each ucschar
 * read as a triplet (issue 37: a long IRI at the speed of a long URI). The walk must answer as
 * the mapped text does (`iriCheck`, which maps and then runs RFC 3986's check), for every rule,
 * every bidi setting and every length, and answer a long IRI itself.
 */
import fc from 'fast-check';
import { iriCheck, iriTester, URI_COUNTERPART, WALK_FROM, type MappedRule } from '../../src/iri/check';
import type { BidiCheck } from '../../src/iri/ucschar';
import { TableDfa } from '../../src/engine/automata/tableDfa';
import { LONG } from '../../src/engine/limits';

const longIri = (n: number): string => {
  const prefix = 'http://例え.jp/';
  return prefix + 'パス/セグメント/'.repeat(Math.ceil(n / 9)).slice(0, n - prefix.length);
};

/** The results `locateAs` returned while `f` ran. */
function walks<T>(f: () => T): { value: T; results: number[] } {
  const results: number[] = [];
  const proto = TableDfa.prototype as unknown as { locateAs: (...a: unknown[]) => number };
  const original = proto.locateAs;
  proto.locateAs = function (this: unknown, ...a: unknown[]) {
    const r = original.apply(this, a);
    results.push(r);
    return r;
  };
  try {
    return { value: f(), results };
  } finally {
    proto.locateAs = original;
  }
}

test('a long IRI is answered by the walk itself (no mapped copy), at every length from 1 KB', () => {
  for (const n of [1_000, LONG - 1, LONG, 100_000]) {
    const s = longIri(n);
    const { value, results } = walks(() => iriTester('IRI', true)(s));
    expect(value).toBe(true);
    // One walk, which accepted: the mapping (and its copy of the input) never ran.
    expect(results).toEqual([-1]);
  }
});

test('a long IRI of characters above the Basic Multilingual Plane (surrogate pairs) is answered by the walk itself', () => {
  // CJK Extension B and an emoji (U+1F600: planes 1 and 2 are ucschar), at 1 KB and past LONG.
  for (const segment of ['\u{2000b}\u{2123d}/\u{20b9f}/', 'a\u{1f600}b/', '\u30d1\u{2000b}/']) {
    for (const n of [1_000, LONG + 10]) {
      const s = 'http://\u4f8b.jp/' + segment.repeat(Math.ceil(n / segment.length));
      const { value, results } = walks(() => iriTester('IRI', true)(s));
      expect(value).toBe(true);
      expect(results).toEqual([-1]);
      // One past a plane's end (U+2FFFE) and one in plane 15 (iprivate, outside the query): refused.
      for (const bad of ['\u{2fffe}', '\u{f0000}']) {
        const t = s + bad;
        expect(iriTester('IRI', true)(t)).toBe(false);
        expect(iriCheck(t, 'IRI', true).ok).toBe(false);
      }
    }
  }
});

test('a walk that stops at a character it does not read (an iprivate in the query) leaves the verdict to the mapping', () => {
  const s = longIri(LONG + 10) + '?q=\ue000';
  const { value, results } = walks(() => iriTester('IRI', true)(s));
  expect(results).toHaveLength(1);
  expect(results[0]).toBeGreaterThanOrEqual(0);
  expect(value).toBe(true);
  expect(iriCheck(s, 'IRI', true).ok).toBe(true);
});

/** The sources' lengths of the RegExps whose `test` ran while `f` ran. */
function regexpsRun(f: () => void): number[] {
  const lengths: number[] = [];
  const original = RegExp.prototype.test;
  RegExp.prototype.test = function (this: RegExp, s: string) {
    lengths.push(this.source.length);
    return original.call(this, s);
  };
  try {
    f();
  } finally {
    RegExp.prototype.test = original;
  }
  return lengths;
}

describe('from WALK_FROM characters on, the walk runs at once', () => {
  // An ASCII path with one ucschar at its end: RFC 3986's RegExp would refuse it only after
  // backtracking over all of it (about 4 ns a character at 1 KB, the walk under 1).
  const late = (n: number) => {
    const s = 'http://example.com/' + 'segment/'.repeat(Math.ceil(n / 8));
    return s.slice(0, n - 2) + 'パス';
  };
  const t = iriTester('IRI', true);
  // Hot: past its budget, RFC 3986's rule reads short input with its RegExp (src/engine/grammar/driver.ts).
  for (let i = 0; i < 100; i++) t('http://example.com/' + 'a'.repeat(900));
  const verdictRegExp = (lengths: number[]) => lengths.some((n) => n > 1000);

  it('below it, RFC 3986\'s RegExp reads the input first (so this test can tell)', () => {
    const s = late(WALK_FROM - 1);
    expect(verdictRegExp(regexpsRun(() => expect(t(s)).toBe(true)))).toBe(true);
  });
  it('from it, only the walk reads the input, and answers as the mapped text', () => {
    for (const n of [WALK_FROM, WALK_FROM + 1, 2 * WALK_FROM, LONG - 1]) {
      // A ucschar, a control and ASCII at the end: the walk's own answers.
      for (const [s, ok] of [[late(n), true], [late(n).slice(0, -1) + '\u0001', false], [late(n).slice(0, -2) + 'ab', true]] as const) {
        expect(verdictRegExp(regexpsRun(() => expect(t(s)).toBe(ok)))).toBe(false);
        expect(iriCheck(s, 'IRI', true).ok).toBe(ok);
      }
      // An iprivate outside the query stops the walk; the mapping decides.
      const s = late(n).slice(0, -2) + '\ue000';
      expect(t(s)).toBe(false);
      expect(iriCheck(s, 'IRI', true).ok).toBe(false);
    }
  });
});

describe('the walk answers as the mapped text (seeded)', () => {
  const piece = fc.constantFrom(
    'a', 'Z', '0', '-', '.', '_', '~', ':', '/', '?', '#', '[', ']', '@', '!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '=',
    '%41', '%c3%a9', '%', '%4', ' ', '\u007f', '\u0080', '\u009f',
    // ucschar at its edges, in and out of the BMP
    '\u00a0', '\u00e9', '\u4f8b', '\ud7ff', '\uf900', '\ufdcf', '\ufdd0', '\ufdef', '\ufdf0', '\uffef', '\ufff0', '\u{10000}', '\u{1fffd}', '\u{1fffe}', '\u{e1000}',
    // iprivate, lone surrogates, section 4.1's controls and the newer ones
    '\ue000', '\uf8ff', '\u{f0000}', '\ud800', '\udc00', '\u200e', '\u200f', '\u202a', '\u202e', '\u061c', '\u2066', '\u2069',
  );
  const prefix = fc.constantFrom('http://', 'http://u@h\u00fc:1/', 'a:', '//', '', 'x:/', 'http://[::1]/', 'http://\u4f8b.jp/');
  const rule = fc.constantFrom(...(Object.keys(URI_COUNTERPART) as MappedRule[]));
  const bidi = fc.constantFrom<BidiCheck>(true, false, 'rfc3987');
  const iri = fc.tuple(prefix, fc.array(piece, { maxLength: 24 })).map(([p, a]) => p + a.join(''));

  it('on short inputs', () => {
    fc.assert(fc.property(iri, rule, bidi, (s, r, b) => iriTester(r, b)(s) === iriCheck(s, r, b).ok), { seed: 3701, numRuns: 4000 });
  });
  it('on inputs past LONG (the tables from the first character)', () => {
    // A long run of ucschar and pchar, then the random tail: the walk's RegExps read the run.
    const long = fc.tuple(iri, fc.constantFrom('', '\u4f8b', 'a/\u00e9', '\u{20000}', 'a\u{1f600}/')).map(([s, fill]) => {
      const at = s.indexOf('/', s.indexOf('//') + 2);
      const run = (fill || 'b').repeat(Math.ceil(LONG / Math.max(1, fill.length)));
      return at < 0 ? s + run : s.slice(0, at + 1) + run + s.slice(at + 1);
    });
    fc.assert(fc.property(long, rule, bidi, (s, r, b) => iriTester(r, b)(s) === iriCheck(s, r, b).ok), { seed: 3702, numRuns: 300 });
  });
});
