/** redact: RFC 3986 3.2.1, no clear text after the first ":" of the userinfo. */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { redact, REDACTED } from '../../src/uri/redact';
import { parse } from '../../src/uri/components';
import { isValid } from '../../src/uri/validate';

describe('redact: table', () => {
  it.each([
    ['http://user:pass@host/p?q#f', 'http://user:***@host/p?q#f'],
    ['ftp://a:b:c@h', 'ftp://a:***@h'], // everything after the FIRST ":"
    ['http://u:%70%40ss@h', 'http://u:***@h'],
    ['HTTP://U:P@H:8080', 'HTTP://U:***@H:8080'], // nothing else changes, not even case
    ['//u:p@h/x', '//u:***@h/x'], // a relative reference with an authority
    ['http://:secret@h', 'http://:***@h'],
    ['http://user@host/', 'http://user@host/'], // no ":": no password
    ['http://user:@host/', 'http://user:@host/'], // 3.2.1: empty after the ":" means no password
    ['http://@host/', 'http://@host/'],
    ['http://host:80/a:b@c?x:y@z#u:v@w', 'http://host:80/a:b@c?x:y@z#u:v@w'], // not userinfo
    ['mailto:user:pass@example.com', 'mailto:user:***@example.com'], // a path to RFC 3986; a host is required's hint makes `mailto://user:pass@…` of it
    ['mailto:joe@example.com', 'mailto:joe@example.com'], // an address: not user "mailto", password "joe"
    ['https:user:pw@h/', 'https:***@h/'], // a WHATWG client reads https://user:pw@h/; no scheme, user "https" and password "user:pw"
    ['http:///p:q@r', 'http:///p:***@r'], // a WHATWG client skips the slashes: http://p:q@r/
    ['postgres:/admin:hunter2@db/x', 'postgres:/admin:***@db/x'], // a hint makes postgres://admin:hunter2@db/x of it
    ['admin:hunter2@db.example.com:5432/mydb', 'admin:***@db.example.com:5432/mydb'], // no scheme: user admin, password hunter2
    ['a:b', 'a:b'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it.each([
    ['http://u:p@h:x', 'http://u:***@h:x'], ['http://u:p@[::1', 'http://u:***@[::1'], ['a b', 'a b'], ['http://u:p w@h', 'http://u:***@h'],
    ['postgres://admin:hunter2', 'postgres://admin:***'], // the "@" and host left out: the word after ":" is no port
    ['postgres//admin:hunter2@db/x', 'postgres//admin:***@db/x'],
  ])('not a URI reference %j: no throw, the password hidden loosely: %j', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it('non-string: TypeError naming the argument', () => {
    expect(() => redact(42 as unknown as string)).toThrow(TypeError);
    expect(() => redact(42 as unknown as string)).toThrow(/argument "uri"/);
  });
});

describe('redact: properties', () => {
  const chars = fc.constantFrom(...'aB0-._~!$&\'()*+,;=:', '%41', '%3A');
  const info = fc.array(chars, { maxLength: 8 }).map((a) => a.join(''));
  const uri = fc.tuple(fc.constantFrom('http://', 'x:', '//', 'foo://'), fc.option(info, { nil: undefined }), fc.constantFrom('h', '[::1]', 'a.b', ''), fc.constantFrom('', ':80', '/p:q@r', '?u:p@x', '#a:b@c'))
    .map(([pre, ui, h, rest]) => (pre === 'x:' ? `x:${ui ?? ''}${rest}` : `${pre}${ui === undefined ? '' : ui + '@'}${h}${rest}`))
    // `x:///p:q@r`: a WHATWG client skips the slashes and reads a userinfo (see the table).
    .filter((u) => isValid(u, 'URI-reference') && !/^(?:[a-z]+:)?\/\/\//.test(u))
    // `x:/p:q@r`: a hint's rewrite (`x://p:q@r`) reads a userinfo there (see the table).
    .filter((u) => parse(u).authority !== undefined || !u.includes('@'));

  it('the result is valid, and only the data after the first ":" of the userinfo changed', () => {
    fc.assert(fc.property(uri, (u) => {
      const r = redact(u);
      expect(isValid(r, 'URI-reference')).toBe(true);
      const a = parse(u);
      const b = parse(r);
      expect({ ...b, userinfo: undefined, authority: undefined }).toEqual({ ...a, userinfo: undefined, authority: undefined });
      const colon = a.userinfo?.indexOf(':') ?? -1;
      if (colon >= 0 && colon < a.userinfo!.length - 1) {
        expect(b.userinfo).toBe(a.userinfo!.slice(0, colon + 1) + REDACTED);
      } else {
        expect(r).toBe(u);
      }
    }), { numRuns: 1000 });
  });
});

describe('redact: real URIs and 5 MB', () => {
  it('on real-urls.txt (first 2,000 lines): valid ones stay valid and keep everything but the password', () => {
    const file = path.join(__dirname, '..', 'vectors', 'real-urls.txt');
    const lines = fs.readFileSync(file, 'utf8').split('\n').slice(0, 2000).filter((l) => isValid(l, 'URI'));
    expect(lines.length).toBeGreaterThan(1900);
    for (const l of lines) {
      const r = redact(l);
      expect(isValid(r, 'URI')).toBe(true);
      expect(parse(r).path).toBe(parse(l).path);
    }
  });

  it('a 5 MB URI with a password', () => {
    const u = 'http://me:' + 'x'.repeat(5e6) + '@h/' + 'p'.repeat(1e5);
    expect(redact(u)).toBe('http://me:***@h/' + 'p'.repeat(1e5));
  });
});
