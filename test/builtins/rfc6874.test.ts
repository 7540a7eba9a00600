/** RFC 6874 zone identifiers, opt-in (grammarByName('rfc6874')); obsoleted by RFC 9844. */
import { readFileSync } from 'fs';
import { join } from 'path';
import { grammarByName, GRAMMAR_NAMES, isValid, rfc6874, UriSyntaxError, type Rfc6874Rule } from '../../src/index';
import { RFC6874_ABNF } from '../../src/generated/texts';

test('registered as rfc6874', () => {
  expect(GRAMMAR_NAMES).toContain('rfc6874');
  expect(grammarByName('rfc6874')).toBe(rfc6874);
  expect(rfc6874.rules).toEqual(expect.arrayContaining(['URI', 'IP-literal', 'IPv6addrz', 'ZoneID']));
  expect(RFC6874_ABNF).toMatch(/OBSOLETE[\s\S]*RFC 9844/);
});

// Vectors from the Java IRI3986 test suite quoted in test/spec/rfc6874.txt, and the RFC's own example.
test.each<[string, boolean, Rfc6874Rule?]>([
  ['http://[fe80::a%25en1]', true],
  ['[fe80::a%25en1]', true, 'IP-literal'],
  ['[fe80::2%253]', true, 'IP-literal'],
  ['[0001:0002:0003:0004:0005:0006:0007:0008%25zone]', true, 'IP-literal'],
  ['[%25link]', false, 'IP-literal'],
  ['[fe80::%25link:]', false, 'IP-literal'],
  ['[fe80::%2]', false, 'IP-literal'],
  ['[fe80::%30abc]', false, 'IP-literal'],
  ['http://[fe80::1%en1]/', false], // bare "%": only in the dead rfc6874bis drafts
  ['http://[fe80::1%25]/', false], // ZoneID = 1*( ... )
  ['http://[fe80::1%25eth%2F0]/', true],
  ['http://[v1.fe80::1+en1]/', true], // IPvFuture, as in RFC 3986
  ['http://[::1]/', true],
])('%j → %s', (s, ok, rule: Rfc6874Rule = 'URI-reference') => {
  expect(rfc6874.isValid(s, rule)).toBe(ok);
  expect(rfc6874.validate(s, rule).ok).toBe(ok);
  // RFC 3986 (the default) has no zone ids at all
  if (s.includes('%25') && ok) expect(isValid(s, rule as never)).toBe(false);
});

test('every RFC 3986 URI is valid under RFC 6874 and the other way round without "%25" in a literal', () => {
  for (const s of ['http://a/b?c#d', 'a:b', '//[::1]:80', 'http://[v1.x]/', '?x', 'http://1.2.3.4/', 'http://[::1%25x]']) {
    expect(rfc6874.isValid(s, 'URI-reference')).toBe(isValid(s, 'URI-reference') || /\[[^\]]*%25/.test(s));
  }
});

test('parse gives zoneId (decoded) beside the host as written', () => {
  expect(rfc6874.parse('http://u@[fe80::1%25en%31]:8080/p?q#f')).toEqual({
    scheme: 'http', authority: 'u@[fe80::1%25en%31]:8080', userinfo: 'u', host: '[fe80::1%25en%31]', port: '8080',
    path: '/p', query: 'q', fragment: 'f', hostKind: 'IPv6address', zoneId: 'en1',
  });
  expect(rfc6874.parse('http://[::1]/').zoneId).toBeUndefined();
  expect(rfc6874.parse('http://h/').zoneId).toBeUndefined();
  expect(rfc6874.parse('http://h/').hostKind).toBe('reg-name');
  expect(rfc6874.parse('http://[v1.x]/').hostKind).toBe('IPvFuture');
  expect(() => rfc6874.parse('http://[fe80::1%eth0]/')).toThrow(UriSyntaxError);
  expect(() => rfc6874.parse(1 as never)).toThrow(TypeError);
});

test('the error offset of a bad zone', () => {
  const v = rfc6874.validate('http://[fe80::1%25e n]/', 'URI');
  expect(!v.ok && v.error.index).toBe(19);
});
