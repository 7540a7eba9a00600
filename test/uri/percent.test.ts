/** percentEncode / percentDecode (RFC 3986 2.1, 2.4, 2.5; UTF-8 per RFC 3629). */
import fc from 'fast-check';
import { percentDecode, percentEncode, ENCODE_COMPONENTS, type EncodeComponent } from '../../src/uri/percent';
import { isValid } from '../../src/uri/validate';
import { UriSyntaxError } from '../../src/uri/errors';

/** Any string of Unicode scalar values (well-formed UTF-16: astral characters as pairs). */
const scalarString = fc.string({ unit: 'grapheme', maxLength: 40 });
/** Well-formed strings weighted towards the ASCII characters that matter here. */
const uriish = fc.string({ unit: fc.constantFrom(...'aZ09-._~!$&\'()*+,;=:@/?#[]% "<>\\^`{|}\u00e9\u20ac\u{1F600}\u0000\u007f'), maxLength: 40 });
/** Any UTF-16 string, lone surrogates included. */
const anyString = fc.string({ unit: 'binary', maxLength: 40 });

const component = fc.constantFrom(...ENCODE_COMPONENTS);

describe('percentEncode: table (RFC 3986 2.1, 2.5)', () => {
  it.each<[string, EncodeComponent, string]>([
    ['a b', 'segment', 'a%20b'],
    ['100%', 'query', '100%25'],
    ['%41', 'segment', '%2541'], // 2.4: "%" is always data here
    ['a/b?c', 'segment', 'a%2Fb%3Fc'],
    ['a/b?c', 'query', 'a/b?c'],
    ['a/b?c', 'fragment', 'a/b?c'],
    ['a#b', 'fragment', 'a%23b'],
    ['user:pa@ss', 'userinfo', 'user:pa%40ss'],
    ['h:st', 'reg-name', 'h%3Ast'],
    ['a@b:c', 'segment', 'a@b:c'],
    ["!$&'()*+,;=", 'reg-name', "!$&'()*+,;="],
    ['-._~', 'reg-name', '-._~'],
    ['[::1]', 'reg-name', '%5B%3A%3A1%5D'],
    ['é', 'segment', '%C3%A9'], // U+00E9, two octets
    ['€', 'query', '%E2%82%AC'], // U+20AC, three octets
    ['\u{1F600}', 'fragment', '%F0%9F%98%80'], // astral: a surrogate pair in, four octets out
    ['\u0000\u007f', 'segment', '%00%7F'],
    ['', 'userinfo', ''],
  ])('%j as %s -> %j', (text, comp, expected) => {
    expect(percentEncode(text, comp)).toBe(expected);
  });

  it.each([['\ud800', 0], ['a\udc00b', 1], ['x\ud83d', 1], ['\ude00\ud83d', 0]])(
    'lone surrogate in %j: UriSyntaxError at offset %d (no UTF-8 form, RFC 3629 3)', (text, index) => {
      const err = (() => { try { percentEncode(text as string, 'segment'); } catch (e) { return e; } })();
      expect(err).toBeInstanceOf(UriSyntaxError);
      expect((err as UriSyntaxError).index).toBe(index);
      expect((err as UriSyntaxError).message).toMatch(/lone surrogate/);
    });

  it('non-string text or unknown component: TypeError naming the argument', () => {
    expect(() => percentEncode(5 as unknown as string, 'segment')).toThrow(/argument "text"/);
    expect(() => percentEncode('a', 'path' as EncodeComponent)).toThrow(TypeError);
    expect(() => percentEncode('a', 'path' as EncodeComponent)).toThrow(/argument "component"/);
  });
});

describe('percentDecode: table', () => {
  it.each([
    ['a%20b', 'a b'],
    ['%41%42c', 'ABc'],
    ['%c3%a9', 'é'], // lowercase hex is the same octet (2.1)
    ['%E2%82%AC', '€'],
    ['%F0%9F%98%80', '\u{1F600}'],
    ['%F4%8F%BF%BF', '\u{10FFFF}'],
    ['%EF%BF%BF', '\uffff'],
    ['%00', '\u0000'],
    ['%2525', '%25'], // one level only
    ['plain', 'plain'],
    ['é raw', 'é raw'], // characters that are not triplets are kept
    ['', ''],
  ])('%j -> %j', (text, expected) => {
    expect(percentDecode(text)).toBe(expected);
  });

  // [input, offset of the error, what the lenient result keeps]
  it.each([
    ['%', 1, '%', 'percent at the end'],
    ['ab%4', 4, 'ab%4', 'truncated triplet'],
    ['%G1', 1, '%G1', 'bad first hex digit'],
    ['%4G', 2, '%4G', 'bad second hex digit'],
    ['%80', 0, '%80', 'stray continuation octet'],
    ['%C3', 3, '%C3', 'sequence cut short at the end'],
    ['%C3x', 3, '%C3x', 'sequence cut short by a character'],
    ['%C3%28', 3, '%C3(', 'lead octet followed by a non-continuation'],
    ['%C0%AF', 0, '%C0%AF', 'overlong two-octet form of "/"'],
    ['%C1%81', 0, '%C1%81', 'overlong two-octet form of "A"'],
    ['%E0%80%AF', 3, '%E0%80%AF', 'overlong three-octet form'],
    ['%F0%80%80%AF', 3, '%F0%80%80%AF', 'overlong four-octet form'],
    ['%ED%A0%80', 3, '%ED%A0%80', 'UTF-8 encoded surrogate U+D800'],
    ['%ED%BF%BF', 3, '%ED%BF%BF', 'UTF-8 encoded surrogate U+DFFF'],
    ['%F4%90%80%80', 3, '%F4%90%80%80', 'above U+10FFFF'],
    ['%F5%80%80%80', 0, '%F5%80%80%80', 'F5 is never a lead octet'],
    ['%FF', 0, '%FF', 'FF is never a lead octet'],
    ['%E2%82', 6, '%E2%82', 'three-octet sequence cut short'],
    ['a%E9b%41', 4, 'a%E9bA', 'Latin-1 octet, then a good triplet'],
  ])('%j: UriSyntaxError at %d; lenient keeps %j (%s)', (text, index, lenient) => {
    let err: unknown;
    try { percentDecode(text); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(UriSyntaxError);
    expect((err as UriSyntaxError).index).toBe(index);
    expect((err as UriSyntaxError).input).toBe(text);
    expect(percentDecode(text, { lenient: true })).toBe(lenient);
  });

  it('an invalid UTF-8 error names the octet as an uppercase triplet', () => {
    expect(() => percentDecode('%ff')).toThrow('octet %FF cannot begin a UTF-8 sequence');
    expect(() => percentDecode('%C3%28')).toThrow('octet %28 is not allowed here in the UTF-8 sequence starting at offset 0');
    expect(() => percentDecode('%e2%82%0a')).toThrow('octet %0A is not allowed here');
  });

  it('non-string text or options: TypeError', () => {
    expect(() => percentDecode(null as unknown as string)).toThrow(/argument "text"/);
    expect(() => percentDecode('a', 3 as unknown as object)).toThrow(TypeError);
  });

  it('agrees with decodeURIComponent on well-formed input', () => {
    fc.assert(fc.property(scalarString, (s) => {
      const enc = encodeURIComponent(s);
      expect(percentDecode(enc)).toBe(decodeURIComponent(enc));
    }));
  });
});

describe('percentEncode / percentDecode: properties', () => {
  it('percentDecode(percentEncode(s, c)) === s for every well-formed string s', () => {
    fc.assert(fc.property(fc.oneof(scalarString, uriish), component, (s, c) => {
      expect(percentDecode(percentEncode(s, c))).toBe(s);
    }), { numRuns: 500 });
  });

  it('isValid(percentEncode(s, c), c) for every component c', () => {
    fc.assert(fc.property(fc.oneof(scalarString, uriish), component, (s, c) => {
      expect(isValid(percentEncode(s, c), c)).toBe(true);
    }), { numRuns: 500 });
  });

  it('any UTF-16 string: round-trips, or is refused for a lone surrogate (the documented choice)', () => {
    fc.assert(fc.property(anyString, component, (s, c) => {
      const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.exec(s);
      if (lone) {
        expect(() => percentEncode(s, c)).toThrow(UriSyntaxError);
      } else {
        expect(percentDecode(percentEncode(s, c))).toBe(s);
      }
    }), { numRuns: 1000 });
  });

  it('lenient decoding never throws, and agrees with strict decoding wherever that succeeds', () => {
    const messy = fc.string({ unit: fc.constantFrom('%', 'a', '4', 'C', 'E', '8', 'F', '0', '2', '%C3%A9', '%41'), maxLength: 30 });
    fc.assert(fc.property(messy, (s) => {
      const out = percentDecode(s, { lenient: true });
      let strict: string | undefined;
      try { strict = percentDecode(s); } catch (e) { expect(e).toBeInstanceOf(UriSyntaxError); }
      if (strict !== undefined) expect(out).toBe(strict);
      expect(out.length).toBeLessThanOrEqual(s.length);
    }), { numRuns: 1000 });
  });
});

// Not timed (machines here are shared and noisy: speed is BENCHMARKS.md's): a quadratic encoder or
// decoder would take hours on 5 MB and fail by jest's test timeout (jest.config.js), a linear one
// takes well under a second.
describe('linear on 5 MB', () => {
  const big = 'a\u00e9/\u{1F600}?%'.repeat(5 * 1024 * 1024 / 8);
  it.each(ENCODE_COMPONENTS)('encode and decode 5 MB as %s', (c) => {
    const enc = percentEncode(big, c);
    expect(percentDecode(enc)).toBe(big);
  });
  it('lenient decode of 5 MB of bad triplets', () => {
    const bad = '%C3%'.repeat(1024 * 1024);
    expect(percentDecode(bad, { lenient: true })).toBe(bad);
  });
});
