/**
 * resolve() (RFC 3986 5.2) and removeDotSegments() (5.2.4): the RFC 5.4 examples, the shared
 * corpus (resolve.json, dot_segments.json), errors, and property tests.
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { resolve } from '../../src/uri/resolve';
import { removeDotSegments } from '../../src/uri/removeDotSegments';
import { parse } from '../../src/uri/components';
import { isValid } from '../../src/uri/validate';
import { UriSyntaxError } from '../../src/uri/errors';

const SEEDS = path.join(__dirname, '..', 'spec');
const CORPUS = path.join(__dirname, '..', 'vectors');
const BASE = 'http://a/b/c/d;p?q'; // 5.4: "a well defined base URI of http://a/b/c/d;p?q"

// RFC 3986 5.4.1. Normal Examples, transcribed from test/spec/rfc3986-sections-3-5.txt.
const NORMAL: Array<[string, string]> = [
  ['g:h', 'g:h'], ['g', 'http://a/b/c/g'], ['./g', 'http://a/b/c/g'], ['g/', 'http://a/b/c/g/'],
  ['/g', 'http://a/g'], ['//g', 'http://g'], ['?y', 'http://a/b/c/d;p?y'], ['g?y', 'http://a/b/c/g?y'],
  ['#s', 'http://a/b/c/d;p?q#s'], ['g#s', 'http://a/b/c/g#s'], ['g?y#s', 'http://a/b/c/g?y#s'],
  [';x', 'http://a/b/c/;x'], ['g;x', 'http://a/b/c/g;x'], ['g;x?y#s', 'http://a/b/c/g;x?y#s'],
  ['', 'http://a/b/c/d;p?q'], ['.', 'http://a/b/c/'], ['./', 'http://a/b/c/'], ['..', 'http://a/b/'],
  ['../', 'http://a/b/'], ['../g', 'http://a/b/g'], ['../..', 'http://a/'], ['../../', 'http://a/'],
  ['../../g', 'http://a/g'],
];

// RFC 3986 5.4.2. Abnormal Examples (strict parser), transcribed from the same seed.
const ABNORMAL: Array<[string, string]> = [
  ['../../../g', 'http://a/g'], ['../../../../g', 'http://a/g'],
  ['/./g', 'http://a/g'], ['/../g', 'http://a/g'], ['g.', 'http://a/b/c/g.'], ['.g', 'http://a/b/c/.g'],
  ['g..', 'http://a/b/c/g..'], ['..g', 'http://a/b/c/..g'],
  ['./../g', 'http://a/b/g'], ['./g/.', 'http://a/b/c/g/'], ['g/./h', 'http://a/b/c/g/h'],
  ['g/../h', 'http://a/b/c/h'], ['g;x=1/./y', 'http://a/b/c/g;x=1/y'], ['g;x=1/../y', 'http://a/b/c/y'],
  ['g?y/./x', 'http://a/b/c/g?y/./x'], ['g?y/../x', 'http://a/b/c/g?y/../x'],
  ['g#s/./x', 'http://a/b/c/g#s/./x'], ['g#s/../x', 'http://a/b/c/g#s/../x'],
  ['http:g', 'http:g'], // "for strict parsers"
];

describe('resolve: RFC 3986 5.4.1 normal examples', () => {
  it.each(NORMAL)('5.4.1: %j -> %j', (ref, expected) => {
    expect(resolve(BASE, ref)).toBe(expected);
  });
});

describe('resolve: RFC 3986 5.4.2 abnormal examples', () => {
  it.each(ABNORMAL)('5.4.2: %j -> %j (strict)', (ref, expected) => {
    expect(resolve(BASE, ref)).toBe(expected);
  });

  it('5.4.2: "http:g" -> "http://a/b/c/g" (non-strict, "for backward compatibility")', () => {
    expect(resolve(BASE, 'http:g', { strict: false })).toBe('http://a/b/c/g');
    expect(resolve(BASE, 'HTTP:g', { strict: false })).toBe('http://a/b/c/g'); // 3.1: schemes ignore case
    expect(resolve(BASE, 'https:g', { strict: false })).toBe('https:g');
  });

  it('the tables above are the seed text\'s examples (5.4.1: 23, 5.4.2: 19)', () => {
    const file = 'rfc3986-sections-3-5.txt';
    const text = fs.readFileSync(path.join(SEEDS, file), 'utf8');
    const pairs = (from: string, to: string): Array<[string, string]> => {
      const a = text.indexOf(from);
      const b = text.indexOf(to, a);
      return [...text.slice(a, b).matchAll(/"([^"]*)" = "([^"]*)"/g)].map((m) => [m[1], m[2]]);
    };
    expect(pairs('5.4.1. Normal Examples', '5.4.2.')).toEqual(NORMAL);
    expect(pairs('5.4.2. Abnormal Examples', '; for strict parsers')).toEqual(ABNORMAL);
  });
});

// test/vectors/resolve.json. `strict: false` is 5.2.2's non-strict parser. A `disputed`
// case may take any of its listed answers (corpus README): expected, alt_expected, rfc_literal.
interface ResolveCase {
  base: string; ref: string; expected: string; strict: boolean; source: string; rfc_example?: string;
  disputed?: boolean; alt_expected?: string; rfc_literal?: string;
}
const resolveCases: ResolveCase[] = JSON.parse(fs.readFileSync(path.join(CORPUS, 'resolve.json'), 'utf8'));

describe('resolve: test/vectors/resolve.json', () => {
  it('has cases, the RFC 5.4 examples among them', () => {
    expect(resolveCases.length).toBeGreaterThan(300);
    expect(resolveCases.filter((k) => k.rfc_example === '5.4.1')).toHaveLength(23);
  });
  it.each(resolveCases.map((k) => [k.base, k.ref, k.strict ? 'strict' : 'non-strict', k.source, k] as const))(
    '%j + %j (%s) (%s)', (_b, _r, _s, _src, k) => {
      const got = resolve(k.base, k.ref, { strict: k.strict });
      if (k.disputed) {
        expect([k.expected, k.alt_expected, k.rfc_literal]).toContain(got);
      } else {
        expect(got).toBe(k.expected);
      }
    });
  it('takes the corpus `expected` for every disputed case (the RFC algorithm, the "/." prefix for "//")', () => {
    for (const k of resolveCases.filter((x) => x.disputed)) {
      expect(`${k.base} + ${k.ref} = ${resolve(k.base, k.ref, { strict: k.strict })}`).toBe(`${k.base} + ${k.ref} = ${k.expected}`);
    }
  });
});

describe('resolve: a path beginning with "//" and no authority', () => {
  // 5.3 would write path "//g" right after "f:", which reads back with authority "g". The
  // target keeps its components with a "/." prefix (the corpus convention, uriparser's output).
  it.each([
    ['f:/a', './/g', 'f:/.//g'],
    ['f:/a/', '..//g', 'f:/.//g'],
    ['f:/a/b', '/.//g', 'f:/.//g'],
    ['f:/a', '/..//g?q#f', 'f:/.//g?q#f'],
    ['f:/a', 'f:/.//g', 'f:/.//g'],
    ['http://h/a', './/g', 'http://h//g'], // with an authority, "//g" is a fine path-abempty
  ])('%j + %j -> %j', (base, ref, expected) => {
    const target = resolve(base, ref);
    expect(target).toBe(expected);
    expect(isValid(target, 'URI')).toBe(true);
    const c = parse(target, 'URI');
    expect(removeDotSegments(c.path)).toBe('//g');
  });

  it('"a:b" + ".//g": 5.2.4 rule A removes "./", so the path is "/g" and no prefix is needed', () => {
    expect(resolve('a:b', './/g')).toBe('a:/g');
  });
});

describe('resolve: base and reference', () => {
  it('ignores the base\'s fragment (5.1)', () => {
    expect(resolve('http://a/b/c/d;p?q#frag', 'g')).toBe('http://a/b/c/g');
    expect(resolve('http://a/b?q#frag', '')).toBe('http://a/b?q');
    expect(resolve('http://a/b?q#frag', '#s')).toBe('http://a/b?q#s');
  });

  it('uses the base as given (5.2.1: normalizing it is optional)', () => {
    expect(resolve('HTTP://A/b/../c', '?y')).toBe('HTTP://A/b/../c?y');
  });

  it('merge without an authority (5.2.3)', () => {
    expect(resolve('foo:', 'relative')).toBe('foo:relative');
    expect(resolve('foo:a/b', 'c')).toBe('foo:a/c');
    expect(resolve('foo://h', 'relative')).toBe('foo://h/relative');
  });

  it.each([
    ['a/b', 'c', 'base', 'URI', 1],
    ['//h/p', 'c', 'base', 'URI', 0],
    ['', 'c', 'base', 'URI', 0],
    ['http://h/ p', 'c', 'base', 'URI', 9],
    ['http://a/', 'a b', 'reference', 'URI-reference', 1],
    ['http://a/', 'http://[::1', 'reference', 'URI-reference', 11],
  ])('base %j, reference %j: UriSyntaxError naming the %s', (base, ref, arg, rule, index) => {
    let err: unknown;
    try { resolve(base, ref); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(UriSyntaxError);
    const e = err as UriSyntaxError;
    expect(e.message.startsWith(`resolve: ${arg} is not a valid ${rule}: at offset ${index}`)).toBe(true);
    expect(e.rule).toBe(rule);
    expect(e.index).toBe(index);
    expect(e.input).toBe(arg === 'base' ? base : ref);
  });

  it.each([
    [null, 'g', 'base'], [undefined, 'g', 'base'], [1, 'g', 'base'],
    ['http://a/', null, 'reference'], ['http://a/', {}, 'reference'],
  ])('%j + %j: TypeError naming the %s', (base, ref, arg) => {
    expect(() => resolve(base as never, ref as never)).toThrow(TypeError);
    expect(() => resolve(base as never, ref as never)).toThrow(`argument "${arg}"`);
  });

  it('bad options: TypeError', () => {
    expect(() => resolve('a:b', 'c', null as never)).toThrow(TypeError);
    expect(() => resolve('a:b', 'c', { strict: 'no' as never })).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------------------------------
// removeDotSegments (5.2.4)

interface DotCase { input: string; expected: string; source: string }
const dotCases: DotCase[] = JSON.parse(fs.readFileSync(path.join(CORPUS, 'dot_segments.json'), 'utf8'));

/**
 * Test-only oracle: 5.2.4 exactly as written, with two string buffers (quadratic; short
 * inputs only).
 */
function removeDotSegmentsLiteral(p: string): string {
  let input = p;
  let output = '';
  while (input !== '') {
    if (input.startsWith('../')) input = input.slice(3); // A
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = '/' + input.slice(3); // B
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../') || input === '/..') { // C
      input = '/' + input.slice(input === '/..' ? 3 : 4);
      output = output.slice(0, Math.max(0, output.lastIndexOf('/')));
    } else if (input === '.' || input === '..') input = ''; // D
    else { // E
      const j = input.indexOf('/', input[0] === '/' ? 1 : 0);
      const seg = j < 0 ? input : input.slice(0, j);
      output += seg;
      input = input.slice(seg.length);
    }
  }
  return output;
}

describe('removeDotSegments: RFC 3986 5.2.4', () => {
  it.each([
    ['/a/b/c/./../../g', '/a/g'], // the first worked example of 5.2.4
    ['mid/content=5/../6', 'mid/6'], // the second
  ])('5.2.4 worked example: %j -> %j', (input, expected) => {
    expect(removeDotSegments(input)).toBe(expected);
  });

  it.each([
    ['/../../a', '/a'], ['/..', '/'], ['/.', '/'], ['.', ''], ['..', ''], ['', ''], ['/', '/'],
    ['a/..', '/'], ['//..', '/'], ['/a/b/..', '/a/'], ['./a', 'a'], ['../a', 'a'], ['.g', '.g'],
    ['/..g', '/..g'], ['/a/./b/../c/.', '/a/c/'], ['a//../b', 'a/b'], ['/./.', '/'], ['.../x', '.../x'],
  ])('%j -> %j', (input, expected) => {
    expect(removeDotSegments(input)).toBe(expected);
    expect(removeDotSegmentsLiteral(input)).toBe(expected); // the oracle too
  });

  it.each(dotCases.map((k) => [k.input, k.source, k] as const))('test/vectors/dot_segments.json: %j (%s)', (_i, _s, k) => {
    expect(removeDotSegments(k.input)).toBe(k.expected);
  });

  it('non-string: TypeError', () => {
    expect(() => removeDotSegments(undefined as never)).toThrow(/removeDotSegments: argument "path"/);
  });

  const dotPath = fc.array(fc.constantFrom('', '.', '..', 'a', 'b', '...', '.a', 'a.'), { maxLength: 10 })
    .chain((segs) => fc.constantFrom(segs.join('/'), '/' + segs.join('/')));

  it('agrees with the literal two-buffer algorithm', () => {
    fc.assert(fc.property(dotPath, (p) => removeDotSegments(p) === removeDotSegmentsLiteral(p)), { numRuns: 5000 });
  });

  it('leaves no "." or ".." segment, and never leaves the root', () => {
    fc.assert(fc.property(dotPath, (p) => {
      const out = removeDotSegments(p);
      expect(out.split('/').filter((s) => s === '.' || s === '..')).toEqual([]);
      if (p.startsWith('/')) expect(out.startsWith('/')).toBe(true);
    }), { numRuns: 5000 });
    fc.assert(fc.property(fc.nat(50), fc.constantFrom('a', 'a/', ''), (k, tail) => {
      expect(removeDotSegments('/..'.repeat(k) + '/' + tail)).toBe('/' + tail);
    }));
  });

  it('is linear: 1M "/.." segments and 2.5M plain segments', () => {
    const t = Date.now();
    expect(removeDotSegments('/a'.repeat(1_000_000) + '/..'.repeat(1_000_000) + '/b')).toBe('/b');
    expect(removeDotSegments('/x'.repeat(2_500_000)).length).toBe(5_000_000);
    expect(removeDotSegments('/x/.'.repeat(1_000_000))).toBe('/x'.repeat(1_000_000) + '/');
    expect(Date.now() - t).toBeLessThan(10_000);
  });
});

// ---------------------------------------------------------------------------------------
// Properties of resolution

const SEGS = ['a', 'b', 'g;x', '.', '..', '', 'c:d', '%2E', '..g'];
const DOT_FREE = SEGS.filter((s) => s !== '.' && s !== '..');
const maybe = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(a, { nil: undefined });
const schemeArb = fc.constantFrom('http', 'HTTP', 'f', 'a+b');
const authArb = fc.constantFrom('a', '', 'u@h:8', '[::1]', 'x.y');
const qf = fc.constantFrom('', 'y', 'a/../b', '?');
const pathArb = (segs: string[]): fc.Arbitrary<string> =>
  fc.tuple(fc.boolean(), fc.array(fc.constantFrom(...segs), { maxLength: 5 })).map(([abs, xs]) => (abs ? '/' : '') + xs.join('/'));

/** scheme? ("//" authority)? path ("?" query)? ("#" fragment)?, kept when it is a valid `rule`. */
const reference = (segs: string[], rule: 'URI' | 'URI-reference', withScheme: fc.Arbitrary<string | undefined>): fc.Arbitrary<string> =>
  fc.tuple(withScheme, maybe(authArb), pathArb(segs), maybe(qf), maybe(qf)).map(([s, a, p, q, f]) =>
    (s !== undefined ? s + ':' : '') + (a !== undefined ? '//' + a + (p && !p.startsWith('/') ? '/' : '') : '') + p
    + (q !== undefined ? '?' + q : '') + (f !== undefined ? '#' + f : ''))
    .filter((s) => isValid(s, rule));

const baseArb = reference(DOT_FREE, 'URI', schemeArb);
const refArb = reference(SEGS, 'URI-reference', maybe(schemeArb));

/** The path of a target, without the "/." that keeps a "//" path from reading as an authority. */
const pathOf = (target: string): string => {
  const p = parse(target, 'URI').path;
  return p.startsWith('/.//') ? p.slice(2) : p;
};

describe('resolve: properties', () => {
  it('every target is a valid URI with no "." or ".." segment left (base paths without dot segments)', () => {
    fc.assert(fc.property(baseArb, refArb, fc.boolean(), (base, ref, strict) => {
      const t = resolve(base, ref, { strict });
      expect(isValid(t, 'URI')).toBe(true);
      expect(pathOf(t).split('/').filter((s) => s === '.' || s === '..')).toEqual([]);
    }), { numRuns: 3000 });
  });

  it('a target resolves to itself (strict), and keeps the reference\'s fragment', () => {
    fc.assert(fc.property(baseArb, baseArb, refArb, (base, other, ref) => {
      const t = resolve(base, ref);
      expect(resolve(other, t)).toBe(t);
      expect(parse(t).fragment).toBe(parse(ref).fragment);
    }), { numRuns: 3000 });
  });
});
