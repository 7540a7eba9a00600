/**
 * resolve's path on the text (src/uri/resolveValid.ts) against the definition it follows
 * (src/uri/resolve.ts: 5.2.2 transform on the parsed components, 5.3 recomposition): on the
 * resolution vectors, pairs of real URIs and references, and generated bases and references
 * rich in what 5.2 acts on (dot segments, empty and absent components, authorities).
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { resolveValid } from '../../src/uri/resolveValid';
import { recomposeTarget, transform } from '../../src/uri/resolve';
import { parse } from '../../src/uri/components';
import { isValid } from '../../src/uri/validate';
import { arb } from '../support/arbitraries';

const definition = (base: string, ref: string): string =>
  recomposeTarget(transform(parse(base, 'URI'), parse(ref, 'URI-reference'), true));

function agrees(base: string, ref: string): void {
  expect([base, ref, resolveValid(base, ref)]).toEqual([base, ref, definition(base, ref)]);
}

const vectors = path.join(__dirname, '..', 'vectors');

// RFC 3986 5.4.1 and 5.4.2's references (test/spec/rfc3986-sections-3-5.txt), and more of the same kind.
const REFERENCES = [
  'g:h', 'g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', 'g;x?y#s', '', '.', './', '..', '../',
  '../g', '../..', '../../', '../../g', '../../../g', '../../../../g', '/./g', '/../g', 'g.', '.g', 'g..', '..g', './../g',
  './g/.', 'g/./h', 'g/../h', 'g;x=1/./y', 'g;x=1/../y', 'g?y/./x', 'g?y/../x', 'g#s/./x', 'g#s/../x', 'http:g',
  '//h/./a/../b?q#f', 'x:/./..//g', 'x:a/..//g', './/g', '..//g', '?', '#', '?#', 'a:', '//', '///', '/.//g',
];

describe('resolveValid: the text path and the definition agree', () => {
  it('on the resolution vectors', () => {
    const cases = JSON.parse(fs.readFileSync(path.join(vectors, 'resolve.json'), 'utf8')) as { base: string; ref?: string; reference?: string }[];
    let n = 0;
    for (const c of cases) {
      const ref = c.ref ?? c.reference;
      if (ref === undefined || !isValid(c.base, 'URI') || !isValid(ref, 'URI-reference')) continue;
      agrees(c.base, ref);
      n++;
    }
    expect(n).toBeGreaterThan(100);
  });

  it('on real URIs as bases, each with every reference above', () => {
    const bases = fs.readFileSync(path.join(vectors, 'real-urls.txt'), 'utf8').split('\n').filter((s) => isValid(s, 'URI')).slice(0, 3000);
    expect(bases.length).toBe(3000);
    for (const b of bases) for (const r of REFERENCES) agrees(b, r);
  });

  it('on real URIs as references against a few bases', () => {
    const refs = fs.readFileSync(path.join(vectors, 'real-urls.txt'), 'utf8').split('\n').filter((s) => isValid(s)).slice(0, 5000);
    for (const b of ['http://a/b/c/d;p?q', 'a:b', 'a:/b/./c', 'file:///', 'x://h', 'x:']) for (const r of refs) agrees(b, r);
  });

  it('on strings of the URI and URI-reference rules', () => {
    fc.assert(fc.property(arb.URI, arb['URI-reference'], (b, r) => agrees(b, r)), { numRuns: 5000 });
  });

  // Bases and references built from the pieces 5.2 reads: with and without authority, empty and
  // rootless paths, dot segments at every place, queries and fragments present, empty or absent.
  const segment = fc.constantFrom('', '.', '..', 'a', 'b;p', '.a', 'a.', '%2E', 'g:h');
  const pathOf = (lead: string[]) => fc.tuple(fc.constantFrom(...lead), fc.array(segment, { maxLength: 4 })).map(([l, s]) => l + s.join('/'));
  const tail = fc.tuple(fc.constantFrom(undefined, '', 'q', 'q/../x'), fc.constantFrom(undefined, '', 'f', 'f/./x'))
    .map(([q, f]) => (q === undefined ? '' : '?' + q) + (f === undefined ? '' : '#' + f));
  const authority = fc.constantFrom(undefined, '', 'h', 'u@h:1', '[::1]');
  const withAuthority = (a: string | undefined, p: string): string => (a === undefined ? p : '//' + a + (p === '' || p.startsWith('/') ? p : '/' + p));
  const base = fc.tuple(fc.constantFrom('http', 'a', 'X'), authority, pathOf(['', '/']), tail)
    .map(([s, a, p, t]) => s + ':' + withAuthority(a, p) + t).filter((s) => isValid(s, 'URI'));
  const reference = fc.tuple(fc.constantFrom(undefined, 'http', 'a', 'g'), authority, pathOf(['', '/', './', '../']), tail)
    .map(([s, a, p, t]) => (s === undefined ? '' : s + ':') + withAuthority(a, p) + t).filter((s) => isValid(s, 'URI-reference'));

  it('on generated bases and references', () => {
    fc.assert(fc.property(base, reference, (b, r) => agrees(b, r)), { numRuns: 10000 });
  });
});
