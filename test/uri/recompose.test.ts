/**
 * recompose() (RFC 3986 5.3): building references from components, reading back every valid
 * reference of the shared corpus, and errors instead of strings that mean something else.
 * (The round trip on references generated from the ABNF is in components.test.ts.)
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { recompose, type ComponentsInput } from '../../src/uri/recompose';
import { parse } from '../../src/uri/components';
import { isValid } from '../../src/uri/validate';
import { UriSyntaxError } from '../../src/uri/errors';

const CORPUS = path.join(__dirname, '..', 'vectors');

describe('recompose: RFC 3986 5.3, from components', () => {
  it.each<[ComponentsInput, string]>([
    [{ scheme: 'http', host: 'h', path: '/p' }, 'http://h/p'],
    [{ scheme: 'a', path: '' }, 'a:'],
    [{ scheme: 'a', path: '', query: '' }, 'a:?'], // present and empty: the "?" is written
    [{ scheme: 'a', path: '', query: undefined, fragment: '' }, 'a:#'],
    [{ scheme: 'file', authority: '', path: '/x' }, 'file:///x'],
    [{ scheme: 'file', host: '', path: '/x' }, 'file:///x'],
    [{ userinfo: '', host: '' }, '//@'],
    [{ host: 'h', port: '' }, '//h:'],
    [{ host: '[::1]', port: '80', userinfo: 'u:p' }, '//u:p@[::1]:80'],
    [{ authority: 'u@h:1', host: 'h', userinfo: 'u', port: '1', path: '/' }, '//u@h:1/'], // agreeing
    [{ authority: 'u@h:1' }, '//u@h:1'],
    [{ path: 'a/b:c' }, 'a/b:c'],
    [{ path: './a:b' }, './a:b'],
    [{ scheme: 'urn', path: 'isbn:0451450523' }, 'urn:isbn:0451450523'],
    [{}, ''], // the path defaults to ""
    [{ query: 'q?/', fragment: 'f?/' }, '?q?/#f?/'],
    [{ scheme: 'http', host: 'h', path: '//a' }, 'http://h//a'], // "//" is fine after an authority
    [{ scheme: 'HTTP', host: 'H%41', path: '/%7e' }, 'HTTP://H%41/%7e'], // as written, nothing decoded
    [{ scheme: 'a', path: 'b', hostKind: 'IPv4address' }, 'a:b'], // hostKind is not read
  ])('%j -> %j', (components, expected) => {
    expect(recompose(components)).toBe(expected);
  });
});

describe('recompose: components that would not read back as themselves', () => {
  it.each<[ComponentsInput, string, string, number, RegExp]>([
    [{ path: '//x' }, 'path', 'path-absolute', 1, /cannot begin with "\/\/"/],
    [{ scheme: 'a', path: '//x' }, 'path', 'path-absolute', 1, /cannot begin with "\/\/"/],
    [{ host: 'h', path: 'x' }, 'path', 'path-abempty', 0, /must be empty or begin with "\/"/],
    [{ authority: '', path: 'x' }, 'path', 'path-abempty', 0, /must be empty or begin with "\/"/],
    [{ path: 'a:b' }, 'path', 'path-noscheme', 1, /first segment cannot contain ":"/],
    [{ query: 'q', path: 'ab:c/d' }, 'path', 'path-noscheme', 2, /first segment cannot contain ":"/],
    [{ scheme: 'a', path: 'a b' }, 'path', 'path-rootless', 1, /not a valid path-rootless/],
    [{ path: '/a?b' }, 'path', 'path-absolute', 2, /not a valid path-absolute/],
    [{ host: 'h', port: '8x' }, 'port', 'port', 1, /not a valid port/],
    [{ host: 'h', port: '-1' }, 'port', 'port', 0, /not a valid port/],
    [{ scheme: '1a' }, 'scheme', 'scheme', 0, /not a valid scheme/],
    [{ scheme: '' }, 'scheme', 'scheme', 0, /not a valid scheme/],
    [{ scheme: 'a:b' }, 'scheme', 'scheme', 1, /not a valid scheme/],
    [{ query: 'a#b' }, 'query', 'query', 1, /not a valid query/],
    [{ fragment: 'a#b' }, 'fragment', 'fragment', 1, /not a valid fragment/],
    [{ host: 'a@b' }, 'host', 'host', 1, /not a valid host/],
    [{ host: 'a:1' }, 'host', 'host', 1, /not a valid host/],
    [{ host: '[::1' }, 'host', 'host', 4, /not a valid host/],
    [{ userinfo: 'a@b', host: 'h' }, 'userinfo', 'userinfo', 1, /not a valid userinfo/],
    [{ userinfo: 'u' }, 'userinfo', 'userinfo', 0, /given without a host/],
    [{ port: '1' }, 'port', 'port', 0, /given without a host/],
    [{ authority: 'a', host: 'b' }, 'authority', 'authority', 0, /disagrees with userinfo\/host\/port/],
    [{ authority: 'a/b' }, 'authority', 'authority', 1, /not a valid authority/],
  ])('%j: UriSyntaxError for the %s (%s at %d)', (components, component, rule, index, why) => {
    let err: unknown;
    try { recompose(components); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(UriSyntaxError);
    const e = err as UriSyntaxError;
    expect(e.message).toMatch(new RegExp(`^recompose: component "${component}" cannot be recomposed: `));
    expect(e.message.split('\n')[0]).toMatch(why);
    expect(e.rule).toBe(rule);
    expect(e.index).toBe(index);
  });

  it.each<[unknown, RegExp]>([
    [null, /argument "components" must be an object, got null/],
    ['a:b', /argument "components" must be an object, got string/],
    [undefined, /argument "components" must be an object/],
    [{ path: 1 }, /component "path" must be a string or undefined, got number/],
    [{ query: null }, /component "query" must be a string or undefined, got null/],
    [{ host: ['h'] }, /component "host" must be a string or undefined, got an array/],
    [{ scheme: 'a', fragment: {} }, /component "fragment"/],
  ])('%j: TypeError', (components, message) => {
    expect(() => recompose(components as never)).toThrow(TypeError);
    expect(() => recompose(components as never)).toThrow(message);
  });
});

/**
 * Test-only statement of what recompose must do: the 5.3 string if it reads back with the
 * very components it was made from, else an error.
 */
function readsBack(c: ComponentsInput): string | 'error' {
  if (c.host === undefined && (c.userinfo !== undefined || c.port !== undefined)) return 'error';
  const authority = c.host === undefined ? c.authority
    : (c.userinfo !== undefined ? c.userinfo + '@' : '') + c.host + (c.port !== undefined ? ':' + c.port : '');
  if (c.authority !== undefined && authority !== c.authority) return 'error';
  const pth = c.path ?? '';
  const s = (c.scheme !== undefined ? c.scheme + ':' : '') + (authority !== undefined ? '//' + authority : '') + pth
    + (c.query !== undefined ? '?' + c.query : '') + (c.fragment !== undefined ? '#' + c.fragment : '');
  if (!isValid(s, 'URI-reference')) return 'error';
  const p = parse(s);
  const same = p.scheme === c.scheme && p.authority === authority && p.path === pth && p.query === c.query
    && p.fragment === c.fragment
    && (c.host === undefined || (p.userinfo === c.userinfo && p.host === c.host && p.port === c.port));
  return same ? s : 'error';
}

describe('recompose: never a wrong string', () => {
  const maybe = (...xs: string[]): fc.Arbitrary<string | undefined> => fc.constantFrom<string | undefined>(undefined, ...xs);
  const components: fc.Arbitrary<ComponentsInput> = fc.record({
    scheme: maybe('http', 'a+b', '1a', '', 'a:b'),
    authority: maybe('', 'h', 'u@h:1', 'a/b', '@'),
    userinfo: maybe('', 'u:p', 'a@b'),
    host: maybe('', 'h', '[::1]', '1.2.3.4', 'a:1', '[v1.x]', '[::1'),
    port: maybe('', '80', '8x'),
    path: maybe('', '/', '//x', 'x', 'a:b', '/a:b', 'a/b:c', './a:b', '/./x', 'a b', '.'),
    query: maybe('', 'q', 'a#b', '?/'),
    fragment: maybe('', 'f', '#'),
  }, { requiredKeys: [] });

  it('recompose gives the 5.3 string exactly when it reads back as the same components, else UriSyntaxError', () => {
    fc.assert(fc.property(components, (c) => {
      const want = readsBack(c);
      if (want === 'error') expect(() => recompose(c)).toThrow(UriSyntaxError);
      else expect(recompose(c)).toBe(want);
    }), { numRuns: 5000 });
  });
});

// Every valid reference of the shared corpus reads back as itself.
interface ValidCase { input: string; rule: string; valid: boolean; source: string }
const READ_RULES = new Set(['URI', 'URI-reference', 'absolute-URI', 'relative-ref']);
const validCases: ValidCase[] = (JSON.parse(fs.readFileSync(path.join(CORPUS, 'valid.json'), 'utf8')) as ValidCase[])
  .filter((k) => k.valid && READ_RULES.has(k.rule));

describe('recompose(parse(s)) === s: test/vectors/valid.json', () => {
  it('has cases', () => expect(validCases.length).toBeGreaterThan(200));
  it.each(validCases.map((k) => [k.input, k.rule, k.source, k] as const))('%j as %s (%s)', (_i, _r, _s, k) => {
    expect(recompose(parse(k.input, k.rule as 'URI'))).toBe(k.input);
  });
});

describe('recompose(parse(s)) === s: test/vectors/real-urls.txt', () => {
  it('the first 20,000 lines that are valid URIs', () => {
    const lines = fs.readFileSync(path.join(CORPUS, 'real-urls.txt'), 'utf8').split('\n').slice(0, 20_000);
    const valid = lines.filter((l) => isValid(l, 'URI'));
    expect(valid.length).toBeGreaterThan(19_000); // about 99.9% are valid (corpus README)
    const wrong = valid.filter((l) => recompose(parse(l, 'URI')) !== l);
    expect(wrong).toEqual([]);
  });

  it('is linear: a 3 MB path of 1M "/.." segments', () => {
    const input = 'http://a' + '/..'.repeat(1_000_000) + '/b#f';
    const t = Date.now();
    expect(recompose(parse(input))).toBe(input);
    expect(Date.now() - t).toBeLessThan(10_000);
  });
});
