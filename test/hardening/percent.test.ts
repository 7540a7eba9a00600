/**
 * Issue 15 item 8: percentEncode works in one buffer of the result's exact length, so 5 M
 * non-ASCII characters encode in a heap not much larger than the input and the result
 * (speed is in BENCHMARKS.md, never in a test).
 */
import { execFileSync } from 'child_process';
import * as path from 'path';
import fc from 'fast-check';
import { percentEncode, percentDecode } from '../../src';

describe('percentEncode on 5 M non-ASCII characters', () => {
  it.each([['\u4e2d', 45_000_000, '%E4%B8%AD%E4%B8%AD'], ['\u00e9', 30_000_000, '%C3%A9%C3%A9%C3%A9']])(
    '%s ×5M in a 160 MB heap (the input is 10 MB, the result %d bytes)', (unit, length, head) => {
      const out = execFileSync(process.execPath, ['--max-old-space-size=160', path.join(__dirname, '..', 'support', 'encodeBig.js'), unit, String(5_000_000)], {
        encoding: 'utf8', timeout: 120_000,
      });
      expect(JSON.parse(out)).toEqual({ length, head });
    }, 130_000);
});

/** The characters each component leaves as they are (RFC 3986 3.2.1, 3.2.2, 3.3, 3.4, 3.5). */
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const KEEP = {
  'userinfo': UNRESERVED + SUB_DELIMS + ':', 'reg-name': UNRESERVED + SUB_DELIMS, 'segment': UNRESERVED + SUB_DELIMS + ':@',
  'query': UNRESERVED + SUB_DELIMS + ':@/?', 'fragment': UNRESERVED + SUB_DELIMS + ':@/?',
} as const;

/** An independent encoder: each code point as itself or as encodeURIComponent's UTF-8 triplets. */
const reference = (s: string, c: keyof typeof KEEP): string => [...s].map((ch) => (KEEP[c].includes(ch) ? ch
  : ch.length === 1 && ch.charCodeAt(0) < 0x80 ? '%' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')
    : encodeURIComponent(ch))).join('');

const wellFormed = (s: string): boolean => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

describe('percentEncode: the same octets as an independent encoder', () => {
  it('property: equal to the reference, and decoding gives the text back', () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 })).filter(wellFormed);
    fc.assert(fc.property(text, fc.constantFrom<keyof typeof KEEP>('userinfo', 'reg-name', 'segment', 'query', 'fragment'), (s, c) => {
      const out = percentEncode(s, c);
      expect(out).toBe(reference(s, c));
      expect(percentDecode(out)).toBe(s);
    }), { seed: 15, numRuns: 3000 });
  });
});
