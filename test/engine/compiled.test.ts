/**
 * Precompiled grammars (src/engine/compiled.ts): `fromCompiled(compiledData(g))` answers exactly
 * as `g = compileAbnf(text)` does (verdicts, errors, trees of both kinds, rule texts, rule names in
 * any case), for RFC 3986's text on real URLs and damaged ones, RFC 2396's notation, and a
 * recursive grammar (JSON); the module text `toModule` writes, run as a module, is that grammar;
 * bad data and bad options are TypeErrors.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compileAbnf } from '../../src/index';
import { compiledData, fromCompiled, toModule, toTypes, COMPILED_VERSION, MAX_EXPR_DEPTH } from '../../src/engine/compiled';
import { RFC2396_BNF, RFC3986_ABNF, JSON_ABNF } from '../../grammar/texts';
import type { RuleGrammar } from '../../src/engine/ruleGrammar';

const urls = fs.readFileSync(path.join(__dirname, '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 400);
const inputs = [...urls, ...urls.slice(0, 100).map((u) => u.replace(/[a-z]/, ' ')), '', 'http://[::1]/', 'http://1.2.3.4.5/', '%zz', 'a:b'];

/** Every answer of a grammar for one rule and input, as plain data. */
function answers(g: RuleGrammar, rule: string, s: string): unknown {
  const v = g.validate(s, rule);
  const tree = (lexical: boolean) => { try { return JSON.parse(JSON.stringify(g.parseTree(s, rule, { lexical }))); } catch (e) { return (e as Error).message; } };
  return {
    ok: g.isValid(s, rule),
    error: v.ok ? undefined : { index: v.error.index, expected: v.error.expected, message: v.error.message },
    tree: tree(false),
    lexical: tree(true),
  };
}

function sameAs(text: string, options: Parameters<typeof compileAbnf>[1], rules: string[], cases: string[]): void {
  const g = compileAbnf(text, options);
  const copy = fromCompiled(JSON.parse(JSON.stringify(compiledData(g))));
  expect(copy.rules).toEqual(g.rules);
  for (const rule of g.rules) expect(copy.ruleText(rule)).toBe(g.ruleText(rule));
  for (const rule of rules) for (const s of cases) expect({ rule, s, a: answers(copy, rule, s) }).toEqual({ rule, s, a: answers(g, rule, s) });
}

describe('fromCompiled(compiledData(g)) answers as g', () => {
  it('RFC 3986 from its text, on real URLs and damaged ones', () => {
    sameAs(RFC3986_ABNF, { lexicalRules: ['h16', 'ls32', 'dec-octet', 'pchar', 'pct-encoded', 'unreserved', 'reserved', 'gen-delims', 'sub-delims'], labelRules: ['unreserved', 'h16'] },
      ['URI-reference', 'URI', 'host', 'IPv6address'], inputs);
  });
  it('RFC 2396 in its own notation', () => {
    sameAs(RFC2396_BNF, { notation: 'rfc2396' }, ['URI-reference', 'hostname'], inputs.slice(0, 200));
  });
  it('a recursive grammar (JSON): its recursive rules have no tables and still answer alike', () => {
    const docs = ['{"a":[1,2,{"b":null}]}', '[true, false]', '{"a":', '"\\u00e9"', '[[[[[]]]]]', '{"a" 1}'];
    sameAs(JSON_ABNF, {}, ['JSON-text', 'value', 'number', 'string'], docs);
    const data = compiledData(compileAbnf(JSON_ABNF));
    expect(data.tables).toBeDefined(); // number, string, ... are regular
    expect(JSON.stringify(data.tables)).not.toContain('"JSON-text"');
  });
  it('rule names in any case, as compileAbnf', () => {
    const g = fromCompiled(compiledData(compileAbnf(RFC3986_ABNF)));
    expect(g.isValid('http://a/', 'uri')).toBe(true);
    expect(g.parseTree('a', 'SCHEME').rule).toBe('scheme');
  });
});

describe('toModule', () => {
  const g = compileAbnf('greeting = "hello" 1*SP name\nname = 1*ALPHA\n', { name: 'greeting' });
  it('is a CommonJS module whose exports are the grammar', () => {
    const text = toModule(g, { library: path.join(__dirname, '..', '..', 'src', 'index') });
    const module = { exports: {} as unknown };
    // The module text, run as Node runs a CommonJS file (its require resolves the library here).
    new Function('module', 'exports', 'require', text)(module, module.exports, require);
    const m = module.exports as RuleGrammar;
    expect(m.isValid('hello  World', 'greeting')).toBe(true);
    expect(m.parseTree('hello x', 'greeting')).toEqual(g.parseTree('hello x', 'greeting'));
    expect(m.validate('hello', 'greeting')).toEqual(g.validate('hello', 'greeting'));
    expect(m.name).toBe('greeting');
  });
  it('is an ES module with a default export', () => {
    const text = toModule(g, { format: 'esm' });
    expect(text).toMatch(/^\/\/ Written by uri-grammar's toModule/);
    expect(text).toContain('import { fromCompiled } from "uri-grammar";');
    expect(text).toMatch(/\nexport default fromCompiled\(JSON\.parse\("\{\\"format\\":\\"uri-grammar\/compiled\\"/);
  });
  it('has a declaration file that types the rule names', () => {
    expect(toTypes(g)).toContain('declare const grammar: RuleGrammar<"greeting" | "name">;\nexport = grammar;');
    expect(toTypes(g, { format: 'esm' })).toContain('export type RuleName = "greeting" | "name";');
    expect(toTypes(g, { format: 'esm' })).toContain('export default grammar;');
  });
  it('refuses bad options and what is not a grammar from compileAbnf with a TypeError', () => {
    expect(() => toModule(g, { format: 'umd' as 'esm' })).toThrow(TypeError);
    expect(() => toModule(g, null as unknown as {})).toThrow(TypeError);
    expect(() => toModule({} as RuleGrammar)).toThrow(/grammar from compileAbnf/);
  });
});

describe('fromCompiled refuses what is not compiled data', () => {
  const good = compiledData(compileAbnf('a = "x" b\nb = 1*DIGIT\n'));
  it.each([
    ['not an object', 42],
    ['another format', { ...good, format: 'x' }],
    ['another version', { ...good, version: COMPILED_VERSION + 1 }],
    ['a bad expression', { ...good, exprs: { ...good.exprs, b: ['z', 1] } }],
    ['a rule without expression', { ...good, rules: [...good.rules, 'c'] }],
    ['a bad repetition', { ...good, exprs: { ...good.exprs, b: ['r', ['l', 'x'], 'one', null] } }],
    ['a repetition whose max is below its min', { ...good, exprs: { ...good.exprs, b: ['r', ['l', 'a'], 2, 1] } }],
    ['a negative minimum', { ...good, exprs: { ...good.exprs, b: ['r', ['l', 'a'], -1, null] } }],
    ['code points below 0', { ...good, exprs: { ...good.exprs, b: ['c', [-1e15, 97], 'q'] } }],
    ['code points past U+10FFFF', { ...good, exprs: { ...good.exprs, b: ['c', [97, 0x110000], 'q'] } }],
    ['ranges out of order', { ...good, exprs: { ...good.exprs, b: ['c', [98, 97], 'q'] } }],
    ['an odd number of range ends', { ...good, exprs: { ...good.exprs, b: ['c', [97], 'q'] } }],
    ['a reference to no rule', { ...good, exprs: { ...good.exprs, b: ['f', 'zz'] } }],
    ['empty tables', { ...good, tables: {} }],
    ['a table start past the states', { ...good, tables: { ...good.tables!, starts: { a: 9999 } } }],
    ['a table start for no rule', { ...good, tables: { ...good.tables!, starts: { zz: 1 } } }],
    ['a maxNesting below 1', { ...good, maxNesting: -1 }],
  ])('%s: TypeError', (_what, data) => {
    expect(() => fromCompiled(data as never)).toThrow(TypeError);
  });
  it('refuses an expression that contains itself (an object, not JSON)', () => {
    const cyclic: unknown[] = ['s', ['l', 'x']];
    cyclic.push(cyclic);
    expect(() => fromCompiled({ ...good, exprs: { ...good.exprs, b: cyclic as never } })).toThrow(/contains itself/);
  });
  it('reads expressions as deep as compileAbnf makes, and refuses deeper ones without overflowing', () => {
    const nested = (n: number): unknown => {
      let e: unknown = ['l', 'x'];
      for (let i = 0; i < n; i++) e = ['s', e];
      return e;
    };
    const g = fromCompiled({ ...good, rules: ['a'], exprs: { a: nested(MAX_EXPR_DEPTH - 1) as never }, texts: {}, tables: undefined });
    expect(g.isValid('x', 'a')).toBe(true);
    expect(() => fromCompiled({ ...good, rules: ['a'], exprs: { a: nested(200_000) as never }, texts: {}, tables: undefined })).toThrow(/nests deeper than 1000/);
  });
});
