/**
 * normalize's fast path (src/uri/alreadyNormal.ts) against the general path (split, normalize
 * each component, recompose): on the real URIs, the normalization vectors, strings of the URI
 * rule's ABNF language, and URIs built from the pieces normalization changes.
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { alreadyNormal } from '../../src/uri/alreadyNormal';
import { normalize, equivalent, normalizeUri } from '../../src/uri/normalize';
import { parse } from '../../src/uri/components';
import { isValid } from '../../src/uri/validate';
import { arb } from '../support/arbitraries';

const general = (s: string, byScheme: boolean): string => normalizeUri(parse(s, 'URI'), byScheme);

/** The fast path's claim and normalize's answer, checked against the general path. */
function agrees(s: string): void {
  // Without 6.2.3 the scan is exact (true exactly when the normal form is the input) but for one
  // shape: a path-absolute "/.//…" without an authority, whose "." segment goes and comes back
  // (normalize.ts: "/." keeps "//" from reading as an authority).
  const unchanged = general(s, false) === s;
  if (!/^[^:]*:\/\.\/\//.test(s)) expect([s, alreadyNormal(s, false)]).toEqual([s, unchanged]);
  else if (alreadyNormal(s, false)) expect([s, unchanged]).toEqual([s, true]);
  // With it, true still means unchanged (false may send a normal URI the long way).
  if (alreadyNormal(s, true)) expect([s, general(s, true)]).toEqual([s, s]);
  expect([s, normalize(s)]).toEqual([s, general(s, false)]);
  expect([s, normalize(s, { scheme: true })]).toEqual([s, general(s, true)]);
}

const vectors = path.join(__dirname, '..', 'vectors');
const realUris = fs.readFileSync(path.join(vectors, 'real-urls.txt'), 'utf8').split('\n').filter((s) => isValid(s, 'URI'));

describe('alreadyNormal: the scan and the general path agree', () => {
  it('on every real URI of test/vectors/real-urls.txt', () => {
    expect(realUris.length).toBeGreaterThan(80_000);
    let normal = 0;
    for (const s of realUris) {
      agrees(s);
      if (alreadyNormal(s, false)) normal++;
    }
    // Most real URIs are normal already: the reason for the scan.
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

  it('examples: what the scan finds', () => {
    expect(alreadyNormal('http://example.com/a/b?q#f', false)).toBe(true);
    expect(alreadyNormal('HTTP://example.com/', false)).toBe(false); // scheme case
    expect(alreadyNormal('http://Example.com/', false)).toBe(false); // host case
    expect(alreadyNormal('http://User@example.com/', false)).toBe(true); // userinfo keeps its case
    expect(alreadyNormal('http://[FE80::1]/', false)).toBe(false); // IPv6 hex digits are host text
    expect(alreadyNormal('http://h/%3a', false)).toBe(false); // lowercase hex digit
    expect(alreadyNormal('http://h/%41', false)).toBe(false); // unreserved "A"
    expect(alreadyNormal('http://h/%2F?%3A#%5B', false)).toBe(true);
    expect(alreadyNormal('http://h/a/./b', false)).toBe(false);
    expect(alreadyNormal('http://h/a/..', false)).toBe(false);
    expect(alreadyNormal('a:./b', false)).toBe(false);
    expect(alreadyNormal('http://h/a/.b/..c/...', false)).toBe(true); // not dot segments
    expect(alreadyNormal('http://h/a?/../#/./', false)).toBe(true); // query and fragment keep them
    expect(alreadyNormal('http://h:80/', true)).toBe(false);
    expect(alreadyNormal('http://h', true)).toBe(false);
    expect(alreadyNormal('http://h', false)).toBe(true);
    expect(alreadyNormal('urn:a:b', true)).toBe(true);
  });
});
