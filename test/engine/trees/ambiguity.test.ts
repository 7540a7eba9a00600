/**
 * The static analysis of src/engine/trees/ambiguity.ts: the places where first match needs the rest of
 * the input. For RFC 3986 they must be the ones a person once guarded by hand (the `PEG:` notes
 * kept in test/oracles/rfc3986Peg.ts) and the ones a PEG gets right only by backtracking, and no
 * others; a grammar with none must report none.
 */
import { ambiguousPlaces } from '../../../src/engine/trees/ambiguity';
import { readGrammar } from '../../../src/engine/text/abnf';
import { rfc3986Rules } from '../../../src/generated/rfc3986Rules';
import { RFC2396_BNF } from '../../../src/generated/texts';

/** `within: candidate / candidate`, with the markers (alternative n, iteration n) left out. */
const summary = (places: ReturnType<typeof ambiguousPlaces>): string[] => [...new Set(places.map((p) => {
  const names = p.candidates.map((c) => c.split(' > ').filter((x) => !/^(alternative|iteration) \d+$/.test(x))[0] ?? c);
  return `${p.within}: ${[...new Set(names)].join(' / ')}`;
}))].sort();

describe('ambiguousPlaces', () => {
  it('finds RFC 3986\'s places, and no others (URI-reference)', () => {
    expect(summary(ambiguousPlaces(rfc3986Rules, 'URI-reference'))).toEqual([
      'IPv6address: ":"',
      'IPv6address: h16',
      'URI-reference: URI / relative-ref',
      'authority: userinfo / ":"',
      'authority: userinfo / host',
      'dec-octet: DIGIT / %x31-39 / "1"',
      'dec-octet: DIGIT / %x31-39 / "2"',
      'dec-octet: DIGIT / %x31-39',
      'hier-part: "/" / path-absolute',
      'host: IPv4address / reg-name',
      'ls32: h16 / IPv4address',
      'relative-part: "/" / path-absolute',
    ].sort());
  });

  it('names the h16 ":" run before "::" inside each IPv6address alternative that has one', () => {
    const runs = ambiguousPlaces(rfc3986Rules, 'IPv6address').filter((p) => p.candidates.some((c) => /iteration [2-6] > h16/.test(c)));
    // Alternatives 5 to 9 hold `*1( h16 ":" ) h16` to `*6( h16 ":" ) h16` before "::": an
    // iteration past the first, or the last h16, is a choice the rest of the input makes.
    expect(new Set(runs.map((p) => p.candidates[0].split(' > ')[0]))).toEqual(new Set(['alternative 5', 'alternative 6', 'alternative 7', 'alternative 8', 'alternative 9']));
  });

  it('reports the characters and steps of each place', () => {
    const host = ambiguousPlaces(rfc3986Rules, 'host').find((p) => p.within === 'host')!;
    expect(host.candidates).toEqual(['alternative 2 > IPv4address', 'alternative 3 > reg-name']);
    expect(host.examples).toMatch(/^[0-9]+$/);
    expect(host.steps).toBeGreaterThan(0);
  });

  it('finds RFC 2396\'s (domainlabel, server / reg_name, the labels before toplabel)', () => {
    const g = readGrammar(RFC2396_BNF, 'rfc2396');
    const found = summary(ambiguousPlaces(g.rules, 'URI-reference'));
    for (const place of ['authority: server / reg_name', 'domainlabel: alphanum', 'hostname: domainlabel / toplabel', 'host: hostname / IPv4address']) {
      expect(found).toContain(place);
    }
  });

  it('finds none where one character always decides', () => {
    const g = readGrammar('x = 1*( "a" / "b" ) [ "c" y ]\ny = *"d" "e"\n');
    expect(ambiguousPlaces(g.rules, 'x')).toEqual([]);
    const h = readGrammar('x = *( "a" / "ab" ) "c"\n');
    expect(summary(ambiguousPlaces(h.rules, 'x'))).toEqual(['x: "a"']);
  });
});
