/**
 * The first calls of a grammar read from text (src/engine/grammar/quickRuns.ts): which grammars
 * have the search, that its verdicts, trees and errors are the grammar's own machinery's
 * (test/support/machinery.ts) on RFC 3986 and the library's other grammars read from their
 * texts, that its first answers build no automaton and no tree builder, and where the machinery
 * takes over: long inputs, options, a search past its budget, and every
 * call once the searches' work passes QUICK_STEPS.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compileAbnf, fromCompiled, RuleGrammar } from '../../../src/index';
import { compiledData } from '../../../src/engine/build/compiled';
import { LONG, QUICK_STEPS } from '../../../src/engine/limits';
import { machinery } from '../../support/machinery';
import { rfc2396FromText } from '../../../src/builtins/rfc2396';
import { rfc2732FromText } from '../../../src/builtins/rfc2732';
import { rfc6874FromText } from '../../../src/builtins/rfc6874';
import { rfc3987FromText } from '../../../src/iri/rfc3987';

const ROOT = path.join(__dirname, '..', '..', '..');
/** The shipped grammars as `npm run generate` reads them from their texts. */
const TEXTS: Record<string, () => RuleGrammar> = {
  rfc2396: () => rfc2396FromText() as unknown as RuleGrammar,
  rfc2732: () => rfc2732FromText() as unknown as RuleGrammar,
  rfc6874: () => rfc6874FromText() as unknown as RuleGrammar,
  rfc3987: () => rfc3987FromText() as unknown as RuleGrammar,
};
const RFC3986 = fs.readFileSync(path.join(ROOT, 'grammar', 'rfc3986.abnf'), 'utf8');
const URLS = fs.readFileSync(path.join(ROOT, 'test', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean);

/** What the grammar has built of its own machinery: automata (verdicts) and tree builders. */
function built(g: RuleGrammar): number {
  const read = (g as unknown as { g: { driver: { automata: Map<string, unknown>; testers: Map<string, unknown> }; trees: { builders: Map<unknown, unknown> } } }).g;
  return read.driver.automata.size + read.trees.builders.size;
}
const searched = (g: RuleGrammar): number => (g as unknown as { g: { quick?: { work: { steps: number } } } }).g.quick?.work.steps ?? -1;

describe('which grammars have the search', () => {
  it('a grammar from text (compileAbnf): yes; the class made of its expressions, or a precompiled one (tables): no', () => {
    expect(searched(compileAbnf(RFC3986))).toBe(0);
    expect(searched(compileAbnf(RFC3986, { name: 'x', lexicalRules: ['pchar'] }))).toBe(0);
    const src = compileAbnf(RFC3986).source();
    expect(searched(new RuleGrammar(src.exprs, src.names))).toBe(-1);
    expect(searched(machinery(compileAbnf(RFC3986)))).toBe(-1);
    expect(searched(fromCompiled(compiledData(compileAbnf(RFC3986))))).toBe(-1);
  });
});

describe('the first calls', () => {
  it('answer from the search, building none of the machinery (and the same as it)', () => {
    const g = compileAbnf(RFC3986);
    const m = machinery(compileAbnf(RFC3986));
    for (const s of ['http://u@[::1]:8/a/b?c#d', 'http://256.1.1.1/a', 'http://example.com/p?' + 'key=value&'.repeat(200)]) {
      expect(g.isValid(s, 'URI-reference')).toBe(true);
      expect(g.parseTree(s, 'URI-reference')).toEqual(m.parseTree(s, 'URI-reference'));
      expect(g.validate(s, 'URI-reference')).toEqual({ ok: true });
    }
    expect(built(g)).toBe(0);
    expect(searched(g)).toBeGreaterThan(0);
    expect(built(m)).toBeGreaterThan(0);
  });

  it('a refused input: false from the search, and its error (an offset, what was expected) from the machinery', () => {
    const g = compileAbnf(RFC3986);
    const m = machinery(compileAbnf(RFC3986));
    for (const s of ['http://[::1/', 'http://a b/', '%4', 'http://u@[v1.]/']) {
      expect([s, g.isValid(s, 'URI')]).toEqual([s, false]);
      expect(g.validate(s, 'URI')).toEqual(m.validate(s, 'URI'));
      expect(() => g.parseTree(s, 'URI')).toThrow((m.validate(s, 'URI') as { error: Error }).error.message);
    }
  });

  it('the real URLs, as URI-reference and as other rules: the same verdicts and trees as the machinery', () => {
    const g = compileAbnf(RFC3986);
    const m = machinery(compileAbnf(RFC3986));
    let trees = 0;
    for (const s of URLS.slice(0, 1500)) {
      for (const rule of ['URI-reference', 'URI', 'absolute-URI']) {
        const ok = m.isValid(s, rule);
        expect([rule, s, g.isValid(s, rule)]).toEqual([rule, s, ok]);
        if (ok && rule === 'URI-reference') {
          expect(g.parseTree(s, rule)).toEqual(m.parseTree(s, rule));
          trees++;
        }
      }
    }
    expect(trees).toBeGreaterThan(1400);
  });
});

describe("the library's other grammars read from their texts", () => {
  // Each as npm run generate reads it (compileAbnf, with its rule metadata): the search's first
  // verdicts and trees against the machinery's, on real URLs, IPv6 literals and IRIs.
  const ipv6 = (JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'vectors', 'ipv6.json'), 'utf8')) as Array<{ input: string }>).map((v) => `http://[${v.input}]/a?b#c`);
  const iris = ['http://b\u00fccher.example/stra\u00dfe?q=\u00e9#\u00e0', 'http://\u4f8b\u3048.jp/\u30d1\u30b9', 'http://x/\u{20b9f}?\u{E000}', 'http://x/\ud800', 'http://x/\u202e'];
  const inputs = [...URLS.slice(0, 400), ...ipv6.slice(0, 60), ...iris, 'http://[fe80::1%25eth0]/', 'http://[v1.x]/', ''];
  it.each([
    ['rfc2396', 'URI-reference'],
    ['rfc2732', 'URI-reference'],
    ['rfc6874', 'URI-reference'],
    ['rfc3987', 'IRI-reference'],
  ])('%s (%s)', (name, rule) => {
    const make = TEXTS[name];
    const g = make();
    const m = machinery(make());
    let trees = 0;
    for (const s of inputs) {
      const ok = m.isValid(s, rule);
      expect([name, s, g.isValid(s, rule)]).toEqual([name, s, ok]);
      if (ok) {
        expect([name, s, g.parseTree(s, rule)]).toEqual([name, s, m.parseTree(s, rule)]);
        trees++;
      }
    }
    expect(trees).toBeGreaterThan(300);
    expect(searched(g)).toBeGreaterThan(0);
  });
});

describe('where the machinery answers', () => {
  it('an input of LONG characters or more, a lexical tree, a node limit: the machinery, with the same answers', () => {
    const g = compileAbnf(RFC3986);
    const m = machinery(compileAbnf(RFC3986));
    const long = 'http://example.com/' + 'a/'.repeat(LONG);
    expect(g.isValid(long, 'URI')).toBe(true);
    expect(searched(g)).toBe(0);
    expect(g.parseTree('http://a/b', 'URI', { lexical: true })).toEqual(m.parseTree('http://a/b', 'URI', { lexical: true }));
    expect(() => g.parseTree('http://a/b', 'URI', { maxNodes: 3 })).toThrow(RangeError);
    expect(searched(g)).toBe(0);
    expect(built(g)).toBeGreaterThan(0);
  });

  it('a search past its budget (exponential on this grammar): the machinery, with the same answers', () => {
    const text = 'r = *( "a" / "aa" ) "b" / *"a" "c"\n';
    const g = compileAbnf(text);
    const m = machinery(compileAbnf(text));
    const yes = 'a'.repeat(40) + 'c';
    const no = 'a'.repeat(40) + 'd';
    expect([g.isValid(yes, 'r'), g.isValid(no, 'r')]).toEqual([true, false]);
    expect(g.parseTree(yes, 'r')).toEqual(m.parseTree(yes, 'r'));
    expect(built(g)).toBeGreaterThan(0);
  });

  it('every call, once the searches took QUICK_STEPS steps: the machinery (built once, then)', () => {
    const g = compileAbnf(RFC3986);
    const s = 'http://example.com/p?' + 'key=value&'.repeat(100);
    let calls = 0;
    while (built(g) === 0 && calls < 10_000) {
      g.parseTree(s, 'URI-reference');
      g.isValid(s, 'URI-reference');
      calls++;
    }
    // Each call's search took about eight steps a character: the searches stopped after
    // QUICK_STEPS of them, not before, and not much after.
    expect(calls).toBeGreaterThan(QUICK_STEPS / (64 * 2 * s.length));
    expect(calls).toBeLessThan(QUICK_STEPS / (2 * s.length) + 2);
    const steps = searched(g);
    expect(steps).toBeGreaterThanOrEqual(QUICK_STEPS);
    g.parseTree(s, 'URI-reference');
    expect(g.isValid(s, 'URI-reference')).toBe(true);
    expect(searched(g)).toBe(steps);
  });
});
