/**
 * briefError (src/uri/validate.ts), the batch command's plain output: the offset and summary
 * line of `validate`'s error, made without the error; the same, character for character, as
 * `summaryLine(validate(…).error)` on real URIs with a typo inserted (seeded), on the hint table's
 * inputs and on random strings.
 */
import fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import { validate, RULE_NAMES, type RuleName } from '../../src/index';
import { briefError } from '../../src/uri/validate';
import { summaryLine } from '../../src/engine/errors';

const real = fs.readFileSync(path.join(__dirname, '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 3000);
const TYPOS = [' ', '<', '>', '"', '{', '}', '|', '\\', '^', '`', '%', '[', ']', '#', '\u00e9', '\t', '\u{1F600}'];

const same = (input: string, rule: RuleName) => {
  const v = validate(input, rule);
  const b = briefError(input, rule);
  if (v.ok) return expect(b).toBeUndefined();
  if (input.includes('@')) return expect(b).toBeUndefined(); // a password may be redacted: the full path
  expect(b).toEqual({ index: v.error.index, summary: summaryLine(v.error) });
};

describe('briefError = validate + summaryLine, without the error', () => {
  it('real URIs with one character inserted (seeded), as URI-reference and URI', () => {
    const cases = fc.sample(fc.tuple(fc.constantFrom(...real), fc.nat(), fc.constantFrom(...TYPOS)), { seed: 20261127, numRuns: 1500 });
    let invalid = 0;
    for (const [s, at, t] of cases) {
      const input = s.slice(0, at % (s.length + 1)) + t + s.slice(at % (s.length + 1));
      for (const rule of ['URI-reference', 'URI'] as const) {
        if (!validate(input, rule).ok) invalid++;
        same(input, rule);
      }
    }
    expect(invalid).toBeGreaterThan(1500);
  });

  it('the hint table\'s kinds of mistakes, every rule', () => {
    for (const input of [' http://a/', 'http://a/b c', 'http://a/100%', 'http:\\\\a\\b', 'http://[fe80::1%eth0]/', 'www.example.com', 'http://example.com:80a/',
      'http//example.com', 'http://b\u00fccher.de/', 'http://a/\ud800', 'http://a/#b#c', 'http://a/[x]', 'x'.repeat(5000) + ' ', '', '::', 'http://a:b:c/']) {
      for (const rule of RULE_NAMES) same(input, rule);
    }
  });

  it('random strings (seeded)', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'ab:/?#[]%@!$ \\1.-'), maxLength: 30 }), fc.constantFrom(...RULE_NAMES), (s, rule) => {
      same(s, rule);
    }), { seed: 1316, numRuns: 3000 });
  });

  it('the "expected" line cached per list follows a list an error\'s owner changed', () => {
    const v = validate('http://a b');
    if (v.ok) throw new Error('valid?');
    (v.error.expected as string[]).push('X-JUNK');
    expect(v.error.message).toContain('X-JUNK');
    const w = validate('http://a b');
    if (w.ok) throw new Error('valid?');
    expect(w.error.message).not.toContain('X-JUNK');
    expect(summaryLine(w.error)).toBe(briefError('http://a b', 'URI-reference')!.summary);
  });

  it('valid input: undefined', () => {
    expect(briefError('http://example.com/', 'URI')).toBeUndefined();
    expect(briefError('', 'URI-reference')).toBeUndefined();
  });
});
