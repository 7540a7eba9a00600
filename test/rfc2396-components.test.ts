/**
 * Components of RFC 2396 URI-references: a hand-checked table (absent vs empty, the path's
 * rule, the host kind from `authority = server | reg_name`), read off the first-match tree
 * of the test-only oracle (test/rfc2396-oracle.ts).
 */
import { rfc2396ComponentsOf, type Rfc2396Components } from '../src/rfc2396-components';
import { firstMatch } from './rfc2396-oracle';

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
