/**
 * Property tests (fast-check) for all 36 rules:
 * - strings drawn from a rule's ABNF (test/support/arbitraries.ts) are accepted by isValid and parseTree;
 * - random URI-ish strings get the same verdict from isValid as from the test oracle;
 * - tree spans nest (children inside the parent, in order, not overlapping) in both modes;
 * - the structural tree is the lexical tree with the lexical nodes removed.
 */
import fc from 'fast-check';
import { isValid, parseTree, RULE_NAMES } from '../../src/index';
import { LEXICAL_RULES } from '../../src/uri/rules';
import type { TreeNode } from '../../src/engine/tree';
import { arb, mutated, uriish } from '../support/arbitraries';
import { oracleTest } from '../oracles/rfc3986';

type T = TreeNode<string>;
const RUNS = { drawn: 60, verdict: 250, trees: 40 };

/** Problems with the spans of `n` and below (empty when they nest). */
function spanProblems(n: T, input: string, out: string[] = []): string[] {
  if (!(n.start >= 0 && n.start <= n.end && n.end <= input.length)) out.push(`${n.rule} [${n.start},${n.end})`);
  let at = n.start;
  for (const c of n.children) {
    if (c.start < at || c.end > n.end) out.push(`${c.rule} [${c.start},${c.end}) in ${n.rule} [${n.start},${n.end}) after ${at}`);
    at = Math.max(at, c.end);
    spanProblems(c, input, out);
  }
  return out;
}

/** The lexical tree without its lexical nodes (their children take their place); the root stays. */
function stripLexical(n: T, root = true): T[] {
  const kids = n.children.flatMap((c) => stripLexical(c, false));
  return LEXICAL_RULES.has(n.rule as never) && !root ? kids : [{ rule: n.rule, start: n.start, end: n.end, children: kids } as T];
}
const plain = (n: T): unknown => ({ rule: n.rule, start: n.start, end: n.end, children: n.children.map(plain) });

describe('the lexical rules named by the issue are lexical', () => {
  it.each(['pchar', 'unreserved', 'pct-encoded', 'h16', 'dec-octet'])('%s', (r) => {
    expect(LEXICAL_RULES.has(r as never)).toBe(true);
  });
});

describe('strings drawn from the ABNF are accepted', () => {
  it('there is an arbitrary for each of the 36 rules', () => {
    expect(Object.keys(arb).sort()).toEqual([...RULE_NAMES].sort());
  });
  it.each([...RULE_NAMES])('%s: isValid and the oracle', (rule) => {
    fc.assert(fc.property(arb[rule], (s) => {
      expect([s, oracleTest(rule, s)]).toEqual([s, true]);
      expect([s, isValid(s, rule)]).toEqual([s, true]);
    }), { numRuns: RUNS.drawn });
  });
  it.each([...RULE_NAMES])('%s: parseTree, both modes', (rule) => {
    fc.assert(fc.property(arb[rule], fc.boolean(), (s, lexical) => {
      const t = parseTree(s, rule, { lexical });
      expect([s, t.rule, t.start, t.end]).toEqual([s, rule, 0, s.length]);
    }), { numRuns: RUNS.drawn });
  });
});

describe('isValid agrees with the oracle on random strings', () => {
  it.each([...RULE_NAMES])('%s', (rule) => {
    const input = fc.oneof(uriish, mutated(rule), arb[rule]);
    fc.assert(fc.property(input, (s) => {
      expect([s, isValid(s, rule)]).toEqual([s, oracleTest(rule, s)]);
    }), { numRuns: RUNS.verdict });
  });
});

describe('tree spans nest, and the structural tree is the lexical one without lexical nodes', () => {
  it.each([...RULE_NAMES])('%s', (rule) => {
    fc.assert(fc.property(arb[rule], (s) => {
      const lex = parseTree(s, rule, { lexical: true });
      const str = parseTree(s, rule);
      expect(spanProblems(lex, s)).toEqual([]);
      expect(spanProblems(str, s)).toEqual([]);
      expect(plain(str)).toEqual(stripLexical(lex).map(plain)[0]);
      for (const n of walkAll(str)) expect(LEXICAL_RULES.has(n.rule as never) && n !== str).toBe(false);
    }), { numRuns: RUNS.trees });
  });
});

function* walkAll(n: T): Generator<T> {
  yield n;
  for (const c of n.children) yield* walkAll(c);
}

describe('the random strings are a useful mix', () => {
  it.each(['URI-reference', 'URI', 'authority', 'IPv6address', 'path'])('%s: both verdicts are common', (rule) => {
    const sample = fc.sample(fc.oneof(uriish, mutated(rule), arb[rule]), { numRuns: 400, seed: 42 });
    const valid = sample.filter((s) => oracleTest(rule, s)).length;
    expect(valid).toBeGreaterThan(sample.length * 0.15);
    expect(valid).toBeLessThan(sample.length * 0.85);
  });
});
