/**
 * Long inputs: uri-grammar/lite's RegExps have no quantified group that can match the same text
 * in two ways, so V8's backtracking stays linear, and the error offset is found in a few runs
 * of the prefixes RegExp (src/lite/errors.ts). Inputs of 1 MB in shapes that would take a
 * backtracking RegExp with nested ambiguous quantifiers forever, valid and with a bad character
 * at the start, in the middle and at the end: every rule gives the main package's verdict, and
 * `parse` its components or its error offset. No timing is asserted (BENCHMARKS.md holds
 * speed); the suite's timeout is the bound, and a superlinear RegExp would not finish in it.
 */
import * as main from '../../src/index';
import * as lite from '../../src/lite/index';
import { verdictMismatches, parseMismatches } from './compare';
import { MAX_LITE_INPUT } from '../../src/lite/rules';

const MB = 1 << 20;
const fill = (unit: string, n = MB) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

const SHAPES: Record<string, string> = {
  'letters': fill('a'),
  'percent-encodings': fill('%41'),
  'broken percent-encodings': fill('%4'),
  'segments': '/' + fill('a/'),
  'a query': 'http://h/p?' + fill('a?/'),
  'a fragment': 'x:#' + fill('a?/'),
  'a long host': '//' + fill('a'),
  'userinfo-like colons': '//' + fill('a:'),
  'many "@"': '//' + fill('@'),
  'IPv4-like': fill('1.'),
  'IPv6-like in brackets': 'http://[' + fill('1:'),
  'colons': fill(':'),
  'a long scheme': fill('a') + ':',
  'digits': fill('9'),
  'hex digits': fill('f'),
  'dots': fill('.'),
  'IPvFuture': '//[v1.' + fill('a'),
  'a port': '//h:' + fill('8'),
};

/** The shape, and copies with a bad character at the start, in the middle and at the end. */
const variants = (s: string) => [s, ' ' + s, s.slice(0, s.length >> 1) + ' ' + s.slice(s.length >> 1), s + ' '];

test.each(Object.entries(SHAPES))('1 MB of %s: the main package\'s verdicts (36 rules) and parse answers', (_name, shape) => {
  const inputs = variants(shape);
  expect(inputs.every((s) => s.length >= MB)).toBe(true);
  expect(verdictMismatches(inputs)).toEqual([]);
  expect(parseMismatches(inputs)).toEqual([]);
});

test('the shapes include valid inputs and errors far into the input', () => {
  expect(lite.isValid(SHAPES['a query'], 'URI')).toBe(true);
  expect(lite.parse(SHAPES.segments).path.length).toBe(MB + 1);
  let index = -1;
  try { lite.parse(SHAPES['a fragment'] + ' ', 'URI'); } catch (e) { index = (e as lite.UriSyntaxError).index; }
  expect(index).toBe(MB + 3);
  expect(main.validate(SHAPES['a fragment'] + ' ', 'URI')).toMatchObject({ ok: false, error: { index: MB + 3 } });
});

test('at the 2 MiB limit, with the RegExps hot (V8\'s native code), every shape reads to its end, and its error offset is the main package\'s', () => {
  for (let i = 0; i < 300; i++) lite.isValid('http://a/' + i);
  for (const unit of ['a/b%41/c', 'a', '/', '%41', '?x=%20&', ':@', '.', '-']) {
    const long = ('http://example.com/' + fill(unit, MAX_LITE_INPUT)).slice(0, MAX_LITE_INPUT);
    const bad = long.slice(0, -5) + ' ' + long.slice(-4);
    expect([unit, lite.isValid(long)]).toEqual([unit, main.isValid(long)]);
    expect([unit, lite.isValid(bad)]).toEqual([unit, false]);
    let index = -1;
    try { lite.parse(bad); } catch (e) { index = (e as lite.UriSyntaxError).index; }
    expect([unit, index]).toEqual([unit, main.validate(bad).ok ? -1 : (main.validate(bad) as { error: { index: number } }).error.index]);
  }
});

test('past the limit: a RangeError that names it, for isValid and parse', () => {
  const long = 'http://example.com/' + fill('a/b%41/c', 10 * MB);
  expect(() => lite.isValid(long)).toThrow(RangeError);
  expect(() => lite.isValid(long)).toThrow(/longer than 2097152, the limit of the lite entry point/);
  expect(() => lite.parse(long)).toThrow(/use the main package/);
  expect(main.isValid(long)).toBe(true);
});
