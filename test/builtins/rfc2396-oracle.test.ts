/**
 * The test-only RFC 2396 oracle (test/oracles/rfc2396.ts) checked on its own, before it judges
 * the engine: the verdicts the seed's analysis table gives for RFC 2396 read as a CFG
 * (test/spec/rfc2396.txt, "ANALYSIS"), the RFC's Appendix C examples, error indexes by
 * hand, and its two readers (NFA, backtracking) agreeing with each other on random input.
 */
import fc from 'fast-check';
import { RULES_2396, firstMatch, verdict } from '../oracles/rfc2396';

// Seed analysis table, column "RFC 2396 (CFG)", rule URI-reference.
const SEED_TABLE: Array<[string, boolean]> = [
  ['', true], ['#f', true], ['a:', false], ['about:', false], ['http:', false], ['?y', false],
  ['g;x?y#s', true], ['http://a@b@c/', true], ['http://a:b:c/x', true], ['http://h:80:90/', true],
  ['http://[::1]/', false], ['http://999.1.1.1/', true], ['foo:?x', true], ['mailto:a?subject=b', true],
  ['http://example.com/', true], ['http://ab/', true], ['http://www.ics.uci.edu/pub/', true],
  ['http://user@host:8080/p', true], ['http://example.com./', true], ['http://my_host/', true],
  ['http://a/', true], ['http://1.2.3.4/', true], ['//g', true], ['///g', true],
];

// RFC 2396 Appendix C.1 and C.2 references (all but "?y" are URI-references by Appendix A).
const APPENDIX_C = [
  'g:h', 'g', './g', 'g/', '/g', '//g', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', 'g;x?y#s', '.', './',
  '..', '../', '../g', '../..', '../../', '../../g', '', '../../../g', '../../../../g', '/./g', '/../g',
  'g.', '.g', 'g..', '..g', './../g', './g/.', 'g/./h', 'g/../h', 'g;x=1/./y', 'g;x=1/../y', 'g?y/./x',
  'g?y/../x', 'g#s/./x', 'g#s/../x', 'http:g', 'http://a/b/c/d;p?q',
];

describe('RFC 2396 oracle', () => {
  it.each(SEED_TABLE)('seed analysis table: URI-reference %j -> %s', (input, ok) => {
    expect(verdict('URI-reference', input).ok).toBe(ok);
    expect(firstMatch('URI-reference', input) !== null).toBe(ok);
  });

  it.each(APPENDIX_C)('RFC 2396 Appendix C reference %j is a URI-reference', (input) => {
    expect(verdict('URI-reference', input)).toEqual({ ok: true });
  });

  it.each([
    ['URI-reference', 'http://[::1]/', 7],
    ['URI-reference', 'a:', 2], // cut short: "a:" needs a hier_part or opaque_part
    ['URI-reference', '?y', 0],
    ['URI-reference', 'http://a b', 8],
    ['absoluteURI', '/a', 0],
    ['hostname', 'a.1', 3], // cut short: "a.1b" is still a hostname prefix ("a.1b.c")
    ['hostname', 'a-.b', 2], // "-." : a label cannot end with "-"
    ['IPv4address', '1.2.3', 5],
    ['escaped', '%g', 1],
  ] as Array<[string, string, number]>)('error index: %s %j at %d', (rule, input, index) => {
    expect(verdict(rule, input)).toEqual({ ok: false, index });
  });

  it('first-match tree: authority = server | reg_name takes reg_name when server cannot finish', () => {
    const t = firstMatch('authority', 'my_host')!;
    expect(t.children.map((c) => c.rule)).toEqual(['reg_name']);
    const u = firstMatch('authority', 'example.com')!;
    expect(u.children.map((c) => c.rule)).toEqual(['server']);
  });

  it('NFA and backtracking readers agree on random short strings, every rule', () => {
    const alphabet = fc.constantFrom(...'aZ09-._~!%:/?#[]@;=+$,&'.split(''));
    fc.assert(
      fc.property(fc.constantFrom(...RULES_2396), fc.string({ unit: alphabet, maxLength: 9 }), (rule, input) => {
        expect(verdict(rule, input).ok).toBe(firstMatch(rule, input) !== null);
      }),
      { seed: 2396, numRuns: 3000 },
    );
  });
});
