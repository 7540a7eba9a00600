/**
 * normalize's one pass (src/uri/normalOf.ts) against the general path (split, normalize each
 * component, recompose): on the real URIs, the normalization vectors, strings of the URI rule's
 * ABNF language, and URIs built from the pieces normalization changes.
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { normalOf } from '../../src/uri/normalOf';
import { normalize, equivalent, normalizeUri } from '../../src/uri/normalize';
import { parse } from '../../src/uri/components';
import { isValid } from '../../src/uri/validate';
import { arb } from '../support/arbitraries';

const general = (s: string, byScheme: boolean): string => normalizeUri(parse(s, 'URI'), byScheme);

/** The one pass's answer and normalize's, checked against the general path. */
function agrees(s: string): void {
  // Without 6.2.3 the pass always answers, and answers as the general path does.
  expect([s, normalOf(s, false)]).toEqual([s, general(s, false)]);
  // With it, it leaves to the general path exactly the URIs with a port or an empty path under
  // an authority (what 6.2.3 may change), and answers the others as the general path does.
  const c = parse(s, 'URI');
  const mayChange = c.port !== undefined || (c.host !== undefined && c.path === '' && /^(?:https?|wss?|ftp)$/i.test(c.scheme!));
  const byScheme = normalOf(s, true);
  expect([s, byScheme === undefined]).toEqual([s, mayChange]);
  if (byScheme !== undefined) expect([s, byScheme]).toEqual([s, general(s, true)]);
  expect([s, normalize(s)]).toEqual([s, general(s, false)]);
  expect([s, normalize(s, { scheme: true })]).toEqual([s, general(s, true)]);
}

const vectors = path.join(__dirname, '..', 'vectors');
const realUris = fs.readFileSync(path.join(vectors, 'real-urls.txt'), 'utf8').split('\n').filter((s) => isValid(s, 'URI'));

describe('normalOf: the one pass and the general path agree', () => {
  it('on every real URI of test/vectors/real-urls.txt', () => {
    expect(realUris.length).toBeGreaterThan(80_000);
    let normal = 0;
    for (const s of realUris) {
      agrees(s);
      if (normalOf(s, false) === s) normal++;
    }
    // Most real URIs are normal already: the reason for the pass.
    expect(normal / realUris.length).toBeGreaterThan(0.9);
  });

  it('on the normalization vectors', () => {
    const cases = JSON.parse(fs.readFileSync(path.join(vectors, 'normalize.json'), 'utf8')) as { input: string }[];
    const uris = cases.map((c) => c.input).filter((s) => isValid(s, 'URI'));
    expect(uris.length).toBeGreaterThan(100);
    uris.forEach(agrees);
  });

  it('on strings of the URI rule (ABNF language, random case)', () => {
    fc.assert(fc.property(arb.URI, (s) => agrees(s)), { numRuns: 3000 });
  });

  // The pieces 6.2.2 and 6.2.3 act on, in every combination: case in the scheme, userinfo and
  // host; lowercase and unreserved triplets; dot segments anywhere in the path (and ones that are
  // not segments); empty and default ports; empty and absent components; IP literals.
  const scheme = fc.constantFrom('http', 'HTTP', 'hTtp', 'https', 'ws', 'wss', 'ftp', 'urn', 'a+b', 'X-y.z');
  const userinfo = fc.constantFrom('', 'user', 'User:Pass', 'a%3Ab', 'a%3ab', '%41', 'x%2E');
  const host = fc.constantFrom('example.com', 'Example.COM', 'ex%41mple', 'ex%4a', 'ex%2Fa', '127.0.0.1', '[::1]', '[FE80::A]', '[v7.Ab]', '', '%7E');
  const port = fc.constantFrom(undefined, '', '80', '080', '443', '8080', '21', '0');
  const segment = fc.constantFrom('', '.', '..', 'a', '.a', 'a.', '...', '%2E', '%2e', '%2E%2E', '%41', '%7e', '%7E', '%2F', 'B', '%c3%A9', '%C3%A9', ':');
  const pathOf = fc.tuple(fc.constantFrom('', '/'), fc.array(segment, { maxLength: 5 })).map(([lead, segs]) => lead + segs.join('/'));
  const tail = fc.constantFrom(undefined, '', 'a=b', 'q%2f', 'q%2F', 'Q/./..', '%61');
  const built = fc.tuple(scheme, fc.option(fc.tuple(userinfo, fc.boolean(), host, port), { nil: undefined }), pathOf, tail, tail)
    .map(([s, auth, p, q, f]) => {
      let out = s + ':';
      if (auth) {
        const [u, withUser, h, pt] = auth;
        out += '//' + (withUser ? u + '@' : '') + h + (pt === undefined ? '' : ':' + pt);
        if (p !== '' && !p.startsWith('/')) p = '/' + p;
      } else if (p.startsWith('//')) p = '/.' + p;
      return out + p + (q === undefined ? '' : '?' + q) + (f === undefined ? '' : '#' + f);
    })
    .filter((s) => isValid(s, 'URI'));

  it('on URIs built from the pieces normalization changes', () => {
    fc.assert(fc.property(built, (s) => agrees(s)), { numRuns: 5000 });
  });

  it('equivalent gives the general answer', () => {
    fc.assert(fc.property(built, built, (a, b) => {
      expect(equivalent(a, b)).toBe(general(a, true) === general(b, true));
      // 6.2.2.1: the scheme is case-insensitive.
      expect(equivalent(a, a.replace(/^[^:]*/, (m) => m.toUpperCase()))).toBe(true);
    }), { numRuns: 1000 });
  });

  it('examples: what the pass finds and changes', () => {
    expect(normalOf('http://example.com/a/b?q#f', false)).toBe('http://example.com/a/b?q#f');
    expect(normalOf('HTTP://example.com/', false)).toBe('http://example.com/'); // scheme case
    expect(normalOf('http://Example.com/', false)).toBe('http://example.com/'); // host case
    expect(normalOf('http://User@example.com/', false)).toBe('http://User@example.com/'); // userinfo keeps its case
    expect(normalOf('http://U%3as@EXAMPLE.com:8080/', false)).toBe('http://U%3As@example.com:8080/');
    expect(normalOf('http://[FE80::1]/', false)).toBe('http://[fe80::1]/'); // IPv6 hex digits are host text
    expect(normalOf('http://h/%3a', false)).toBe('http://h/%3A'); // lowercase hex digit
    expect(normalOf('http://h/%41', false)).toBe('http://h/A'); // unreserved "A"
    expect(normalOf('http://h/%2F?%3A#%5B', false)).toBe('http://h/%2F?%3A#%5B');
    expect(normalOf('http://h/a/./b', false)).toBe('http://h/a/b');
    expect(normalOf('http://h/a/..', false)).toBe('http://h/');
    expect(normalOf('http://h/a/%2E%2e/b', false)).toBe('http://h/b'); // decoded first (2.3)
    expect(normalOf('a:./b', false)).toBe('a:b');
    expect(normalOf('a:/.//b', false)).toBe('a:/.//b'); // "/." keeps "//" from reading as an authority
    expect(normalOf('http://h/a/.b/..c/...', false)).toBe('http://h/a/.b/..c/...'); // not dot segments
    expect(normalOf('http://h/a?/../#/./', false)).toBe('http://h/a?/../#/./'); // query and fragment keep them
    expect(normalOf('http://h/a?%7e#%7E', false)).toBe('http://h/a?~#~');
    expect(normalOf('HTTP://H/./%7e?%7e#%7e', false)).toBe('http://h/~?~#~');
    expect(normalOf('http://h:80/', true)).toBeUndefined();
    expect(normalOf('http://h', true)).toBeUndefined();
    expect(normalOf('http://h', false)).toBe('http://h');
    expect(normalOf('urn:a:b', true)).toBe('urn:a:b');
  });
});
