/**
 * parse(): the components of a URI reference (RFC 3986 section 3, 5.3 absent vs empty).
 *
 * Tables of hand-checked cases, test/vectors/components.json, errors, and property tests
 * on references generated from the ABNF: parse() gives back the components they were built
 * from, agrees with the RFC Appendix B regular expression, and recompose() reads them back.
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { parse, isIPv4address, type UriComponents, type HostKind } from '../../src/uri/components';
import { arb } from '../support/arbitraries';
import { recompose } from '../../src/uri/recompose';
import { isValid, validate } from '../../src/uri/validate';
import { UriSyntaxError } from '../../src/uri/errors';

const CORPUS = path.join(__dirname, '..', 'vectors');
const U = undefined;

/** Components in the order of the table columns below. */
function c(scheme: string | undefined, userinfo: string | undefined, host: string | undefined, port: string | undefined,
  pth: string, query: string | undefined, fragment: string | undefined, hostKind?: HostKind): UriComponents {
  const authority = host === undefined ? undefined
    : (userinfo !== undefined ? userinfo + '@' : '') + host + (port !== undefined ? ':' + port : '');
  return { scheme, authority, userinfo, host, port, path: pth, query, fragment, hostKind: host === undefined ? undefined : hostKind ?? 'reg-name' };
}

describe('parse: absent vs empty (RFC 3986 5.3, 3.2, 3.3)', () => {
  it.each<[string, UriComponents]>([
    ['a:', c('a', U, U, U, '', U, U)], // no query: its "?" is absent
    ['a:?', c('a', U, U, U, '', '', U)], // an empty query
    ['a:#', c('a', U, U, U, '', U, '')],
    ['a:?#', c('a', U, U, U, '', '', '')],
    ['file:///x', c('file', U, '', U, '/x', U, U)], // empty authority and host, not none
    ['//@', c(U, '', '', U, '', U, U)], // empty userinfo and host
    ['//', c(U, U, '', U, '', U, U)],
    ['//h:', c(U, U, 'h', '', '', U, U)], // empty port
    ['//:', c(U, U, '', '', '', U, U)],
    ['', c(U, U, U, U, '', U, U)], // the path is never undefined
    ['?', c(U, U, U, U, '', '', U)],
    ['#', c(U, U, U, U, '', U, '')],
    ['http://h', c('http', U, 'h', U, '', U, U)],
    ['http://h/', c('http', U, 'h', U, '/', U, U)],
    ['http://u:p@h:80/p?q#f', c('http', 'u:p', 'h', '80', '/p', 'q', 'f')],
    ['http://u@[::1]:080/a/b?q?r#f/?', c('http', 'u', '[::1]', '080', '/a/b', 'q?r', 'f/?', 'IPv6address')],
    ['mailto:a@b.c', c('mailto', U, U, U, 'a@b.c', U, U)],
    ['urn:isbn:0451450523', c('urn', U, U, U, 'isbn:0451450523', U, U)],
    ['a/b:c', c(U, U, U, U, 'a/b:c', U, U)],
    ['./a:b', c(U, U, U, U, './a:b', U, U)],
    ['/a//b', c(U, U, U, U, '/a//b', U, U)],
    ['http://h//a', c('http', U, 'h', U, '//a', U, U)],
    ['HTTP://%41@H%41/%7e?%3F#%23', c('HTTP', '%41', 'H%41', U, '/%7e', '%3F', '%23')], // text as written, not decoded
  ])('%j (RFC 3986 section 3)', (input, expected) => {
    expect(parse(input)).toEqual(expected);
  });
});

describe('parse: hostKind, first match wins (RFC 3986 3.2.2)', () => {
  it.each<[string, string, HostKind]>([
    ['//1.2.3.4', '1.2.3.4', 'IPv4address'],
    ['//255.255.255.255:1', '255.255.255.255', 'IPv4address'],
    ['//1.2.3.4.5', '1.2.3.4.5', 'reg-name'], // not an IPv4address as a whole: reg-name
    ['//1.2.3.256', '1.2.3.256', 'reg-name'],
    ['//01.2.3.4', '01.2.3.4', 'reg-name'], // dec-octet has no leading zero
    ['//1.2.3.4x', '1.2.3.4x', 'reg-name'],
    ['//[::1]', '[::1]', 'IPv6address'],
    ['//[1:2:3:4:5:6:1.2.3.4]', '[1:2:3:4:5:6:1.2.3.4]', 'IPv6address'],
    ['//[v1.x]', '[v1.x]', 'IPvFuture'],
    ['//[VF.a:b]:8', '[VF.a:b]', 'IPvFuture'],
    ['//example.com', 'example.com', 'reg-name'],
    ['//', '', 'reg-name'],
  ])('%j: host %j is %s', (input, host, kind) => {
    const got = parse(input);
    expect(got.host).toBe(host);
    expect(got.hostKind).toBe(kind);
  });
});

describe('isIPv4address: the same answer as the grammar\'s IPv4address rule', () => {
  const octet = fc.oneof(fc.integer({ min: 0, max: 300 }).map(String), fc.constantFrom('', '00', '01', '010', '0000', '2555', '1a', 'x'));
  const dotted = fc.array(octet, { minLength: 1, maxLength: 6 }).map((xs) => xs.join('.'));
  const hosts = fc.oneof(dotted, dotted.map((h) => h + '.'), arb['reg-name'], arb.IPv4address);
  it('on dotted numbers, reg-names and IPv4 addresses (fast-check, seeded)', () => {
    fc.assert(fc.property(hosts, (h) => expect([h, isIPv4address(h)]).toEqual([h, isValid(h, 'IPv4address')])), { numRuns: 20000 });
  });
  it.each(['0.0.0.0', '9.99.199.249', '250.255.100.10'])('%j is one', (h) => expect(isIPv4address(h)).toBe(true));
  it.each(['256.0.0.0', '1.2.3', '1.2.3.4.', '01.2.3.4', '1..2.3', '1.2.3.04', '1.2.3.2550', ''])('%j is not', (h) => expect(isIPv4address(h)).toBe(false));
});

describe('parse: rule names in any case (RFC 5234 2.1)', () => {
  it.each([['uri', 'URI', 'a:b'], ['Uri-Reference', 'URI-reference', 'b'], ['ABSOLUTE-URI', 'absolute-URI', 'a:b'], ['relative-REF', 'relative-ref', '/b']] as const)(
    '%j is %j', (rule, canonical, input) => {
      expect(parse(input, rule as 'URI')).toEqual(parse(input, canonical));
      // an invalid input's error names the rule as the grammar spells it
      expect(() => parse('a b', rule as 'URI')).toThrow(new RegExp(`not a valid ${canonical}:`));
    });
  it('an unknown rule is a TypeError', () => expect(() => parse('a', 'url' as 'URI')).toThrow(TypeError));
});

describe('parse: the rule argument', () => {
  it.each<[string, 'URI' | 'URI-reference' | 'absolute-URI' | 'relative-ref', boolean]>([
    ['a:b#f', 'URI', true],
    ['a:b#f', 'absolute-URI', false], // absolute-URI has no fragment (4.3)
    ['a:b?q', 'absolute-URI', true],
    ['a:b', 'relative-ref', false], // 4.2: a first segment with ":" is read as a scheme
    ['./a:b', 'relative-ref', true],
    ['//h/p', 'URI', false],
    ['//h/p', 'relative-ref', true],
  ])('%j as %s: valid %s', (input, rule, ok) => {
    if (ok) expect(recompose(parse(input, rule))).toBe(input);
    else expect(() => parse(input, rule)).toThrow(UriSyntaxError);
  });

  it('defaults to URI-reference', () => {
    expect(parse('g').path).toBe('g');
    expect(parse('g:h').scheme).toBe('g');
  });

  it.each(['path', 'host', 'url', '', 42, null])('rule %j is a TypeError', (rule) => {
    expect(() => parse('a:b', rule as never)).toThrow(TypeError);
    expect(() => parse('a:b', rule as never)).toThrow(/parse: argument "rule"/);
  });
});

describe('parse: errors', () => {
  it.each([
    ['http://[::1', 'URI-reference'],
    ['a b', 'URI-reference'],
    ['http://h:8x', 'URI'],
    ['1a:b', 'URI'],
    ['%zz', 'relative-ref'],
  ] as const)('%j as %s: UriSyntaxError at the core offset', (input, rule) => {
    const v = validate(input, rule);
    expect(v.ok).toBe(false);
    let err: unknown;
    try { parse(input, rule); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(UriSyntaxError);
    const e = err as UriSyntaxError;
    expect(e.rule).toBe(rule);
    expect(e.input).toBe(input);
    if (!v.ok) expect(e.index).toBe(v.error.index);
  });

  it.each([undefined, null, 1, {}, ['a:b']])('input %j is a TypeError naming the argument', (input) => {
    expect(() => parse(input as never)).toThrow(TypeError);
    expect(() => parse(input as never)).toThrow(/parse: argument "input"/);
  });
});

// test/vectors/components.json: null = undefined, "" = present and empty; host keeps
// the brackets of an IP-literal (corpus README, Conventions).
interface ComponentsCase {
  input: string; scheme: string | null; userinfo: string | null; host: string | null; port: string | null;
  path: string; query: string | null; fragment: string | null; source: string; note?: string;
}
const componentsCases: ComponentsCase[] = JSON.parse(fs.readFileSync(path.join(CORPUS, 'components.json'), 'utf8'));

describe('parse: test/vectors/components.json', () => {
  it('has cases', () => expect(componentsCases.length).toBeGreaterThan(100));
  const u = (v: string | null): string | undefined => (v === null ? undefined : v);
  it.each(componentsCases.map((k) => [k.input, k.source, k] as const))('%j (%s)', (_input, _source, k) => {
    const got = parse(k.input);
    expect({
      scheme: got.scheme, userinfo: got.userinfo, host: got.host, port: got.port,
      path: got.path, query: got.query, fragment: got.fragment,
    }).toEqual({
      scheme: u(k.scheme), userinfo: u(k.userinfo), host: u(k.host), port: u(k.port),
      path: k.path, query: u(k.query), fragment: u(k.fragment),
    });
    expect(recompose(got)).toBe(k.input);
  });
});

// ---------------------------------------------------------------------------------------
// References generated from the ABNF (RFC 3986 Appendix A), each with the components it was
// built from.

const chars = (s: string): fc.Arbitrary<string> => fc.constantFrom(...s);
const join = (unit: fc.Arbitrary<string>, minLength = 0, maxLength = 5): fc.Arbitrary<string> =>
  fc.array(unit, { minLength, maxLength }).map((xs) => xs.join(''));
const opt = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(a, { nil: undefined });

const ALPHA = chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'); // ALPHA = %x41-5A / %x61-7A
const DIGIT = chars('0123456789');
const HEXDIG = chars('0123456789ABCDEFabcdef'); // quoted "A".."F" are case-insensitive
const unreserved = fc.oneof(ALPHA, DIGIT, chars('-._~')); // ALPHA / DIGIT / "-" / "." / "_" / "~"
const pctEncoded = fc.tuple(HEXDIG, HEXDIG).map(([a, b]) => '%' + a + b); // "%" HEXDIG HEXDIG
const subDelims = chars("!$&'()*+,;=");
const pchar = fc.oneof(unreserved, pctEncoded, subDelims, chars(':@')); // unreserved / pct-encoded / sub-delims / ":" / "@"

// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
const scheme = fc.tuple(ALPHA, join(fc.oneof(ALPHA, DIGIT, chars('+-.')))).map(([a, b]) => a + b);
// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
const userinfo = join(fc.oneof(unreserved, pctEncoded, subDelims, chars(':')));
// dec-octet: 0-255 without leading zeros
const decOctet = fc.integer({ min: 0, max: 255 }).map(String);
// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
const ipv4 = fc.array(decOctet, { minLength: 4, maxLength: 4 }).map((xs) => xs.join('.'));
const h16 = join(HEXDIG, 1, 4); // h16 = 1*4HEXDIG
/**
 * IPv6address: eight 16-bit pieces, the last two possibly an IPv4address (ls32); then
 * optionally a run of at least one piece replaced by "::" (every alternative of the ABNF).
 */
const ipv6 = fc.tuple(fc.array(h16, { minLength: 8, maxLength: 8 }), fc.boolean(), ipv4, fc.nat(), fc.nat(), fc.boolean())
  .map(([hs, useV4, v4, a, b, compress]) => {
    const items = useV4 ? [...hs.slice(0, 6), v4] : hs; // ls32 = ( h16 ":" h16 ) / IPv4address
    if (!compress) return items.join(':');
    const start = a % items.length;
    const count = 1 + (b % (items.length - start));
    return items.slice(0, start).join(':') + '::' + items.slice(start + count).join(':');
  });
// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
const ipvFuture = fc.tuple(chars('vV'), join(HEXDIG, 1, 3), join(fc.oneof(unreserved, subDelims, chars(':')), 1, 5))
  .map(([v, h, t]) => v + h + '.' + t);
// reg-name = *( unreserved / pct-encoded / sub-delims )
const regName = join(fc.oneof(unreserved, pctEncoded, subDelims));

/** An independent check for the first-match-wins host kind (3.2.2: IPv4address before reg-name). */
const IPV4_TEST = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

// host = IP-literal / IPv4address / reg-name;  IP-literal = "[" ( IPv6address / IPvFuture ) "]"
const host: fc.Arbitrary<{ host: string; hostKind: HostKind }> = fc.oneof(
  ipv6.map((h) => ({ host: '[' + h + ']', hostKind: 'IPv6address' as const })),
  ipvFuture.map((h) => ({ host: '[' + h + ']', hostKind: 'IPvFuture' as const })),
  ipv4.map((h) => ({ host: h, hostKind: 'IPv4address' as const })),
  regName.map((h) => ({ host: h, hostKind: IPV4_TEST.test(h) ? 'IPv4address' as const : 'reg-name' as const })),
);
const port = join(DIGIT, 0, 6); // port = *DIGIT

// segment = *pchar, with dot segments mixed in; segment-nz = 1*pchar;
// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
const segment = fc.oneof(join(pchar), fc.constantFrom('.', '..', ''));
const segmentNz = fc.oneof(join(pchar, 1), fc.constantFrom('.', '..'));
const segmentNzNc = fc.oneof(join(fc.oneof(unreserved, pctEncoded, subDelims, chars('@')), 1), fc.constantFrom('.', '..'));
const slashSegments = fc.array(segment, { maxLength: 4 }).map((xs) => xs.map((x) => '/' + x).join('')); // *( "/" segment )
const pathAbempty = slashSegments; // path-abempty = *( "/" segment )
// path-absolute = "/" [ segment-nz *( "/" segment ) ]
const pathAbsolute = opt(fc.tuple(segmentNz, slashSegments)).map((p) => '/' + (p ? p[0] + p[1] : ''));
const pathRootless = fc.tuple(segmentNz, slashSegments).map(([a, b]) => a + b); // segment-nz *( "/" segment )
const pathNoscheme = fc.tuple(segmentNzNc, slashSegments).map(([a, b]) => a + b); // segment-nz-nc *( "/" segment )
const pathEmpty = fc.constant(''); // path-empty = 0<pchar>
// query = *( pchar / "/" / "?" );  fragment = *( pchar / "/" / "?" )
const queryOrFragment = join(fc.oneof(pchar, chars('/?')));

interface Generated { text: string; components: UriComponents }

/**
 * URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
 * relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
 * hier-part     = "//" authority path-abempty / path-absolute / path-rootless / path-empty
 * relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
 * authority     = [ userinfo "@" ] host [ ":" port ]
 */
const uriReference: fc.Arbitrary<Generated> = fc.tuple(
  opt(scheme),
  opt(fc.tuple(opt(userinfo), host, opt(port))),
  opt(queryOrFragment),
  opt(queryOrFragment),
).chain(([sch, auth, query, fragment]) => {
  const paths = auth ? pathAbempty : fc.oneof(pathAbsolute, sch !== undefined ? pathRootless : pathNoscheme, pathEmpty);
  return paths.map((p): Generated => {
    const [ui, h, pt] = auth ?? [U, U, U];
    const authority = auth ? (ui !== undefined ? ui + '@' : '') + h!.host + (pt !== undefined ? ':' + pt : '') : U;
    const text = (sch !== undefined ? sch + ':' : '') + (authority !== undefined ? '//' + authority : '') + p
      + (query !== undefined ? '?' + query : '') + (fragment !== undefined ? '#' + fragment : '');
    return {
      text,
      components: {
        scheme: sch, authority, userinfo: ui, host: h?.host, port: pt, path: p, query, fragment, hostKind: h?.hostKind,
      },
    };
  });
});

/** RFC 3986 Appendix B, the non-validating regular expression, and its groups. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;
/** The authority split into userinfo, host, port (userinfo has no "@"; a port follows the host). */
const AUTHORITY_SPLIT = /^(?:([^@]*)@)?(\[[^\]]*\]|[^:]*)(?::(.*))?$/;

describe('parse: properties on references generated from the ABNF', () => {
  it('the generator yields valid URI-references (checks the generator)', () => {
    fc.assert(fc.property(uriReference, (g) => isValid(g.text, 'URI-reference')), { numRuns: 2000 });
  });

  it('parse() gives back the components the reference was built from', () => {
    fc.assert(fc.property(uriReference, (g) => {
      expect(parse(g.text)).toEqual(g.components);
    }), { numRuns: 2000 });
  });

  it('recompose(parse(s)) === s (RFC 3986 5.3)', () => {
    fc.assert(fc.property(uriReference, (g) => recompose(parse(g.text)) === g.text), { numRuns: 2000 });
  });

  it('parse() agrees with the RFC Appendix B regular expression (and the authority split)', () => {
    fc.assert(fc.property(uriReference, (g) => {
      const m = APPENDIX_B.exec(g.text)!;
      const got = parse(g.text);
      expect([got.scheme, got.authority, got.path, got.query, got.fragment]).toEqual([m[2], m[4], m[5], m[7], m[9]]);
      if (m[4] !== undefined) {
        const a = AUTHORITY_SPLIT.exec(m[4])!;
        expect([got.userinfo, got.host, got.port]).toEqual([a[1], a[2], a[3]]);
      } else {
        expect([got.userinfo, got.host, got.port, got.hostKind]).toEqual([U, U, U, U]);
      }
    }), { numRuns: 2000 });
  });

  it('the RFC Appendix B worked example', () => {
    // Appendix B: http://www.ics.uci.edu/pub/ietf/uri/#Related
    expect(parse('http://www.ics.uci.edu/pub/ietf/uri/#Related')).toEqual(
      c('http', U, 'www.ics.uci.edu', U, '/pub/ietf/uri/', U, 'Related'));
  });
});

describe('parse: linear work', () => {
  it('a 3 MB path of 1M "/.." segments', () => {
    const input = 'http://a' + '/..'.repeat(1_000_000) + '/b?q';
    const t = Date.now();
    const got = parse(input);
    expect(got.path.length).toBe(3_000_002);
    expect(got.query).toBe('q');
    expect(Date.now() - t).toBeLessThan(10_000);
  });
});
