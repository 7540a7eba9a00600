/**
 * Host conversion against the UTS #46 conformance data (a sample of IdnaTestV2.txt, Unicode
 * 16.0.0; see test/vectors/idna/README.md): hostToAscii must give the toAsciiN column
 * (non-transitional) or fail where that column has a status, since RFC 3987 3.1 asks for
 * UseSTD3ASCIIRules and the profile turns every check on.
 */
import { hostToAscii, hostToUnicode, IdnaError } from '../../src/iri';
import { idnaRows } from './idnaVectors';

const rows = idnaRows();
/** Separators that end a name: a trailing root "." is kept by hostToAscii (tested below), not an A4_2 error. */
const ENDS_WITH_DOT = /[.\u3002\uFF0E\uFF61]$/;

describe('hostToAscii on the UTS #46 conformance sample', () => {
  test('the sample is there', () => expect(rows.length).toBeGreaterThan(600));

  // Rows whose source ends in a label separator are left out: VerifyDnsLength flags the empty
  // root label there (A4_2), while a host keeps its trailing root dot (rows below). Rows with
  // "%" are left out: an ireg-name's "%" always begins a UTF-8 triplet, decoded before IDNA.
  const used = rows.filter((r) => !ENDS_WITH_DOT.test(r.source) && !r.source.includes('%'));
  test.each(used.map((r) => [r.line, r.source, r.toAsciiNStatus.length ? null : r.toAsciiN] as const))(
    'line %i: %j', (_line, source, want) => {
      if (want === null) expect(() => hostToAscii(source)).toThrow(IdnaError);
      else expect(hostToAscii(source)).toBe(want);
    });
});

describe('hostToAscii: the issue\'s points', () => {
  test.each([
    ['faß.de', 'xn--fa-hia.de'], // non-transitional: ß stays
    ['bücher.de', 'xn--bcher-kva.de'],
    ['Bücher.DE', 'xn--bcher-kva.de'],
    ['faß.de.', 'xn--fa-hia.de.'], // the root dot is kept
    ['b%C3%BCcher.de', 'xn--bcher-kva.de'], // percent-encoded UTF-8 is read first
    ['例え.jp', 'xn--r8jz45g.jp'],
    ['r\u00e9sum\u00e9.example.org', 'xn--rsum-bpad.example.org'], // RFC 3987 3.1's example
  ])('%s → %s', (host, ascii) => expect(hostToAscii(host)).toBe(ascii));

  test.each([
    ['a_b.ü', 'a_b'], // STD3: "_" is not allowed
    ['-ü.de', '-ü'], // CheckHyphens
    ['ü..de', ''], // empty label
    ['x'.repeat(64) + 'ü.de', 'x'.repeat(64) + 'ü'], // 63-octet label limit
  ])('%j is rejected naming the label %j', (host, label) => {
    let error: unknown;
    try { hostToAscii(host); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(IdnaError);
    expect(error).toBeInstanceOf(SyntaxError);
    expect((error as IdnaError).label).toBe(label);
    // The label is quoted in the message, cut to 40 characters when longer (the field keeps it whole).
    const quoted = label.length > 40 ? JSON.stringify(label.slice(0, 40)) + '…' : JSON.stringify(label);
    expect((error as IdnaError).message).toContain(label === '' ? 'an empty label' : quoted);
  });

  test('percent-encodings that are not UTF-8 are an IdnaError', () => {
    expect(() => hostToAscii('b%FCcher.de')).toThrow(/not UTF-8/);
  });
});

describe('hostToUnicode (display)', () => {
  const positive = rows.filter((r) => /^[a-z0-9.-]+$/.test(r.source) && /(^|\.)xn--/.test(r.source)
    && r.toUnicodeStatus.length === 0 && !ENDS_WITH_DOT.test(r.source) && !/[\u200c\u200d]/.test(r.toUnicode));
  test('there are rows to compare', () => expect(positive.length).toBeGreaterThan(20));
  test.each(positive.map((r) => [r.line, r.source, r.toUnicode] as const))('line %i: %s', (_l, source, want) => {
    expect(hostToUnicode(source)).toBe(want);
  });

  test.each([
    ['xn--99zt52a.example.org', '\u7d0d\u8c46.example.org'], // RFC 3987 3.2.1
    ['WWW.xn--bcher-kva.DE', 'WWW.bücher.DE'], // other labels exactly as written
    ['xn--bcher-kva.de.', 'bücher.de.'],
    ['xn--a.de', 'xn--a.de'], // invalid Punycode: kept
    ['xn--ab-m1t.de', 'xn--ab-m1t.de'], // decodes to a ZWJ between letters (C2): kept
    ['[::1]', '[::1]'],
    ['', ''],
  ])('%j → %j', (host, shown) => expect(hostToUnicode(host)).toBe(shown));
});
