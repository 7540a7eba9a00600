/**
 * src/uri/scheme.ts: where a scheme stands at the start of a text, read from the `scheme` rule's
 * tables (a failure code, no error made) — checked against the rule's own verdict.
 */
import fc from 'fast-check';
import { isScheme, schemeColonLength, schemeLength } from '../../src/uri/scheme';
import { driver } from '../../src/uri/rules';

const verdictLength = (s: string) => {
  const v = driver.verdict(s, 'scheme');
  return v.ok ? s.length : v.index;
};

describe('schemeLength', () => {
  it('hand-checked', () => {
    expect(schemeLength('https://a')).toBe(5);
    expect(schemeLength('a+b-c.d:x')).toBe(7);
    expect(schemeLength('1a:')).toBe(0);
    expect(schemeLength('')).toBe(0);
    expect(schemeLength('abc')).toBe(3);
    expect(schemeLength('h\u00e9:')).toBe(1);
    expect(schemeColonLength('mailto:x')).toBe(7);
    expect(schemeColonLength('mailto')).toBe(0);
    expect(isScheme('a1+')).toBe(true);
  });
  it('is where the scheme rule stops (the verdict\'s error index), on generated text', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', '0', '+', '-', '.', ':', '/', '%', ' ', '\u00e9', '\ud83d\ude00', '\ud800'), maxLength: 12 });
    fc.assert(fc.property(text, (s) => {
      expect([s, schemeLength(s)]).toEqual([s, verdictLength(s)]);
    }), { seed: 3986, numRuns: 3000 });
  });
});
