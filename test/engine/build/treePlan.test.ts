/**
 * src/engine/build/treePlan.ts's `completePlan`: the plan a module written with no samples
 * carries (issue 37: its first tree built the rule's NFA and lookahead, 12–16 ms for a
 * language-tag grammar). It holds every step the table reaches and every lookahead state, so a
 * first tree of any input builds nothing; and it gives the trees every other builder gives.
 */
import fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import { compileAbnf } from '../../../src/index';
import { compiledData, toModule } from '../../../src/engine/build/compiled';
import { fromCompiled } from '../../../src/engine/grammar/fromCompiled';
import * as nfaModule from '../../../src/engine/automata/nfa';
import { RFC3986_ABNF } from '../../../src/generated/texts';

/** RFC 5646 2.1's Language-Tag (less the grandfathered tags' list): test/vectors/langtag.abnf, which bench/startup.ts reads too. */
const LANGTAG = fs.readFileSync(path.join(__dirname, '..', '..', 'vectors', 'langtag.abnf'), 'utf8');

/** Calls of buildNfa while `f` runs. */
function nfasBuilt<T>(f: () => T): { value: T; count: number } {
  const spy = jest.spyOn(nfaModule, 'buildNfa');
  try {
    const value = f();
    return { value, count: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

const tags = ['de-CH-1996', 'zh-Hant-CN', 'sr-Latn-RS', 'en-a-bbb-x-a-ccc', 'x-whatever', 'de-CH-x-phonebk', 'az-Arab-x-AZE-derbend', 'i-klingon', 'de-CH-', 'abcdefghi', '123', ''];

test('a module written with no samples carries the first rule\'s plan when it is small', () => {
  const g = compileAbnf(LANGTAG);
  expect(Object.keys(compiledData(g, { complete: true }).plans ?? {})).toEqual(['Language-Tag']);
  expect(toModule(g)).toContain('\\"plans\\"');
  // Nothing asked, nothing written (the library's own data keeps its plans apart).
  expect(compiledData(g).plans).toBeUndefined();
  // RFC 3986's would be over a megabyte: none.
  expect(compiledData(compileAbnf(RFC3986_ABNF), { complete: true }).plans).toBeUndefined();
});

test('its first tree of any input builds no NFA, and every tree equals compileAbnf\'s', () => {
  const reference = compileAbnf(LANGTAG);
  for (const tag of tags) {
    // A fresh grammar each time: each tag is a first tree.
    const m = fromCompiled(JSON.stringify(compiledData(compileAbnf(LANGTAG), { complete: true })));
    const { value, count } = nfasBuilt(() => (m.isValid(tag, 'Language-Tag') ? m.parseTree(tag, 'Language-Tag') : undefined));
    expect({ tag, count }).toEqual({ tag, count: 0 });
    expect({ tag, tree: value }).toEqual({ tag, tree: reference.isValid(tag, 'Language-Tag') ? reference.parseTree(tag, 'Language-Tag') : undefined });
  }
});

describe('trees are the same cold and warm, with or without samples (seeded)', () => {
  const piece = fc.constantFrom('de', 'CH', '1996', 'x', 'a', 'Hant', 'abc', 'abcdefgh', '12', '1ab', 'zz9', 'q', 'Latn', '419');
  const tag = fc.array(piece, { minLength: 1, maxLength: 7 }).map((a) => a.join('-'));
  const text = compileAbnf(LANGTAG);
  const withSamples = fromCompiled(JSON.stringify(compiledData(text, { samples: ['de-CH-1996', 'en-US'] })));
  const without = fromCompiled(JSON.stringify(compiledData(text, { complete: true })));
  const tree = (g: typeof text, s: string) => (g.isValid(s, 'Language-Tag') ? g.parseTree(s, 'Language-Tag') : 'refused');

  it('a language tag: compileAbnf, a module with samples, a module without, and a fresh module without (cold)', () => {
    let accepted = 0;
    fc.assert(fc.property(tag, (s) => {
      const expected = tree(text, s);
      if (expected !== 'refused') accepted++;
      const cold = fromCompiled(JSON.stringify(compiledData(compileAbnf(LANGTAG), { complete: true })));
      return [tree(withSamples, s), tree(without, s), tree(cold, s)].every((t) => JSON.stringify(t) === JSON.stringify(expected));
    }), { seed: 3703, numRuns: 60 });
    expect(accepted).toBeGreaterThan(8);
  });

  it('RFC 3986 from its text: a first tree (cold) of an IPv6 literal, a dec-octet edge or a long query equals a warm one', () => {
    const warm = compileAbnf(RFC3986_ABNF);
    for (const s of ['http://example.com/a', 'http://[::ffff:1.2.3.4]/', 'http://[1:2::3]:8/']) warm.parseTree(s, 'URI-reference');
    const host = fc.constantFrom('[::1]', '[1:2::3]', '[::ffff:1.2.3.4]', '[v7.x]', '256.1.1.1', '1.2.3.4', '1.2.3.45x', 'u@[::1]:8', 'a.b');
    const rest = fc.constantFrom('/a/b?c#d', '', '?' + 'key=value&'.repeat(50), '/p/../q', ':80');
    fc.assert(fc.property(host, rest, (h, r) => {
      const s = `http://${h}${r}`;
      const cold = compileAbnf(RFC3986_ABNF);
      return JSON.stringify(cold.parseTree(s, 'URI-reference')) === JSON.stringify(warm.parseTree(s, 'URI-reference'));
    }), { seed: 3704, numRuns: 12 });
  });
});
