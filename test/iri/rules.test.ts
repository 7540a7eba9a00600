/**
 * The rfc3987 grammar object: verdicts of every rule against an independent reading of the
 * ABNF (test/oracles/rfc3987.ts) at the Unicode boundaries the issue lists and on generated strings; error
 * offsets; section 4.1; astral characters in every component; iprivate only in the query.
 */
import fc from 'fast-check';
import { readFileSync } from 'fs';
import { join } from 'path';
import { rfc3987, RFC3987_RULES, UriSyntaxError } from '../../src/index';
import { oracle, ORACLE_RULES } from '../oracles/rfc3987';
import { isUcschar, isIprivate } from '../../src/iri/ucschar';

const BOUNDARIES = [
  0x7f, 0x80, 0x9f, 0xa0, 0xd7ff, 0xe000, 0xf8ff, 0xf900, 0xfdcf, 0xfdd0, 0xfdef, 0xfdf0, 0xffef, 0xfff0, 0xfffd, 0xfffe, 0xffff,
  ...Array.from({ length: 16 }, (_, p) => [(p + 1) * 0x10000, (p + 1) * 0x10000 + 0xfffd, (p + 1) * 0x10000 + 0xfffe, (p + 1) * 0x10000 + 0xffff]).flat(),
  0xe0000, 0xe0fff, 0xe1000, 0xefffd, 0xf0000, 0xffffd, 0x100000, 0x10fffd, 0x10ffff,
  0x200e, 0x200f, 0x202a, 0x202e, 0x202f, 0x200d,
];

test('every rule of grammar/rfc3987.abnf is there, under its RFC name, in order', () => {
  const text = readFileSync(join(__dirname, '../../grammar/rfc3987.abnf'), 'utf8');
  const defined = [...text.matchAll(/^([A-Za-z][A-Za-z0-9-]*)\s*=/gm)].map((m) => m[1]);
  expect([...RFC3987_RULES]).toEqual(defined);
  for (const rule of ORACLE_RULES) expect(RFC3987_RULES).toContain(rule);
});

describe('ucschar and iprivate at the boundaries (the ABNF ranges, one code point each)', () => {
  test.each(BOUNDARIES.map((cp) => [cp.toString(16), cp] as const))('U+%s', (_hex, cp) => {
    const ch = String.fromCodePoint(cp);
    expect(rfc3987.isValid(ch, 'ucschar', { abnfOnly: true })).toBe(oracle(ch, 'ucschar'));
    expect(rfc3987.isValid(ch, 'iprivate', { abnfOnly: true })).toBe(oracle(ch, 'iprivate'));
    expect(isUcschar(cp)).toBe(oracle(ch, 'ucschar'));
    expect(isIprivate(cp)).toBe(oracle(ch, 'iprivate'));
  });
});

/** Where a character stands in each rule, and the rules that hold it there. */
const PLACES: readonly (readonly [string, (ch: string) => string])[] = [
  ['IRI', (ch) => `http://u${ch}@h${ch}:8/p${ch}/q?x${ch}#f${ch}`],
  ['IRI', (ch) => `http://h/?${ch}`],
  ['IRI', (ch) => `http://h/#${ch}`],
  ['IRI', (ch) => `s${ch}:x`],
  ['IRI', (ch) => `http://h:${ch}/`],
  ['IRI', (ch) => `http://[::${ch}]/`],
  ['IRI-reference', (ch) => `${ch}/${ch}?${ch}#${ch}`],
  ['irelative-ref', (ch) => `//${ch}/${ch}?${ch}`],
  ['absolute-IRI', (ch) => `a:${ch}?${ch}`],
  ['iquery', (ch) => `${ch}${ch}`],
  ['ifragment', (ch) => ch],
  ['ireg-name', (ch) => `a${ch}.b`],
  ['isegment-nz-nc', (ch) => ch],
  ['ipchar', (ch) => ch],
  ['iunreserved', (ch) => ch],
  ['iuserinfo', (ch) => `${ch}:${ch}`],
  ['ipath', (ch) => `/${ch}`],
];

describe('every rule at every boundary agrees with the ABNF', () => {
  test.each(PLACES.map(([rule, place], k) => [k, rule, place] as const))('place %i (%s)', (_k, rule, place) => {
    for (const cp of BOUNDARIES) {
      const s = place(String.fromCodePoint(cp));
      expect([s, rfc3987.isValid(s, rule as never, { abnfOnly: true })]).toEqual([s, oracle(s, rule)]);
      expect([s, rfc3987.validate(s, rule as never, { abnfOnly: true }).ok]).toEqual([s, oracle(s, rule)]);
    }
  });
});

describe('iprivate in the query only', () => {
  test.each([
    ['http://h/?\ue000', true], ['http://h/?a=\u{10fffd}&b', true], ['http://h/\ue000', false], ['http://h/#\ue000', false],
    ['http://\ue000/', false], ['http://\ue000@h/', false], ['?\u{f0000}', true], ['\u{f0000}', false], ['#?\ue000', false],
  ])('%j → %s', (s, ok) => {
    expect(rfc3987.isValid(s, 'IRI-reference')).toBe(ok);
    expect(oracle(s, 'IRI-reference')).toBe(ok);
  });
});

describe('astral characters in every component, never split', () => {
  const astral = '\u{20000}'; // CJK Ext. B, a ucschar
  test('accepted everywhere ucschar is', () => {
    expect(rfc3987.isValid(`http://${astral}@${astral}.jp/${astral}?${astral}#${astral}`, 'IRI')).toBe(true);
    expect(rfc3987.parse(`http://${astral}@${astral}.jp:1/${astral}?${astral}#${astral}`)).toMatchObject({
      userinfo: astral, host: `${astral}.jp`, port: '1', path: `/${astral}`, query: astral, fragment: astral, hostKind: 'reg-name',
    });
  });
  test.each([
    [`${astral}:x`, 0, 'IRI'], // scheme is ASCII: "\u{20000}" cannot begin one
    [`http://h:${astral}/`, 11, 'IRI'], // after "h:" only a port... or an iuserinfo, until the "/"
    [`http://[${astral}]/`, 8, 'IRI'],
    [`http://h/\u{e0001}`, 9, 'IRI'], // a tag character (U+E0001), outside ucschar
  ])('%j fails at %i, a whole character', (s, index, rule) => {
    const v = rfc3987.validate(s, rule as never);
    expect(v.ok).toBe(false);
    if (!v.ok) {
      const k = v.error.index;
      expect(k).toBe(index);
      expect(s.charCodeAt(k) >= 0xdc00 && s.charCodeAt(k) <= 0xdfff).toBe(false); // never the second half
    }
  });
  test('lone surrogates are never characters', () => {
    for (const s of ['http://h/\ud800', 'http://h/\udfff', 'http://h/\ud800\ud800', 'http://h/?\udbff']) {
      expect(rfc3987.isValid(s, 'IRI', { abnfOnly: true })).toBe(false);
      const v = rfc3987.validate(s, 'IRI');
      expect(!v.ok && v.error.index).toBe(9 + (s.includes('?') ? 1 : 0));
      expect(!v.ok && v.error.message).toMatch(/lone surrogate/);
    }
    expect(rfc3987.isValid('\ud83d', 'ucschar')).toBe(false);
    expect(rfc3987.isValid('\u{1f600}', 'ucschar')).toBe(true);
    expect(rfc3987.isValid('\u{1f600}', 'ipchar')).toBe(true);
    expect(rfc3987.isValid('\u{1f600}\u{1f600}', 'ipchar')).toBe(false);
  });
});

describe('section 4.1: bidi formatting characters', () => {
  test.each([0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e])('U+%s is reported at its offset with the reason', (cp) => {
    const s = `http://h/a${String.fromCodePoint(cp)}b`;
    expect(oracle(s, 'IRI')).toBe(true); // the ABNF allows it (ucschar)
    expect(rfc3987.isValid(s, 'IRI', { abnfOnly: true })).toBe(true);
    expect(rfc3987.isValid(s, 'IRI')).toBe(false);
    const v = rfc3987.validate(s, 'IRI');
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.error).toBeInstanceOf(UriSyntaxError);
      expect(v.error.index).toBe(10);
      expect(v.error.message).toMatch(/4\.1.*bidirectional formatting/);
    }
  });
  test('U+200D (ZWJ) and U+202F are not bidi formatting characters', () => {
    expect(rfc3987.isValid('http://h/a\u200db\u202f', 'IRI')).toBe(true);
  });
  test('an earlier syntax error wins', () => {
    const v = rfc3987.validate('http://h/ \u200e', 'IRI');
    expect(!v.ok && v.error.index).toBe(9);
  });
});

describe('generated strings: the object agrees with the independent reading', () => {
  const chars = fc.constantFrom(...'aZ09-._~%2F:/?#[]@!$&\'()*+,;=v. '.split(''), '\u00e9', '\u{20000}', '\ue000', '\ufffe', '\ud800', '\u200e', '\u{e0001}', '\u00a0', '\u009f');
  const str = fc.array(chars, { maxLength: 14 }).map((a) => a.join(''));
  const rules = ['IRI', 'IRI-reference', 'absolute-IRI', 'irelative-ref', 'iauthority', 'ihost', 'ireg-name', 'ipath', 'iquery', 'ifragment', 'isegment-nz-nc', 'ipath-absolute'];
  test.each(rules)('%s', (rule) => {
    fc.assert(fc.property(str, (s) => rfc3987.isValid(s, rule as never, { abnfOnly: true }) === oracle(s, rule)), { seed: 3987, numRuns: 3000 });
  });
  test('URI-shaped strings', () => {
    const prefix = fc.constantFrom('http://', 'a:', '//', '', 'http://[::1]', 'http://u@h:80');
    fc.assert(fc.property(prefix, str, (p, s) => rfc3987.isValid(p + s, 'IRI-reference', { abnfOnly: true }) === oracle(p + s, 'IRI-reference')), { seed: 11, numRuns: 5000 });
  });
  test('the error offset: the text before it can still become an IRI', () => {
    const completions = ['', 'a', '0', '00', '0]', '1]', ':1]', '.1]', '::]', '1.1.1]', '@h', '@h/'];
    const viable = (t: string): boolean => completions.some((c) => oracle(t + c, 'IRI'));
    fc.assert(fc.property(str, (s) => {
      const t = 'http://h/' + s;
      const v = rfc3987.validate(t, 'IRI', { abnfOnly: true });
      if (v.ok) return oracle(t, 'IRI');
      const k = v.error.index;
      const low = t.charCodeAt(k);
      const splitsPair = k > 0 && low >= 0xdc00 && low <= 0xdfff && t.charCodeAt(k - 1) >= 0xd800 && t.charCodeAt(k - 1) <= 0xdbff;
      return k <= t.length && viable(t.slice(0, k)) && !splitsPair;
    }), { seed: 7, numRuns: 2000 });
  });
});

test('wrong arguments are TypeErrors', () => {
  expect(() => rfc3987.isValid(1 as never, 'IRI')).toThrow(TypeError);
  expect(() => rfc3987.isValid('a:b', 'URI' as never)).toThrow(TypeError);
  expect(() => rfc3987.validate('a:b', 'IRI', { abnfOnly: 'no' } as never)).toThrow(/abnfOnly/);
});
