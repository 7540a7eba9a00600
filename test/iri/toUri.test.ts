/** RFC 3987 3.1: toUri. */
import { toUri, IdnaError, UriSyntaxError, isValid } from '../../src/index';

describe('toUri', () => {
  test.each([
    // 3.1's examples
    ['http://www.example.org/red%09ros\u00e9#red', 'http://www.example.org/red%09ros%C3%A9#red'],
    ['http://example.com/\u{10300}\u{10301}\u{10302}', 'http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82'],
    ['http://r\u00e9sum\u00e9.example.org', 'http://r%C3%A9sum%C3%A9.example.org'],
    // every component that can hold a ucschar
    ['http://us\u00e9r@b\u00fccher.de:8080/stra\u00dfe/\u4f8b?q=\u20ac#fr\u00e4g', 'http://us%C3%A9r@b%C3%BCcher.de:8080/stra%C3%9Fe/%E4%BE%8B?q=%E2%82%AC#fr%C3%A4g'],
    // iprivate in the query
    ['http://x/?\ue000\u{f0000}\u{10fffd}', 'http://x/?%EE%80%80%F3%B0%80%80%F4%8F%BF%BD'],
    // "%", "#", "[", "]" and all ASCII untouched; existing triplets kept as written
    ['http://[::1]/%7e%C3?a=%25#b', 'http://[::1]/%7e%C3?a=%25#b'],
    // relative references
    ['//\u00fc/\u00fc', '//%C3%BC/%C3%BC'],
    ['\u00fc?\u00fc', '%C3%BC?%C3%BC'],
    ['', ''],
    // section 4.1's characters are ucschar: mapped like any other
    ['http://x/a\u200eb', 'http://x/a%E2%80%8Eb'],
  ])('%j → %j', (iri, uri) => {
    expect(toUri(iri)).toBe(uri);
    expect(isValid(toUri(iri), 'URI-reference')).toBe(true);
    expect(toUri(toUri(iri))).toBe(toUri(iri)); // idempotent
  });

  test('identity on URIs', () => {
    for (const u of ['http://a/b?c#d', 'a:b', '//x', '?', '#', 'http://[v1.x]:80/%41%2f']) expect(toUri(u)).toBe(u);
  });

  test.each([
    ['http://x/\ue000', 9, 'iprivate'], // iprivate outside the query
    ['http://x/#\ue000', 10, 'iprivate'], // nor in the fragment
    ['http://x/\ud800', 9, 'lone surrogate'],
    ['http://x/\udc00a', 9, 'lone surrogate'],
    ['http://x/\ufffe', 9, 'not a ucschar'],
    ['http://x/\u{e0001}', 9, 'not a ucschar'],
    ['http://x/ a', 9, '" "'],
    ['h\u00fcttp://x', 5, '":"'], // scheme stays ASCII: "h\u00fcttp" can only be a first segment, which has no ":"
    ['http://[::\u00fc]/', 10, 'U+00FC'],
    ['http://x:8\u0668/', 11, '"/"'], // "x:8\u0668" could still be an iuserinfo, until the "/"
    ['http://x:8\u0668@y/', -1, ''],
  ])('%j is not an IRI reference (offset %i)', (iri, index, text) => {
    let error: unknown;
    try { toUri(iri); } catch (e) { error = e; }
    if (index < 0) return expect(error).toBeUndefined();
    expect(error).toBeInstanceOf(UriSyntaxError);
    expect((error as UriSyntaxError).index).toBe(index);
    expect((error as UriSyntaxError).message).toContain(text);
  });

  describe('{ idna: true }', () => {
    test.each([
      ['http://faß.de/', 'http://xn--fa-hia.de/'],
      ['http://bücher.de/straße', 'http://xn--bcher-kva.de/stra%C3%9Fe'],
      ['http://user@Bücher.DE:80/', 'http://user@xn--bcher-kva.de:80/'],
      ['http://bücher.de./', 'http://xn--bcher-kva.de./'],
      ['http://b%C3%BCcher.de/', 'http://xn--bcher-kva.de/'],
      ['http://例え.jp/パス', 'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'],
      ['http://Example.COM/ü', 'http://Example.COM/%C3%BC'], // an ASCII host is left as written
      ['http://[::1]/ü', 'http://[::1]/%C3%BC'],
      ['file:///ü', 'file:///%C3%BC'],
      ['mailto:ü@bücher.de', 'mailto:%C3%BC@b%C3%BCcher.de'], // no authority: no ireg-name
    ])('%j → %j', (iri, uri) => {
      expect(toUri(iri, { idna: true })).toBe(uri);
      expect(toUri(uri, { idna: true })).toBe(uri);
    });

    test('a host IDNA rejects names the label', () => {
      expect(() => toUri('http://a_b.bücher.de/', { idna: true })).toThrow(IdnaError);
      expect(() => toUri('http://a_b.bücher.de/', { idna: true })).toThrow(/"a_b"/);
    });

    /** The error toUri(…, { idna: true }) throws for `host`. */
    const idnaError = (host: string): IdnaError => {
      try {
        toUri(`http://${host}/`, { idna: true });
      } catch (e) {
        if (e instanceof IdnaError) return e;
        throw e;
      }
      throw new Error(`no IdnaError for ${host}`);
    };

    test.each([
      ['a'.repeat(64) + 'ä.de', 'label-length', /longer than 63 characters/],
      ['-bücher.de', 'hyphens', /hyphen placement/],
      ['bü--cher.de', 'hyphens', /hyphen placement/],
      ['xn--a.bücher.de', 'punycode', /bad punycode/],
      ['bücher\\u2FF0.de', 'disallowed', /U\+2FF0/],
      ['a_b.bücher.de', 'std3', /STD3/],
      ['bü..de', 'empty-label', /empty label/],
      ['\u05D0a.de', 'bidi', /bidi rule/],
      ['a\u200Db.de', 'joiners', /CONTEXTJ/],
      [('ü'.repeat(20) + '.').repeat(12) + 'de', 'name-length', /longer than 253/],
    ])('the error says which UTS #46 rule %j breaks (%s)', (host, reason, why) => {
      const e = idnaError(JSON.parse(`"${host}"`));
      expect([e.reason, e.message]).toEqual([reason, expect.stringMatching(why)]);
    });

    test('a long host is cut in the message, kept whole in the fields', () => {
      const host = 'ä' + 'a'.repeat(100_000) + '.de';
      const e = idnaError(host);
      expect(e.message.length).toBeLessThan(400);
      expect(e.message).toContain('(100004 characters)');
      expect(e.host).toBe(host);
    });
  });

  test('wrong argument types are TypeErrors', () => {
    expect(() => toUri(1 as never)).toThrow(TypeError);
    expect(() => toUri('a:b', null as never)).toThrow(TypeError);
    expect(() => toUri('a:b', { idna: 'yes' } as never)).toThrow(/idna/);
  });
});
