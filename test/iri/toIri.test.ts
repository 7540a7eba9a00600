/** RFC 3987 3.2: toIri. */
import { toIri, toUri, UriSyntaxError } from '../../src/index';

describe('toIri', () => {
  test.each([
    // 3.2.1's examples
    ['http://www.example.org/D%C3%BCrst', 'http://www.example.org/D\u00fcrst'],
    ['http://www.example.org/D%FCrst', 'http://www.example.org/D%FCrst'],
    ['http://xn--99zt52a.example.org/%e2%80%ae', 'http://xn--99zt52a.example.org/%E2%80%AE'],
    // 3.1's last example, backwards
    ['http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82', 'http://example.com/\u{10300}\u{10301}\u{10302}'],
    // %25, reserved and other ASCII stay encoded, as written
    ['http://x/%25%2F%3f%41%7e%20', 'http://x/%25%2F%3f%41%7e%20'],
    // not strictly legal UTF-8: overlong, surrogate, above U+10FFFF, cut short, stray continuation
    ['http://x/%C0%AF%ED%A0%80%F4%90%80%80%C3%80%80', 'http://x/%C0%AF%ED%A0%80%F4%90%80%80\u00c0%80'],
    ['http://x/%E2%82', 'http://x/%E2%82'],
    // not ucschar: C1 controls, nonchars, tags
    ['http://x/%C2%9F%C2%A0%EF%BF%BE%F3%A0%80%81', 'http://x/%C2%9F\u00a0%EF%BF%BE%F3%A0%80%81'],
    // iprivate only in the query
    ['http://x/%EE%80%80?%EE%80%80#%EE%80%80', 'http://x/%EE%80%80?\ue000#%EE%80%80'],
    // 4.1's bidi formatting characters stay encoded
    ['http://x/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AE%E2%80%8D', 'http://x/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AE\u200d'],
    // every component that can hold one
    ['http://%C3%A9@b%C3%BCcher.de/%C3%A9?%C3%A9#%C3%A9', 'http://\u00e9@b\u00fccher.de/\u00e9?\u00e9#\u00e9'],
    ['', ''],
  ])('%j → %j', (uri, iri) => {
    expect(toIri(uri)).toBe(iri);
    expect(toUri(toIri(uri)).toUpperCase()).toBe(uri.toUpperCase()); // maps back (up to the hex case)
  });

  test('{ unreserved: true } decodes percent-encoded unreserved ASCII (3.2 step 2)', () => {
    expect(toIri('http://x/%41%7e%2F%25%C3%A9', { unreserved: true })).toBe('http://x/A~%2F%25\u00e9');
  });

  test('{ idna: true } shows xn-- labels in Unicode', () => {
    expect(toIri('http://xn--99zt52a.example.org/%e2%80%ae', { idna: true })).toBe('http://\u7d0d\u8c46.example.org/%E2%80%AE');
    expect(toIri('http://u@xn--bcher-kva.de:8/', { idna: true })).toBe('http://u@b\u00fccher.de:8/');
    expect(toIri('http://xn--a.de/', { idna: true })).toBe('http://xn--a.de/');
    expect(toIri('http://[::1]/', { idna: true })).toBe('http://[::1]/');
  });

  test('not a URI reference: UriSyntaxError', () => {
    expect(() => toIri('http://b\u00fccher.de/')).toThrow(UriSyntaxError);
    expect(() => toIri('http://x/%zz')).toThrow(UriSyntaxError);
  });

  test('wrong argument types are TypeErrors', () => {
    expect(() => toIri(undefined as never)).toThrow(TypeError);
    expect(() => toIri('a:b', { unreserved: 1 } as never)).toThrow(/unreserved/);
    expect(() => toIri('a:b', [] as never)).toThrow(TypeError);
  });
});
