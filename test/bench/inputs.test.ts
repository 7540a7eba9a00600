/**
 * The texts `npm run bench`'s recursive section times (bench/recursivePeers.ts, bench/recursiveGrowth.ts)
 * are what their names say, at small sizes: valid for the grammar they are timed on, of about the
 * size asked, and of the shape described. Nothing is timed here.
 */
import { grammarByName } from '../../src/index';
import { abnfText, deepJsonText, jsonText, longAddress } from '../../bench/recursivePeers';
import { SHAPES } from '../../bench/recursiveGrowth';

const depth = (v: unknown): number => (v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0);

describe('the recursive bench\'s texts', () => {
  it('the JSON texts are JSON of about the size asked, one of them deep', () => {
    const json = grammarByName('json');
    const flat = jsonText(5_000);
    const deep = deepJsonText(5_000, 50);
    for (const t of [flat, deep]) {
      expect(t.length).toBeGreaterThanOrEqual(5_000);
      expect(t.length).toBeLessThan(7_000);
      expect(json.isValid(t, 'JSON-text')).toBe(true);
    }
    expect(depth(JSON.parse(flat))).toBe(3);
    expect(depth(JSON.parse(deep))).toBe(51);
    expect(flat).toMatch(/\\"/);
  });

  it('a long address is an RFC 5322 addr-spec with nested comments, quoted strings and folding white space', () => {
    const a = longAddress(12, 7);
    expect(grammarByName('rfc5322').isValid(a, 'addr-spec')).toBe(true);
    expect(a).toMatch(/\(c \d+ \(nested/);
    expect(a).toMatch(/"quoted \\" /);
    expect(a).toContain('\r\n ');
  });

  it('the ABNF text is a rulelist, every copy with its own rule names', () => {
    const t = abnfText(20_000);
    expect(t.length).toBeGreaterThanOrEqual(20_000);
    expect(grammarByName('abnf').isValid(t, 'rulelist')).toBe(true);
    const names = [...t.matchAll(/^([A-Za-z][A-Za-z0-9-]*)\s*=[^/]/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(100);
    expect(new Set(names).size).toBe(names.length);
  });

  // Validity at 40 characters: today's runner stops `s = "a" *s` by the work limit a little further.
  it.each(SHAPES.map((s) => [s.name, s] as const))('growth row %s: an input of about n bytes that its grammar accepts', (_, shape) => {
    for (const n of [2_000, 20_000]) {
      const input = shape.make(n);
      expect(input.length).toBeGreaterThan(n - 10);
      expect(input.length).toBeLessThan(n + 150);
    }
    expect(shape.test()(shape.make(40))).toBe(true);
  });
});
