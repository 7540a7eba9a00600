/**
 * grammar/rfc3986.abnf (RFC 3986 Appendix A as printed), loaded with compileAbnf, against the
 * built-in grammar module (src/generated/rfc3986Rules.ts, with its PEG guards and reordered dec-octet):
 * the same verdicts, error offsets, `expected` lists and trees (structural and lexical), for
 * all 36 rules, on the corpus, the first real URLs and generated input. The verdict comparison
 * on generated strings is also the check that the module and the text are the same language
 * rule by rule (both are regular; fuzzing them against each other, seeded).
 */
import fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import { RULE_NAMES, compileAbnf, rfc3986, type RuleName } from '../../src/index';
import { driver } from '../../src/uri/rules';
import { rfc3986FromText } from '../../src/builtins/rfc3986';
import { definitionsOf } from '../../src/uri/rfc3986';
import { RFC3986_ABNF } from '../../src/generated/texts';
import type { Node } from '../../src/engine/tree';
import { loadGrammarFile } from '../../src/cli/grammarFile';
import { arb, mutated, uriish } from '../support/arbitraries';

const CORPUS = path.join(__dirname, '..', 'vectors');
const readJson = (name: string): Array<{ input: string }> => JSON.parse(fs.readFileSync(path.join(CORPUS, name), 'utf8'));
const CORPUS_INPUTS = [...new Set([...readJson('valid.json'), ...readJson('ipv6.json')].map((v) => v.input))];
/** The first 1,500 lines of real-urls.txt (the whole file is compared by test/builtins/rfc3986-fastpaths.test.ts between the module's forms). */
const REAL_URLS = fs.readFileSync(path.join(CORPUS, 'real-urls.txt'), 'utf8').split('\n').slice(0, 1500).map((l) => l.replace(/\r$/, ''));
const URI_LEVEL = new Set<string>(['URI', 'URI-reference', 'absolute-URI', 'relative-ref']);

const text = rfc3986FromText();
const plain = (n: Node): unknown => ({ rule: n.rule, start: n.start, end: n.end, children: n.children.map((c) => plain(c as Node)) });

function moduleTree(s: string, rule: RuleName, lexical: boolean): unknown {
  try { return plain(rfc3986.parseTree(s, rule, { lexical }) as Node); } catch { return undefined; }
}
function textTree(s: string, rule: RuleName, lexical: boolean): unknown {
  try { return plain(text.parseTree(s, rule, { lexical }) as Node); } catch { return undefined; }
}

/** Every disagreement between the module and the text on `inputs` as `rule`. */
function diffs(rule: RuleName, inputs: Iterable<string>, trees = true): string[] {
  const out: string[] = [];
  for (const s of inputs) {
    const a = driver.verdict(s, rule);
    const v = text.validate(s, rule);
    const b = v.ok ? { ok: true, index: s.length, expected: [] as readonly string[] } : { ok: false, index: v.error.index, expected: v.error.expected };
    if (a.ok !== b.ok || a.index !== b.index || a.expected.join('|') !== b.expected.join('|')) {
      out.push(`${rule} ${JSON.stringify(s)}: module ${JSON.stringify(a)} text ${JSON.stringify(b)}`);
      continue;
    }
    if (text.isValid(s, rule) !== a.ok) out.push(`${rule} ${JSON.stringify(s)}: isValid`);
    if (trees && a.ok) {
      for (const lexical of [false, true]) {
        const x = JSON.stringify(moduleTree(s, rule, lexical));
        const y = JSON.stringify(textTree(s, rule, lexical));
        if (x !== y) out.push(`${rule} ${JSON.stringify(s)} lexical=${lexical}: module ${x} text ${y}`);
      }
    }
  }
  return out.slice(0, 10);
}

describe('grammar/rfc3986.abnf', () => {

  it('defines the 36 rules, in the order of Appendix A', () => {
    expect(text.rules).toEqual([...RULE_NAMES]);
    expect(compileAbnf(RFC3986_ABNF).rules).toEqual([...RULE_NAMES]);
  });

  it('is what the CLI loads from a path (loadGrammarFile)', () => {
    const g = loadGrammarFile(path.join(__dirname, '..', '..', 'grammar', 'rfc3986.abnf'));
    expect(g.rules).toEqual([...RULE_NAMES]);
    expect(g.isValid('http://[::1]/', 'URI')).toBe(true);
  });
});

describe('module = text, rule by rule', () => {
  it.each(RULE_NAMES.map((r) => [r]))('%s on the corpus (and real URLs for the URI-level rules)', (rule) => {
    const inputs = URI_LEVEL.has(rule) ? [...CORPUS_INPUTS, ...REAL_URLS] : CORPUS_INPUTS;
    expect(diffs(rule as RuleName, inputs)).toEqual([]);
  });

  it.each(RULE_NAMES.map((r) => [r]))('%s on generated strings (its language, damaged, URI-like noise)', (rule) => {
    const r = rule as RuleName;
    const inputs = [
      ...fc.sample(arb[r], { numRuns: 100, seed: 3986 }),
      ...fc.sample(mutated(r), { numRuns: 100, seed: 3987 }),
      ...fc.sample(uriish, { numRuns: 100, seed: 3988 }),
    ];
    expect(diffs(r, inputs)).toEqual([]);
  });

  it('inputs of LONG characters and more (the module\'s other regime)', () => {
    const long = ['http://h/' + 'a/'.repeat(3000) + '?q#' + 'f'.repeat(100), 'x:' + '%41'.repeat(2000), '//' + 'a'.repeat(5000) + '@[::1]:' + '9'.repeat(10)];
    for (const rule of ['URI', 'URI-reference', 'relative-ref'] as RuleName[]) expect(diffs(rule, long)).toEqual([]);
  });
});

describe('the rfc3986 Grammar object', () => {
  it('answers as the module functions do, and gives parsers, texts and alternatives from the text', () => {
    expect(rfc3986.isValid('http://a/b', 'URI')).toBe(true);
    const v = rfc3986.validate('http://[::1', 'URI');
    expect(v.ok).toBe(false);
    if (!v.ok) expect([v.error.name, v.error.index]).toEqual(['UriSyntaxError', 11]);
    expect(rfc3986.ruleText('path-empty')).toBe('path-empty    = 0<pchar>');
    expect(rfc3986.alternativeOf('host', '1.2.3.4')).toBe(1);
    expect(rfc3986.alternativeOf('host', '1.2.3.4.5')).toBe(2);
    expect(rfc3986.alternativeOf('scheme', 'http')).toBe(-1);
    expect(rfc3986.alternativeOf('dec-octet', '255')).toBe(4);
    const r = rfc3986.parser('URI').skip(rfc3986.parser('port')).parse('a:b');
    expect(r.status).toBe(true);
  });
});

describe('the rfc3986 Grammar reads nothing from its text but the rule texts', () => {
  it('gives each rule\'s text as the compiled text does, split by rule without compiling', () => {
    for (const rule of RULE_NAMES) expect([rule, rfc3986.ruleText(rule)]).toEqual([rule, text.ruleText(rule)]);
  });
  it('gives each rule\'s expression as the compiled text does (from the module\'s rules)', () => {
    for (const rule of RULE_NAMES) expect(JSON.parse(JSON.stringify(rfc3986.expr(rule)))).toEqual(JSON.parse(JSON.stringify(text.expr(rule))));
  });
  it('splits a definition with comments and "=/" lines as the ABNF reader does', () => {
    const abnf = 'a = "x" ; one\n    / "y"\n\n; a comment\nb = a\nb =/ "z"  \n';
    expect([...definitionsOf(abnf)]).toEqual([['a', compileAbnf(abnf).ruleText('a')], ['b', compileAbnf(abnf).ruleText('b')]]);
  });
});
