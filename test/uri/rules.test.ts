/**
 * One table per RFC 3986 Appendix A rule: inputs the rule accepts and rejects, each parsed
 * to the end of the input; then first-match-wins and lexical tree checks, and the RFC's own
 * examples (section 1.1.2). Each row was judged by hand against the ABNF; the oracle
 * (test/oracles/rfc3986.ts) is checked against the same rows.
 */
import { isValid, parseTree, RULE_NAMES, type RuleName } from '../../src/index';
import type { TreeNode } from '../../src/engine/tree';
import { oracleTest } from '../oracles/rfc3986';

type Table = { accept: string[]; reject: string[] };

const TABLES: Record<RuleName, Table> = {
  'URI': {
    accept: ['http://example.com', 'a:', 'a:b', 'A+1-.z:', 'http://u@h:80/p?q#f', 'x:/', 'x://', 'x:?#', 'file:///etc/hosts',
      'urn:a:b', 'x:a/b/c', 'h://[::1]:8080/', 'h://[v1.x]/', 'h://@', 'h://:', 'x:#', 'x:a?b?c/d#e?/f', 'x:%41'],
    reject: ['', ':', '1a:b', 'http', '//a', 'a b:c', 'h://a b', 'x:#a#b', 'h://[::1', 'h://a]', 'x:%4', 'x:%GG', 'h://a:b:c', 'x:[', 'x:\u00e9'],
  },
  'hier-part': {
    accept: ['', '//', '//a', '//a/b', '/', '/a', '/a//b', 'a', 'a:b/c', '@', '//u@h:1/'],
    reject: ['?', '#', 'a b', '//a b', '[', '//[', '//a/[', '%'],
  },
  'URI-reference': {
    accept: ['', 'a:b', 'http://x', '//x', '/', './a:b', 'a/b:c', '?q', '#f', '..', '../..', 'g;x=1', '%41', '?#', '//[::1]'],
    reject: [':', ':a', '1:2', 'a b', '#a#', '%', '[', 'a:b#c#', '//a:b:c', '//[::1', '\\'],
  },
  'absolute-URI': {
    accept: ['a:', 'a:b?c', 'http://h/p?q', 'x:?'],
    reject: ['a:b#c', 'a:#', '//h', '', '1:'],
  },
  'relative-ref': {
    accept: ['', '//h', '/p', 'p', 'p?q#f', '?', '#', './a:b', 'a@b', '//', '///'],
    reject: ['a:b', 'a:', ':', 'a b', '#a#b', '%zz'],
  },
  'relative-part': {
    accept: ['', '//h', '//h/p', '/', '/p/q', 'p', 'p/q:r', '@x'],
    reject: ['a:b', ':', '?', '#', 'p?'],
  },
  'scheme': {
    accept: ['a', 'Z', 'http', 'a1+-.', 'coap+tcp', 'X.Y'],
    reject: ['', '1a', '+a', 'a_b', 'a:', 'a b', '.a', '-'],
  },
  'authority': {
    accept: ['', 'h', 'h:', 'h:80', 'u@h', '@', 'u:p@h:1', ':', '[::1]', '[::1]:0', 'u@[v1.x]:99', '1.2.3.4:5', '%41%42', 'a@'],
    reject: ['a:b:c', 'h:p', 'a@b@c', '[::1', '[]', 'h/p', 'h?q', '[::1]x', 'a b', 'u@[::1]]'],
  },
  'userinfo': {
    accept: ['', 'u', 'u:p', ':::', '%20', "!$&'()*+,;=", 'a.b-c_d~'],
    reject: ['@', 'a@b', '/', '%2', '[', ' ', '#'],
  },
  'host': {
    accept: ['', 'example.com', '1.2.3.4', '[::1]', '[V1.x]', '256.1.1.1', '1.2.3.4.5', '%7E', 'a-b', '[1:2:3:4:5:6:7:8]'],
    reject: ['a:b', '[::1', '[1::2::3]', '[]', '[v1.]', 'a/b', 'a@b', '[::1]x', ' '],
  },
  'port': {
    accept: ['', '0', '80', '65536', '000123'],
    reject: ['a', '-1', '8 0', ':80', '1.0'],
  },
  'IP-literal': {
    accept: ['[::]', '[::1]', '[1:2:3:4:5:6:7:8]', '[v1.x]', '[VF.a:b]', '[::ffff:1.2.3.4]'],
    reject: ['[]', '::1', '[::1', '::1]', '[v1]', '[1:2]', '[::1%25eth0]', '[[::1]]'],
  },
  'IPvFuture': {
    accept: ['v1.x', 'V1.x', 'vF.a', 'vff.:', "v0.!$&'()*+,;=", 'v1.a:b:c', 'v1.K'],
    reject: ['v.x', 'v1.', 'v1x', 'vg.x', 'v1.x/', 'w1.x', 'v1.[', '1.x'],
  },
  'IPv6address': {
    accept: ['1:2:3:4:5:6:7:8', '::2:3:4:5:6:7:8', '1::3:4:5:6:7:8', '1:2::3:4', '::', '::1', '1::', '1:2:3:4:5:6:7::',
      '1:2:3:4:5:6::8', '::ffff:1.2.3.4', '1:2:3:4:5:6:1.2.3.4', '::1.2.3.4', 'FFFF::', 'abcd:EF01::', '1::2:3:4:5:6:7', '0:0:0:0:0:0:0:0'],
    reject: ['1::2::3', '1:2:3:4:5:6:7:8:9', '12345::', '', ':', ':::', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8::', '::1:2:3:4:5:6:7:8',
      '1:', ':1', 'g::', '::1.2.3', '::256.1.1.1', '::01.2.3.4', '1.2.3.4', '::1.2.3.4:1', '1:2:3:4:5:6:7:1.2.3.4'],
  },
  'h16': {
    accept: ['0', 'f', 'F', 'abcd', 'ABCD', '0000', '12'],
    reject: ['', '12345', 'g', 'ab:'],
  },
  'ls32': {
    accept: ['1:2', 'ffff:ffff', '1.2.3.4', '255.255.255.255'],
    reject: ['1', '1:', '1:2:3', '1.2.3', '256.0.0.0', ':1'],
  },
  'IPv4address': {
    accept: ['0.0.0.0', '1.2.3.4', '255.255.255.255', '192.168.0.255', '10.0.0.199', '249.250.201.99'],
    reject: ['1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', '1.2.3.04', '1.2.3.4.', '1..3.4', '', 'a.b.c.d', '1.2.3.256', '1.2.3.1000'],
  },
  'dec-octet': {
    accept: ['0', '9', '10', '99', '100', '199', '200', '249', '250', '255'],
    reject: ['', '256', '01', '00', '260', '300', '1000', 'a', '-1', '099'],
  },
  'reg-name': {
    accept: ['', 'a', 'example.com', '1.2.3.4.5', '01.2.3.4', '256.1.1.1', '%41', "a!$&'()*+,;=", 'xn--d1acufc.xn--p1ai'],
    reject: ['a:b', 'a@b', '[::1]', '%4', '%', 'a b', '\u00e9', 'a/b'],
  },
  'path': {
    accept: ['', '/', '//', '/a', 'a', 'a:b', 'a/b', '/a:b', 'a:b/c', '/a//b', '//a', '%41/'],
    reject: ['?', '#', 'a?', ' ', '[', '%2'],
  },
  'path-abempty': {
    accept: ['', '/', '//', '/a/b', '/a:b@c', '///'],
    reject: ['a', 'a/b', '?', '/a?', '/ '],
  },
  'path-absolute': {
    accept: ['/', '/a', '/a/', '/a//b', '/a:b'],
    reject: ['', '//', '//a', 'a', '/?'],
  },
  'path-noscheme': {
    accept: ['a', 'a/b', 'a/b:c', '@', '.', '..', 'a/', '%41'],
    reject: ['', ':', 'a:b', '/a', ':/'],
  },
  'path-rootless': {
    accept: ['a', 'a:b', ':', 'a/b', 'a/', '::/'],
    reject: ['', '/', '/a', '?'],
  },
  'path-empty': {
    accept: [''],
    reject: ['a', '/', ' ', ':'],
  },
  'segment': {
    accept: ['', 'a', 'a:b@c', '%41', "!$&'()*+,;=", '-._~'],
    reject: ['/', 'a/b', '?', '%', '%4g', '#'],
  },
  'segment-nz': {
    accept: ['a', ':', '@', '%41', 'a:b'],
    reject: ['', '/', 'a/', '?'],
  },
  'segment-nz-nc': {
    accept: ['a', '@', '%3A', 'a@b'],
    reject: ['', ':', 'a:b', '/', '?'],
  },
  'pchar': {
    accept: ['a', 'Z', '0', '-', '.', '_', '~', '%41', '%ff', '!', '=', ':', '@'],
    reject: ['', '/', '?', '#', '[', ']', '%', '%4', '%4G', 'ab', ' ', '\u00e9'],
  },
  'query': {
    accept: ['', 'a=b&c=d', '?', '/?/', 'a:b@c', '%20'],
    reject: ['#', '[', ']', ' ', '%', 'a#b'],
  },
  'fragment': {
    accept: ['', 'f', '?/', 'a:b@c', '%2523'],
    reject: ['#', 'a#b', '[', ' ', '%G0'],
  },
  'pct-encoded': {
    accept: ['%00', '%41', '%ff', '%Ff', '%aB'],
    reject: ['', '%', '%4', '%G0', '%0G', '%411', '41', '%%41'],
  },
  'unreserved': {
    accept: ['a', 'z', 'A', 'Z', '0', '9', '-', '.', '_', '~'],
    reject: ['', '!', ':', '%', ' ', 'ab', '\u00e9'],
  },
  'reserved': {
    accept: [':', '/', '?', '#', '[', ']', '@', '!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '='],
    reject: ['', 'a', '%', '-', '~', '::'],
  },
  'gen-delims': {
    accept: [':', '/', '?', '#', '[', ']', '@'],
    reject: ['', '!', '=', 'a', '::'],
  },
  'sub-delims': {
    accept: ['!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '='],
    reject: ['', ':', '/', '@', 'a', '%', '!!'],
  },
};

const rows = (kind: 'accept' | 'reject') =>
  RULE_NAMES.flatMap((rule) => TABLES[rule][kind].map((input) => [rule, JSON.stringify(input), input] as const));

describe('per-rule tables', () => {
  it('has a table for each of the 36 rules', () => {
    expect(Object.keys(TABLES).sort()).toEqual([...RULE_NAMES].sort());
    for (const rule of RULE_NAMES) expect(TABLES[rule].accept.length).toBeGreaterThan(0);
  });

  it.each(rows('accept'))('%s accepts %s', (rule, _shown, input) => {
    expect(isValid(input, rule)).toBe(true);
    const tree = parseTree(input, rule);
    expect([tree.rule, tree.start, tree.end]).toEqual([rule, 0, input.length]);
  });

  it.each(rows('reject'))('%s rejects %s', (rule, _shown, input) => {
    expect(isValid(input, rule)).toBe(false);
  });

  it.each([...rows('accept').map((r) => [...r, true] as const), ...rows('reject').map((r) => [...r, false] as const)])(
    'the oracle agrees: %s on %s', (rule, _shown, input, valid) => {
      expect(oracleTest(rule, input)).toBe(valid);
    });
});

const find = (node: TreeNode<string>, rule: string): TreeNode<string> | undefined => {
  if (node.rule === rule) return node;
  for (const c of node.children) {
    const f = find(c, rule);
    if (f) return f;
  }
  return undefined;
};
const shape = (n: TreeNode<string>): unknown => [n.rule, n.start, n.end, n.children.map(shape)];

describe('first match wins (RFC 3986 3.2.2: a host that matches IPv4address is one)', () => {
  it.each([
    ['http://1.2.3.4/', 'IPv4address'],
    ['http://255.255.255.255:80', 'IPv4address'],
    ['http://1.2.3.4.5/', 'reg-name'],
    ['http://01.2.3.4/', 'reg-name'],
    ['http://256.1.1.1/', 'reg-name'],
    ['http://1.2.3.4x/', 'reg-name'],
    ['http://1.2.3/', 'reg-name'],
    ['http://1.2.3.4%41/', 'reg-name'],
    ['http://[::1]/', 'IP-literal'],
    ['http://example.com', 'reg-name'],
    ['http://', 'reg-name'],
  ])('%s: host is %s', (input, kind) => {
    const host = find(parseTree(input, 'URI'), 'host');
    expect(host).toBeDefined();
    expect(host!.children.map((c) => c.rule)).toEqual([kind]);
    expect(host!.children[0].end).toBe(host!.end);
  });

  it('IP-literal holds IPv6address or IPvFuture', () => {
    expect(find(parseTree('//[::1]', 'URI-reference'), 'IP-literal')!.children.map((c) => c.rule)).toEqual(['IPv6address']);
    expect(find(parseTree('//[v1.x]', 'URI-reference'), 'IP-literal')!.children.map((c) => c.rule)).toEqual(['IPvFuture']);
  });

  it('URI-reference tries URI first', () => {
    expect(parseTree('a:b', 'URI-reference').children.map((c) => c.rule)).toEqual(['URI']);
    expect(parseTree('a/b:c', 'URI-reference').children.map((c) => c.rule)).toEqual(['relative-ref']);
    expect(parseTree('', 'URI-reference').children.map((c) => c.rule)).toEqual(['relative-ref']);
  });

  it('hier-part picks "//" authority, then path-absolute, path-rootless, path-empty', () => {
    expect(parseTree('x://h', 'URI').children[1].children.map((c) => c.rule)).toEqual(['authority', 'path-abempty']);
    expect(parseTree('/a', 'hier-part').children.map((c) => c.rule)).toEqual(['path-absolute']);
    expect(parseTree('a', 'hier-part').children.map((c) => c.rule)).toEqual(['path-rootless']);
    expect(parseTree('', 'hier-part').children.map((c) => c.rule)).toEqual(['path-empty']);
  });
});

describe('the lexical tree', () => {
  it('shows pchar, unreserved and pct-encoded in a segment', () => {
    expect(shape(parseTree('a%41', 'segment', { lexical: true }))).toEqual(
      ['segment', 0, 4, [['pchar', 0, 1, [['unreserved', 0, 1, []]]], ['pchar', 1, 4, [['pct-encoded', 1, 4, []]]]]]);
    expect(shape(parseTree('a%41', 'segment'))).toEqual(['segment', 0, 4, []]);
  });

  it('shows h16, ls32 and dec-octet in an IPv6address', () => {
    expect(shape(parseTree('1::2.3.4.5', 'IPv6address', { lexical: true }))).toEqual(['IPv6address', 0, 10, [
      ['h16', 0, 1, []],
      ['ls32', 3, 10, [['IPv4address', 3, 10, [['dec-octet', 3, 4, []], ['dec-octet', 5, 6, []], ['dec-octet', 7, 8, []], ['dec-octet', 9, 10, []]]]]],
    ]]);
    expect(shape(parseTree('1::2.3.4.5', 'IPv6address'))).toEqual(['IPv6address', 0, 10, [['IPv4address', 3, 10, []]]]);
  });

  it('the structural tree of a URI has its components', () => {
    const t = parseTree('http://u@h:8/p?q#f', 'URI');
    expect(shape(t)).toEqual(['URI', 0, 18, [
      ['scheme', 0, 4, []],
      ['hier-part', 5, 14, [
        ['authority', 7, 12, [['userinfo', 7, 8, []], ['host', 9, 10, [['reg-name', 9, 10, []]]], ['port', 11, 12, []]]],
        ['path-abempty', 12, 14, [['segment', 13, 14, []]]],
      ]],
      ['query', 15, 16, []],
      ['fragment', 17, 18, []],
    ]]);
  });

  it('every rule gives a root node for its own whole input, in both tree modes', () => {
    const sample: Record<string, string> = Object.fromEntries(RULE_NAMES.map((r) => [r, TABLES[r].accept[0]]));
    for (const rule of RULE_NAMES) {
      for (const lexical of [false, true]) {
        const t = parseTree(sample[rule], rule, { lexical });
        expect([rule, lexical, t && t.rule, t && t.start, t && t.end]).toEqual([rule, lexical, rule, 0, sample[rule].length]);
      }
    }
  });
});

// RFC 3986 section 1.1.2 "Examples" (from the RFC text; section 1 is not among the seeds).
describe('RFC 3986 1.1.2 examples', () => {
  it.each([
    ['ftp://ftp.is.co.za/rfc/rfc1808.txt', 'ftp', 'ftp.is.co.za', 'reg-name'],
    ['http://www.ietf.org/rfc/rfc2396.txt', 'http', 'www.ietf.org', 'reg-name'],
    ['ldap://[2001:db8::7]/c=GB?objectClass?one', 'ldap', '[2001:db8::7]', 'IP-literal'],
    ['mailto:John.Doe@example.com', 'mailto', undefined, undefined],
    ['news:comp.infosystems.www.servers.unix', 'news', undefined, undefined],
    ['tel:+1-816-555-1212', 'tel', undefined, undefined],
    ['telnet://192.0.2.16:80/', 'telnet', '192.0.2.16', 'IPv4address'],
    ['urn:oasis:names:specification:docbook:dtd:xml:4.1.2', 'urn', undefined, undefined],
  ])('%s is a URI', (input, scheme, host, kind) => {
    expect(isValid(input, 'URI')).toBe(true);
    expect(isValid(input)).toBe(true);
    const t = parseTree(input, 'URI');
    const s = find(t, 'scheme')!;
    expect(input.slice(s.start, s.end)).toBe(scheme);
    const h = find(t, 'host');
    expect(h && input.slice(h.start, h.end)).toBe(host);
    expect(h && h.children[0].rule).toBe(kind);
  });
});

describe('RFC 3986 section 3 examples (seeds 001 and 003)', () => {
  it.each([
    // 3: "foo://example.com:8042/over/there?name=ferret#nose" with its five components.
    ['foo://example.com:8042/over/there?name=ferret#nose', { scheme: 'foo', authority: 'example.com:8042', 'path-abempty': '/over/there', query: 'name=ferret', fragment: 'nose' }],
    ['urn:example:animal:ferret:nose', { scheme: 'urn', 'path-rootless': 'example:animal:ferret:nose' }],
    // 3.3: <mailto:fred@example.com> has a path of "fred@example.com".
    ['mailto:fred@example.com', { scheme: 'mailto', 'path-rootless': 'fred@example.com' }],
    // 3.3: <foo://info.example.com?fred> has an empty path.
    ['foo://info.example.com?fred', { scheme: 'foo', authority: 'info.example.com', 'path-abempty': '', query: 'fred' }],
  ] as Array<[string, Record<string, string>]>)('%s', (input, parts) => {
    const t = parseTree(input, 'URI');
    for (const [rule, text] of Object.entries(parts)) {
      const n = find(t, rule);
      expect([rule, n && input.slice(n.start, n.end)]).toEqual([rule, text]);
    }
  });
});

describe('RFC 3986 5.4 reference strings are URI-references (seed 001)', () => {
  // 5.4.1 and 5.4.2, the left-hand sides, as the seed text lists them.
  const REFS = ['g:h', 'g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', 'g;x?y#s', '', '.', './',
    '..', '../', '../g', '../..', '../../', '../../g', '../../../g', '../../../../g', '/./g', '/../g', 'g.', '.g', 'g..', '..g',
    './../g', './g/.', 'g/./h', 'g/../h', 'g;x=1/./y', 'g;x=1/../y', 'g?y/./x', 'g?y/../x', 'g#s/./x', 'g#s/../x', 'http:g'];
  it.each(REFS.map((r) => [JSON.stringify(r), r]))('%s', (_shown, ref) => {
    expect(isValid(ref, 'URI-reference')).toBe(true);
    expect(parseTree(ref).children[0].rule).toBe(/^[a-z]+:/.test(ref) ? 'URI' : 'relative-ref');
  });
  it('the base http://a/b/c/d;p?q is an absolute-URI', () => {
    expect(isValid('http://a/b/c/d;p?q', 'absolute-URI')).toBe(true);
  });
});
