/**
 * src/uri/normalTriplets.ts: a component's percent-encodings in their normal form (RFC 3986
 * 6.2.2.1, 6.2.2.2), short components by slices and long ones through a buffer, held to an oracle
 * of its own at every length around the 256 characters where the two ways meet.
 */
import fc from 'fast-check';
import { normalizePercent } from '../../src/uri/normalTriplets';

/**
 * The oracle: each triplet of an unreserved octet decoded, every other one with its hex
 * uppercase; with `lower` (the host), ASCII letters outside the triplets lowercased.
 */
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const oracle = (t: string, lower: boolean) => t.replace(/%([0-9A-Fa-f]{2})|[^%]+/g, (m: string, hex: string | undefined) => {
  if (hex === undefined) return lower ? m.replace(/[A-Z]/g, (ch) => ch.toLowerCase()) : m;
  const ch = String.fromCharCode(parseInt(hex, 16));
  if (!UNRESERVED.test(ch)) return m.toUpperCase();
  return lower ? ch.toLowerCase() : ch;
});

const pct = fc.constantFrom('%2e', '%2E', '%41', '%7e', '%2f', '%3A', '%c3%a9', '%ff', '%25', '%5C', '%61', '%5a');
const unit = fc.oneof(fc.constantFrom(...'aZ0-._~!$&\'()*+,;=:@/?'), pct);
// Lengths from none to about 1,200 characters (size 'max': long ones as often as short ones).
const text = fc.array(unit, { maxLength: 400, size: 'max' }).map((a) => a.join(''));

describe('normalizePercent', () => {
  it.each([false, true])('answers as the oracle at every length (lowercase: %s, seeded)', (lower) => {
    fc.assert(fc.property(text, (t) => {
      expect(normalizePercent(t, lower)).toBe(oracle(t, lower));
    }), { seed: 3790, numRuns: 600 });
  });

  it('keeps an IRI\'s other characters as they are, short and long (RFC 3987 5.3)', () => {
    for (const n of [1, 40]) {
      const t = 'Caf\u00e9%41%2f\u4f8b\u{20000}/'.repeat(n);
      expect(normalizePercent(t, false)).toBe('Caf\u00e9A%2F\u4f8b\u{20000}/'.repeat(n));
      expect(normalizePercent(t, true)).toBe('caf\u00e9a%2F\u4f8b\u{20000}/'.repeat(n));
    }
  });

  it('returns text without a triplet as it is (lowercased for the host)', () => {
    expect(normalizePercent('AbC/d', false)).toBe('AbC/d');
    expect(normalizePercent('AbC.d', true)).toBe('abc.d');
    expect(normalizePercent('\u00c9A', true)).toBe('\u00c9a'); // only ASCII letters have case here
  });
});
