/**
 * Derived samples (src/engine/build/samples.ts): each is in its rule's language, the same seed gives
 * the same samples, over many every alternative of a choice is taken, and a grammar whose
 * repetitions multiply gives no sample past the length limit instead of hanging.
 */
import { compileAbnf } from '../../../src/index';
import { MAX_SAMPLE_LENGTH, sampleInputs } from '../../../src/engine/build/samples';
import { RFC3986_ABNF, RFC2396_BNF, RFC3987_ABNF } from '../../../src/generated/texts';

describe('sampleInputs', () => {
  it.each([
    ['RFC 3986', compileAbnf(RFC3986_ABNF), ['URI-reference', 'IPv6address', 'host', 'query']],
    ['RFC 2396', compileAbnf(RFC2396_BNF, { notation: 'rfc2396' }), ['URI-reference', 'hostport']],
    ['RFC 3987', compileAbnf(RFC3987_ABNF), ['IRI-reference', 'ipath']],
  ] as const)('%s: every sample is in its rule\'s language', (_name, g, rules) => {
    for (const rule of rules) {
      const samples = sampleInputs(g.source().exprs, rule, 200);
      expect(samples.length).toBe(200);
      for (const s of samples) expect({ rule, s, ok: g.isValid(s, rule) }).toEqual({ rule, s, ok: true });
    }
  });
  it('the same seed gives the same samples; another seed others', () => {
    const exprs = compileAbnf(RFC3986_ABNF).source().exprs;
    expect(sampleInputs(exprs, 'URI', 20)).toEqual(sampleInputs(exprs, 'URI', 20));
    expect(sampleInputs(exprs, 'URI', 20, 1)).not.toEqual(sampleInputs(exprs, 'URI', 20));
  });
  it('takes every alternative of a choice', () => {
    const g = compileAbnf('x = "a" / "b" / "c" / 2"d"\n');
    expect(new Set(sampleInputs(g.source().exprs, 'x', 100))).toEqual(new Set(['a', 'b', 'c', 'dd']));
  });
  it('drops a derivation past the limits, and returns', () => {
    const g = compileAbnf('x = 1000(1000"a")\ny = 3"b"\n');
    expect(sampleInputs(g.source().exprs, 'x', 5)).toEqual([]);
    expect(sampleInputs(g.source().exprs, 'y', 3)).toEqual(['bbb', 'bbb', 'bbb']);
    const long = compileAbnf(`x = ${MAX_SAMPLE_LENGTH + 1}"a"\n`);
    expect(sampleInputs(long.source().exprs, 'x', 2)).toEqual([]);
  });
});
