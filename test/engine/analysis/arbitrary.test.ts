/**
 * arbitrary: fast-check arbitraries of valid strings (accepted by the engine and the reference)
 * and of near-misses (refused by both), shrinking toward shorter strings.
 */
import fc from 'fast-check';
import { compileAbnf, grammarByName } from '../../../src/index';
import { arbitrary } from '../../../src/engine/analysis/arbitrary';
import { oracleTest } from '../../oracles/rfc3986';

const rfc3986 = grammarByName('rfc3986');

describe('arbitrary', () => {
  const { valid, nearMiss } = arbitrary(rfc3986, 'URI', fc);

  it('valid strings are accepted by the engine and the reference', () => {
    fc.assert(fc.property(valid as unknown as fc.Arbitrary<string>, (s) => oracleTest('URI', s) && rfc3986.isValid(s, 'URI')), { seed: 11, numRuns: 300 });
  });

  it('near-misses are refused by the engine and the reference', () => {
    fc.assert(fc.property(nearMiss as unknown as fc.Arbitrary<string>, (s) => !oracleTest('URI', s) && !rfc3986.isValid(s, 'URI')), { seed: 12, numRuns: 300 });
  });

  it('shrinks toward shorter strings: a property failing on long URIs shrinks to a short one', () => {
    const out = fc.check(fc.property(valid as unknown as fc.Arbitrary<string>, (s) => s.length < 12), { seed: 13, numRuns: 500 });
    expect(out.failed).toBe(true);
    const first = out.counterexample![0] as string;
    expect(first.length).toBeGreaterThanOrEqual(12);
    expect(first.length).toBeLessThanOrEqual(14);
  });

  it('the shortest derivation is what an empty choice list gives', () => {
    const g = compileAbnf('r = 2*( "ab" / "c" )\n');
    const { valid: v } = arbitrary(g, 'r', fc);
    const all = fc.sample(v as unknown as fc.Arbitrary<string>, { seed: 3, numRuns: 200 });
    expect(all).toContain('cc');
    expect(all.every((s) => g.isValid(s, 'r'))).toBe(true);
  });

  it('takes the fast-check module handed in, or the one require finds; anything else is a TypeError', () => {
    const required = arbitrary(rfc3986, 'URI');
    fc.assert(fc.property(required.valid as unknown as fc.Arbitrary<string>, (s) => oracleTest('URI', s) && rfc3986.isValid(s, 'URI')), { seed: 14, numRuns: 50 });
    expect(() => arbitrary(rfc3986, 'URI', {} as never)).toThrow(TypeError);
    expect(() => arbitrary(rfc3986, 'URI', null as never)).toThrow(TypeError);
  });
});
