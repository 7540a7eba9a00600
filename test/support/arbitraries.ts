/**
 * fast-check arbitraries drawing strings from each rule of RFC 3986 Appendix A.
 *
 * Built from the ABNF as the test oracle reads it (test/oracles/rfc3986.ts), not from the project's
 * grammar: `arb['URI-reference']` yields strings of that rule's ABNF language. Unbounded
 * repetitions are capped (`*` gives at most MAX_REP items) so strings stay short; quoted
 * strings come out in random case (RFC 5234 2.3).
 *
 * Also: `uriish`, random strings over the URI alphabet plus a few outsiders, biased toward
 * URI-like shapes so that many are valid, and `mutate`, which damages a string.
 */
import fc from 'fast-check';
import { ORACLE_RULE_NAMES, RULES, type Abnf } from '../oracles/rfc3986';

const MAX_REP = 4;

const cache = new Map<string, fc.Arbitrary<string>>();

function fromAbnf(e: Abnf): fc.Arbitrary<string> {
  switch (e.k) {
    case 'str':
      if (e.text === '') return fc.constant('');
      return fc.tuple(...[...e.text].map((ch) => (ch.toLowerCase() === ch.toUpperCase()
        ? fc.constant(ch) : fc.constantFrom(ch.toLowerCase(), ch.toUpperCase())))).map((cs) => cs.join(''));
    case 'range': return fc.integer({ min: e.lo, max: e.hi }).map((c) => String.fromCharCode(c));
    case 'ref': return ruleArb(e.name);
    case 'seq': return e.items.length === 0 ? fc.constant('') : fc.tuple(...e.items.map(fromAbnf)).map((xs) => xs.join(''));
    case 'alt': return fc.oneof(...e.items.map(fromAbnf));
    case 'rep': {
      if (e.max === 0) return fc.constant('');
      const max = e.max === Infinity ? Math.max(e.min, MAX_REP) : e.max;
      return fc.array(fromAbnf(e.item), { minLength: e.min, maxLength: max }).map((xs) => xs.join(''));
    }
    case 'prose': throw new Error(`prose <${e.text}> has no generator`);
  }
}

function ruleArb(name: string): fc.Arbitrary<string> {
  let a = cache.get(name);
  if (!a) {
    const e = RULES.get(name);
    if (!e) throw new Error(`no ABNF rule ${name}`);
    cache.set(name, (a = fromAbnf(e)));
  }
  return a;
}

/** One arbitrary per Appendix A rule name, yielding strings of that rule's language. */
export const arb: Readonly<Record<string, fc.Arbitrary<string>>> = Object.fromEntries(
  ORACLE_RULE_NAMES.map((n) => [n, ruleArb(n)]),
);

/** Every character Appendix A uses, and some it never allows. */
export const URI_CHARS = [
  ...'abcxyzABCVFvf0123456789-._~:/?#[]@!$&\'()*+,;=%',
];
export const OUTSIDERS = [' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\t', '\u0000', '\u00e9', '\u4e2d', '\ud83d\ude00'];

/** URI-like pieces: delimiters, hosts, IP pieces, percent triplets (whole and broken). */
const TOKENS = [
  'http', 'a', 'b1', 'x+y.z-', ':', '://', '//', '/', '?', '#', '@', '[', ']', '::', '%41', '%4', '%zz', '%',
  '1', '12', '255', '256', '01', '1.2.3.4', '.', '..', '/..', 'ffff', '12345', 'v1.', 'V7.a:b', '::1', '1:2', ':80', ';', '=',
];

/** Random strings over the URI alphabet with a few outsiders, biased toward URI shapes. */
export const uriish: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }).map((xs) => xs.join('')) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...URI_CHARS), { maxLength: 16 }).map((xs) => xs.join('')) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...URI_CHARS, ...OUTSIDERS), { maxLength: 12 }).map((xs) => xs.join('')) },
);

/** One random edit: insert, delete or replace a character, or truncate. */
export function mutate(s: string): fc.Arbitrary<string> {
  const ch = fc.constantFrom(...URI_CHARS, ...OUTSIDERS);
  const at = fc.integer({ min: 0, max: s.length });
  return fc.oneof(
    fc.tuple(at, ch).map(([i, c]) => s.slice(0, i) + c + s.slice(i)),
    at.map((i) => s.slice(0, i) + s.slice(i + 1)),
    fc.tuple(at, ch).map(([i, c]) => s.slice(0, i) + c + s.slice(i + 1)),
    at.map((i) => s.slice(0, i)),
  );
}

/** A string of rule `name`'s language, then damaged by one to three edits. */
export const mutated = (name: string): fc.Arbitrary<string> =>
  arb[name].chain(mutate).chain((s) => fc.oneof(fc.constant(s), mutate(s))).chain((s) => fc.oneof(fc.constant(s), mutate(s)));
