/**
 * Components of RFC 2396 URI-references: a hand-checked table (absent vs empty, the path's
 * rule, the host kind from `authority = server | reg_name`), read off the first-match tree
 * of the test-only oracle (test/oracles/rfc2396.ts) and from `rfc2396.parse` (the engine's tree).
 */
import fc from 'fast-check';
import { GrammarSyntaxError } from '../../src/engine/errors';
import { parse as parse3986 } from '../../src/index';
import { rfc2396 } from '../../src/builtins/rfc2396';
import { rfc2396ComponentsOf, type Rfc2396Components } from '../../src/builtins/rfc2396Components';
import { firstMatch, verdict } from '../oracles/rfc2396';

const COMPONENTS: Array<[string, Rfc2396Components]> = [
  ['http://www.ics.uci.edu/pub/ietf/uri/#Related', { scheme: 'http', authority: 'www.ics.uci.edu', host: 'www.ics.uci.edu', hostKind: 'hostname', path: '/pub/ietf/uri/', pathRule: 'abs_path', fragment: 'Related' }],
  ['http://user:pw@host:8080/p?q#f', { scheme: 'http', authority: 'user:pw@host:8080', userinfo: 'user:pw', host: 'host', hostKind: 'hostname', port: '8080', path: '/p', pathRule: 'abs_path', query: 'q', fragment: 'f' }],
  ['http://@h:/', { scheme: 'http', authority: '@h:', userinfo: '', host: 'h', hostKind: 'hostname', port: '', path: '/', pathRule: 'abs_path' }],
  ['http://1.2.3.4', { scheme: 'http', authority: '1.2.3.4', host: '1.2.3.4', hostKind: 'IPv4address', path: '' }],
  ['http://999.1.1.1/', { scheme: 'http', authority: '999.1.1.1', host: '999.1.1.1', hostKind: 'IPv4address', path: '/', pathRule: 'abs_path' }],
  ['http://example.com./', { scheme: 'http', authority: 'example.com.', host: 'example.com.', hostKind: 'hostname', path: '/', pathRule: 'abs_path' }],
  // server cannot match all of these, so authority is the reg_name (RFC 2396 3.2.1)
  ['http://my_host/', { scheme: 'http', authority: 'my_host', host: 'my_host', hostKind: 'reg_name', path: '/', pathRule: 'abs_path' }],
  ['http://a@b@c/', { scheme: 'http', authority: 'a@b@c', host: 'a@b@c', hostKind: 'reg_name', path: '/', pathRule: 'abs_path' }],
  ['http://h:80:90/', { scheme: 'http', authority: 'h:80:90', host: 'h:80:90', hostKind: 'reg_name', path: '/', pathRule: 'abs_path' }],
  ['http://a.1b/', { scheme: 'http', authority: 'a.1b', host: 'a.1b', hostKind: 'reg_name', path: '/', pathRule: 'abs_path' }],
  // empty server: an authority that is there and empty, with no host
  ['file:///etc/hosts', { scheme: 'file', authority: '', path: '/etc/hosts', pathRule: 'abs_path' }],
  ['//', { authority: '', path: '' }],
  // opaque_part swallows "?": no query component
  ['mailto:a@example.org?subject=b', { scheme: 'mailto', path: 'a@example.org?subject=b', pathRule: 'opaque_part' }],
  ['foo:?x', { scheme: 'foo', path: '?x', pathRule: 'opaque_part' }],
  ['news:comp.infosystems.www.servers.unix', { scheme: 'news', path: 'comp.infosystems.www.servers.unix', pathRule: 'opaque_part' }],
  ['foo:/a?', { scheme: 'foo', path: '/a', pathRule: 'abs_path', query: '' }],
  // relative references
  ['g;x?y#s', { path: 'g;x', pathRule: 'rel_path', query: 'y', fragment: 's' }],
  ['../g', { path: '../g', pathRule: 'rel_path' }],
  ['/a/b', { path: '/a/b', pathRule: 'abs_path' }],
  ['//g', { authority: 'g', host: 'g', hostKind: 'hostname', path: '' }],
  // "//x/y": the authority wins over an abs_path beginning with "//" (RFC 2396 4.3)
  ['//x/y', { authority: 'x', host: 'x', hostKind: 'hostname', path: '/y', pathRule: 'abs_path' }],
  ['#', { path: '', fragment: '' }],
  ['', { path: '' }],
];

describe('RFC 2396 components from the oracle\'s first-match tree', () => {
  it.each(COMPONENTS)('%j', (input, expected) => {
    const tree = firstMatch('URI-reference', input);
    expect(tree).not.toBeNull();
    expect(rfc2396ComponentsOf(tree!, input)).toEqual(expected);
  });
});

describe('rfc2396.parse', () => {
  it.each(COMPONENTS)('%j', (input, expected) => {
    expect(rfc2396.parse(input)).toEqual(expected);
  });

  it.each(['a:', '?y', 'http://[::1]/', 'a b'])('%j is not an RFC 2396 URI-reference: GrammarSyntaxError', (input) => {
    expect(() => rfc2396.parse(input)).toThrow(GrammarSyntaxError);
  });

  it.each([undefined, null, 1, {}])('TypeError for %p', (input) => {
    expect(() => rfc2396.parse(input as unknown as string)).toThrow(TypeError);
  });

  it('returns a fresh object each time', () => {
    const a = rfc2396.parse('http://a/b');
    a.path = 'changed';
    expect(rfc2396.parse('http://a/b').path).toBe('/b');
  });

  const alphabet = fc.constantFrom(...'aZ09-._~%:/?#@;=+$,&'.split(''));
  it('components put back together give the input (scheme ":" "//" authority path "?" query "#" fragment)', () => {
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 24 }), (s) => {
        if (!verdict('URI-reference', s).ok) return;
        const c = rfc2396.parse(s);
        const back = (c.scheme !== undefined ? c.scheme + ':' : '') + (c.authority !== undefined ? '//' + c.authority : '') +
          c.path + (c.query !== undefined ? '?' + c.query : '') + (c.fragment !== undefined ? '#' + c.fragment : '');
        expect(back).toBe(s);
      }),
      { seed: 396, numRuns: 2000 },
    );
  });

  it('agrees with RFC 3986 parse where the two grammars read the same: hier_part URIs with a hostname', () => {
    for (const s of ['http://user@example.com:8080/a/b?q#f', 'ftp://ftp.is.co.za/rfc/rfc1808.txt', '//g/h?i', '/a?b#c', 'g;x?y#s']) {
      const a = rfc2396.parse(s);
      const b = parse3986(s);
      expect([a.scheme, a.userinfo, a.host, a.port, a.path, a.query, a.fragment]).toEqual([b.scheme, b.userinfo, b.host, b.port, b.path, b.query, b.fragment]);
    }
  });
});
