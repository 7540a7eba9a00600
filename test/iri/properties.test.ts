/** Property tests (fast-check, fixed seeds) for IRIs and the mappings, and the RFC 3986 algorithms on IRIs. */
import fc from 'fast-check';
import { rfc3987, toUri, toIri, isValid, normalize, equivalent, resolve } from '../../src/index';
import { oracle } from '../oracles/rfc3987';
import { encodeNonAscii } from '../../src/iri/toUri';

const asciiChar = fc.constantFrom(...'aZ09-._~:/?#[]@!$&\'()*+,;=%'.split(''), '%41', '%c3%a9', '%FC', '%25');
const uniChar = fc.constantFrom('\u00e9', '\u4f8b', '\u{20000}', '\u00a0', '\ufdf0', '\u{10300}');
const text = fc.array(fc.oneof(asciiChar, uniChar), { maxLength: 16 }).map((a) => a.join(''));
const prefix = fc.constantFrom('http://', 'http://u@h\u00fc:1/', 'a:', '//', '', 'x:/');
const iriRef = fc.tuple(prefix, text).map(([p, s]) => p + s).filter((s) => rfc3987.isValid(s, 'IRI-reference'));
const uriRef = fc.tuple(prefix, fc.array(asciiChar, { maxLength: 16 }).map((a) => a.join(''))).map(([p, s]) => p + s).filter((s) => isValid(s, 'URI-reference'));

test('every URI is an IRI (rule for rule)', () => {
  fc.assert(fc.property(uriRef, (u) => rfc3987.isValid(u, 'IRI-reference') && (!isValid(u, 'URI') || rfc3987.isValid(u, 'IRI'))), { seed: 1, numRuns: 2000 });
});

test('toUri gives a valid URI, idempotently, and is the identity on URIs', () => {
  fc.assert(fc.property(iriRef, (x) => isValid(toUri(x), 'URI-reference') && toUri(toUri(x)) === toUri(x)), { seed: 2, numRuns: 2000 });
  fc.assert(fc.property(uriRef, (u) => toUri(u) === u), { seed: 3, numRuns: 1000 });
});

test('toIri(toUri(x)) === x for IRIs with no percent-encoded non-ASCII octets and no bidi characters', () => {
  const plain = iriRef.filter((x) => !/%[89a-fA-F]/.test(x));
  fc.assert(fc.property(plain, (x) => toIri(toUri(x)) === x), { seed: 4, numRuns: 2000 });
});

test('toIri gives an IRI, and toUri(toIri(u)) is equivalent to u', () => {
  fc.assert(fc.property(uriRef, (u) => {
    const i = toIri(u);
    if (!rfc3987.isValid(i, 'IRI-reference')) return false;
    const back = toUri(i);
    return isValid(u, 'URI') ? equivalent(back, u) : back.toUpperCase() === u.toUpperCase();
  }), { seed: 5, numRuns: 2000 });
});

test('strings drawn from the IRI grammar are accepted (and agree with the independent reading)', () => {
  const ucs = fc.constantFrom('\u00a0', '\ud7ff', '\uf900', '\ufdcf', '\ufdf0', '\uffef', '\u{10000}', '\u{1fffd}', '\u{e1000}', '\u{efffd}', '\u00e9');
  const priv = fc.constantFrom('\ue000', '\uf8ff', '\u{f0000}', '\u{ffffd}', '\u{100000}', '\u{10fffd}');
  const unres = fc.oneof(fc.constantFrom(...'aZ09-._~'.split('')), ucs);
  const pct = fc.constantFrom('%00', '%aF', '%C3');
  const sub = fc.constantFrom(...'!$&\'()*+,;='.split(''));
  const ipchar = fc.oneof(unres, pct, sub, fc.constantFrom(':', '@'));
  const seg = fc.array(ipchar, { maxLength: 4 }).map((a) => a.join(''));
  const path = fc.array(seg, { maxLength: 3 }).map((a) => a.map((s) => '/' + s).join(''));
  const regName = fc.array(fc.oneof(unres, pct, sub), { maxLength: 5 }).map((a) => a.join(''));
  const userinfo = fc.option(fc.array(fc.oneof(unres, pct, sub, fc.constant(':')), { maxLength: 4 }).map((a) => a.join('') + '@'), { nil: '' });
  const host = fc.oneof(regName, fc.constantFrom('[::1]', '[v7.a:b]', '1.2.3.4', '[1:2:3:4:5:6:1.2.3.4]'));
  const port = fc.option(fc.stringMatching(/^[0-9]{0,4}$/).map((p) => ':' + p), { nil: '' });
  const query = fc.option(fc.array(fc.oneof(ipchar, priv, fc.constantFrom('/', '?')), { maxLength: 5 }).map((a) => '?' + a.join('')), { nil: '' });
  const fragment = fc.option(fc.array(fc.oneof(ipchar, fc.constantFrom('/', '?')), { maxLength: 5 }).map((a) => '#' + a.join('')), { nil: '' });
  const scheme = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,4}$/);
  const iri = fc.tuple(scheme, userinfo, host, port, path, query, fragment).map(([s, u, h, p, pa, q, f]) => `${s}://${u}${h}${p}${pa}${q}${f}`);
  fc.assert(fc.property(iri, (x) => rfc3987.isValid(x, 'IRI') && oracle(x, 'IRI') && rfc3987.validate(x, 'IRI').ok), { seed: 6, numRuns: 3000 });
});

describe('RFC 3986 sections 5 and 6 on IRIs (RFC 3987 2.1, 6.5)', () => {
  test('parse', () => {
    expect(rfc3987.parse('http://us\u00e9r@b\u00fccher.de:80/stra\u00dfe?q=\u20ac#fr')).toEqual({
      scheme: 'http', authority: 'us\u00e9r@b\u00fccher.de:80', userinfo: 'us\u00e9r', host: 'b\u00fccher.de', port: '80',
      path: '/stra\u00dfe', query: 'q=\u20ac', fragment: 'fr', hostKind: 'reg-name',
    });
    expect(rfc3987.parse('\u4f8b/\u30d1?x', 'irelative-ref')).toMatchObject({ scheme: undefined, path: '\u4f8b/\u30d1', query: 'x' });
    expect(() => rfc3987.parse('http://h/\u200e')).toThrow(/4\.1/);
    expect(() => rfc3987.parse('a:b', 'URI' as never)).toThrow(TypeError);
  });
  test('parse agrees with parse of the mapped URI, component by component', () => {
    fc.assert(fc.property(iriRef, (x) => {
      const a = rfc3987.parse(x);
      const b = rfc3987.parse(toUri(x));
      return (Object.keys(a) as (keyof typeof a)[]).every((k) => (a[k] === undefined ? b[k] === undefined : k === 'hostKind' ? a[k] === b[k] : encodeNonAscii(a[k] as string) === b[k]));
    }), { seed: 8, numRuns: 1500 });
  });
  test('resolve: 5.4 examples with Unicode segments', () => {
    const base = 'http://\u00e4/b/c/d;p?q';
    expect(rfc3987.resolve(base, '\u00fc')).toBe('http://\u00e4/b/c/\u00fc');
    expect(rfc3987.resolve(base, '../\u00fc')).toBe('http://\u00e4/b/\u00fc');
    expect(rfc3987.resolve(base, '//\u4f8b')).toBe('http://\u4f8b');
    expect(rfc3987.resolve(base, '?\ue000')).toBe('http://\u00e4/b/c/d;p?\ue000');
    // the same as resolving the mapped URIs, mapped
    fc.assert(fc.property(iriRef, (r) => toUri(rfc3987.resolve(base, r)) === resolve(toUri(base), toUri(r))), { seed: 10, numRuns: 1500 });
  });
  test('normalize: RFC 3986 6.2.2 unchanged; no NFC, no case folding of non-ASCII', () => {
    expect(rfc3987.normalize('HTTP://B\u00dcCHER.DE/a/./b/../%7e%c3%a9/\u00c9')).toBe('http://b\u00dccher.de/a/~%C3%A9/\u00c9');
    expect(rfc3987.normalize('http://h/e\u0301')).toBe('http://h/e\u0301'); // not NFC-composed
    expect(rfc3987.equivalent('http://h/\u00e9', 'http://h/e\u0301')).toBe(false);
    expect(rfc3987.equivalent('HTTP://h:80/\u00e9', 'http://h/\u00e9')).toBe(true);
    fc.assert(fc.property(iriRef.filter((x) => rfc3987.isValid(x, 'IRI')), (x) => toUri(rfc3987.normalize(x)) === normalize(toUri(x)) || /[A-Z]/.test(rfc3987.parse(x).host ?? '')), { seed: 12, numRuns: 1500 });
    expect(() => rfc3987.normalize('\u00e9/x')).toThrow(/relative reference/);
  });
  test('recompose', () => {
    const c = rfc3987.parse('http://\u00e9@h\u00fc:1/p\u00e4?\ue000#f');
    expect(rfc3987.recompose(c)).toBe('http://\u00e9@h\u00fc:1/p\u00e4?\ue000#f');
    expect(() => rfc3987.recompose({ scheme: 'h\u00fc', path: '' })).toThrow(/scheme/);
    expect(() => rfc3987.recompose({ path: '/\ue000' })).toThrow(/iprivate/);
    expect(() => rfc3987.recompose({ host: 'h', path: 'x' })).toThrow(/path/);
  });
});
