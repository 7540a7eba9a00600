/**
 * Generated inputs (fast-check, seeded by test/support/seed.ts): uri-grammar/lite agrees with
 * the main package on every rule's verdict and on `parse`. Strings of each rule's ABNF language
 * and damaged copies (test/support/arbitraries.ts), and URI shapes built here around the parts
 * a RegExp gets wrong most easily: percent-encodings, dec-octet edge values, IPv4 and IPv6
 * shapes with and without "::", IPvFuture, ports.
 */
import fc from 'fast-check';
import { RULE_NAMES } from '../../src/index';
import { arb, mutate, mutated, uriish } from '../support/arbitraries';
import { verdictMismatches, parseMismatches } from './compare';

const RUNS = 300;

/** dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35, at and past each bound. */
const OCTET = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('0', '9', '10', '99', '100', '199', '200', '249', '250', '255') },
  { weight: 1, arbitrary: fc.constantFrom('256', '260', '300', '01', '001', '0255', '2555', '') },
);
const ipv4 = fc.oneof(
  { weight: 4, arbitrary: fc.array(OCTET, { minLength: 4, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(OCTET, { minLength: 3, maxLength: 5 }) },
).map((xs) => xs.join('.'));
const h16 = fc.oneof(
  { weight: 6, arbitrary: fc.oneof(fc.constantFrom('0', 'f', 'FF', 'abc', 'dead', 'BEEF'), fc.stringMatching(/^[0-9a-fA-F]{1,4}$/)) },
  { weight: 1, arbitrary: fc.constantFrom('12345', 'g', '') },
);
/** 0 to 9 groups, maybe a "::" (or two) somewhere, maybe an IPv4 tail. */
const ipv6 = fc.tuple(fc.array(h16, { maxLength: 9 }), fc.integer({ min: -1, max: 9 }), fc.integer({ min: -1, max: 9 }), fc.option(ipv4, { nil: undefined }))
  .map(([groups, gap, gap2, tail]) => {
    const parts = [...groups];
    if (gap >= 0) parts.splice(Math.min(gap, parts.length), 0, '');
    if (gap2 >= 0 && gap2 !== gap) parts.splice(Math.min(gap2, parts.length), 0, '');
    let s = parts.join(':');
    if (s.startsWith(':') && !s.startsWith('::')) s = ':' + s;
    if (s.endsWith(':') && !s.endsWith('::')) s += ':';
    return tail === undefined ? s : s + (s.endsWith(':') || s === '' ? '' : ':') + tail;
  });
const ipvFuture = fc.tuple(fc.constantFrom('v', 'V', 'x'), fc.constantFrom('1', 'F', 'a0', '', 'g'), fc.constantFrom('.', ':', ''), fc.constantFrom('x', ':', 'a:b', "!$&'()*+,;=", '', '%41', '/'))
  .map((xs) => xs.join(''));
const pct = fc.oneof(fc.constantFrom('%41', '%7e', '%7E', '%2F', '%00', '%ff', '%', '%4', '%g1', '%%41', '%4%1'), fc.stringMatching(/^(%[0-9a-fA-F]{2})+$/));
const text = fc.array(fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'Z', '0', '-', '.', '_', '~', '!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '=', ':', '@', '/', '?') },
  { weight: 2, arbitrary: pct },
  { weight: 1, arbitrary: fc.constantFrom(' ', '[', ']', '#', '"') },
), { maxLength: 6 }).map((xs) => xs.join(''));
const host = fc.oneof(ipv4, ipv6.map((s) => `[${s}]`), ipvFuture.map((s) => `[${s}]`), text, fc.constantFrom('example.com', '', '[', ']', '[::1', '::1]', '[[::1]]'));
const port = fc.constantFrom('', ':', ':80', ':0', ':65536', ':080', ':8a', '::80');
const uri = fc.tuple(
  fc.constantFrom('http:', 'A+b-c.d:', '1a:', ':', '', 'urn:', 'x'),
  fc.option(fc.tuple(fc.option(text.map((u) => u + '@'), { nil: '' }), host, port).map((xs) => '//' + xs.join('')), { nil: '' }),
  fc.array(fc.oneof(text, fc.constantFrom('', '.', '..')), { maxLength: 4 }).map((xs) => (xs.length ? '/' : '') + xs.join('/')),
  fc.option(text.map((q) => '?' + q), { nil: '' }),
  fc.option(text.map((f) => '#' + f), { nil: '' }),
).map((xs) => xs.join(''));
const damaged = uri.chain((s) => fc.oneof(fc.constant(s), mutate(s)));

test('the shapes generate both verdicts and every kind of host', () => {
  const sample = fc.sample(uri, { numRuns: 2000 });
  const { isValid, parse } = require('../../src/index') as typeof import('../../src/index');
  const valid = sample.filter((s) => isValid(s, 'URI-reference'));
  expect(valid.length).toBeGreaterThan(100);
  expect(sample.length - valid.length).toBeGreaterThan(100);
  const kinds = new Set(valid.map((s) => parse(s).hostKind));
  expect([...kinds].sort()).toEqual(['IPv4address', 'IPv6address', 'IPvFuture', 'reg-name', undefined].sort());
});

test.each([
  ['URI shapes (percent-encodings, IPv4, IPv6, IPvFuture, ports)', uri],
  ['damaged URI shapes', damaged],
  ['IPv4 shapes with dec-octet edge values', ipv4],
  ['IPv6 shapes with "::" forms and IPv4 tails', ipv6],
  ['IPvFuture shapes', ipvFuture],
  ['URI-like strings', uriish],
  ['strings of URI-reference and damaged ones', fc.oneof(arb['URI-reference'], mutated('URI-reference'))],
])('every rule gives the main package\'s verdict, and parse its answer: %s', (_name, gen) => {
  fc.assert(fc.property(gen as fc.Arbitrary<string>, (s) => {
    expect(verdictMismatches([s, `[${s}]`, `//${s}/`])).toEqual([]);
    expect(parseMismatches([s, `//${s}/`, `http://${s}/`])).toEqual([]);
  }), { numRuns: RUNS });
});

test.each(RULE_NAMES.map((r) => [r]))('%s: strings of its language and damaged ones', (rule) => {
  fc.assert(fc.property(fc.oneof(arb[rule], mutated(rule)), (s) => {
    expect(verdictMismatches([s])).toEqual([]);
  }), { numRuns: 100 });
});
