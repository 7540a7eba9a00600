/**
 * Precompiled grammars (src/engine/build/compiled.ts): `fromCompiled(compiledData(g))` answers exactly
 * as `g = compileAbnf(text)` does (verdicts, errors, trees of both kinds, rule texts, rule names in
 * any case), for RFC 3986's text on real URLs and damaged ones, RFC 2396's notation, and a
 * recursive grammar (JSON); the module text `toModule` writes, run as a module, is that grammar;
 * bad data and bad options are TypeErrors.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compileAbnf } from '../../../src/index';
import { compiledData, toModule, toTypes } from '../../../src/engine/build/compiled';
import { fromCompiled, COMPILED_VERSION, MAX_EXPR_DEPTH } from '../../../src/engine/grammar/fromCompiled';
import { RFC2396_BNF, RFC3986_ABNF, JSON_ABNF } from '../../../src/generated/texts';
import type { RuleGrammar } from '../../../src/engine/grammar/grammar';
import { digestOf } from '../../../src/engine/digest';

/**
 * Data changed on purpose, with its digest made again: what the checks behind the digest see
 * (data changed without one is refused before them: test/engine/grammar/compiledTrust.test.ts).
 */
function sealed<T extends object>(data: T): T {
  const { digest: _old, ...rest } = data as T & { digest?: string };
  return { digest: digestOf(JSON.stringify(rest)), ...rest } as unknown as T;
}

const urls = fs.readFileSync(path.join(__dirname, '..', '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 400);
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
  it('a rule whose whole DFA is past Automaton.minimal\'s bounds: no tables (not all memory), the same answers', () => {
    // The last 19 characters remembered: 2^20 states. A differential run found a six-rule grammar
    // whose compile took all memory here (test/engine/automata/automaton.test.ts).
    const text = 'r = *("a" / "b") "a" 19("a" / "b")\nshort = "a" *"b"\n';
    expect(compiledData(compileAbnf(text)).tables).toBeUndefined();
    const both = 'ab'.repeat(20);
    sameAs(text, {}, ['r', 'short'], ['', 'a', both, both.slice(1), 'b'.repeat(5) + 'a' + 'b'.repeat(19), 'abbb', 'abc']);
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
    const text = toModule(g, { library: path.join(__dirname, '..', '..', '..', 'src', 'index') });
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
    expect(text).toMatch(/\nexport default fromCompiled\("\{\\"digest\\":\\"[0-9a-f]{16}\\",\\"format\\":\\"uri-grammar\/compiled\\"/);
  });
  it('has a declaration file that types the rule names, and the trees by parent (issue 38)', () => {
    expect(toTypes(g)).toContain('  type RuleName = "greeting" | "name";');
    expect(toTypes(g)).toContain('  type Children = {\n    readonly "greeting": "name";\n    readonly "name": never;\n  };');
    expect(toTypes(g)).toContain('declare const grammar: TypedGrammar<grammar.Children> & RuleGrammar<grammar.RuleName>;\nexport = grammar;');
    expect(toTypes(g, { format: 'esm' })).toContain('export type RuleName = "greeting" | "name";');
    expect(toTypes(g, { format: 'esm' })).toContain('export type Children = {\n  readonly "greeting": "name";\n  readonly "name": never;\n};');
    expect(toTypes(g, { format: 'esm' })).toContain('export type Node<K extends RuleName = RuleName> = TreeNodeOf<Children, K>;');
    expect(toTypes(g, { format: 'esm' })).toContain('declare const grammar: TypedGrammar<Children> & RuleGrammar<RuleName>;\nexport default grammar;');
  });
  it('types the children by the rule the trees follow (src/engine/build/childRules.ts): character-level rules pass their children up', () => {
    const h = compileAbnf('top = part "." part\npart = 1*num [ tag ]\nnum = DIGIT\ntag = "-" 1*ALPHA\n', { lexicalRules: ['part'] });
    const types = toTypes(h, { format: 'esm' });
    // part has a node in the lexical tree only; in the structural one, its num and tag nodes are top's children.
    expect(types).toContain('  readonly "top": "part" | "tag" | "num";\n  readonly "part": "num" | "tag";\n  readonly "num": never;\n  readonly "tag": never;\n');
    expect(h.parseTree('1.2-x', 'top').children.map((c) => c.rule)).toEqual(['num', 'num', 'tag']);
  });
  it('refuses bad options and what is not a grammar from compileAbnf with a TypeError', () => {
    expect(() => toModule(g, { format: 'umd' as 'esm' })).toThrow(TypeError);
    expect(() => toModule(g, null as unknown as {})).toThrow(TypeError);
    expect(() => toModule({} as RuleGrammar)).toThrow(/grammar from compileAbnf/);
  });
});

describe('tree plans in compiled data (toModule { plans, samples })', () => {
  const lexicalRules = ['h16', 'ls32', 'dec-octet', 'pchar', 'pct-encoded', 'unreserved', 'reserved', 'gen-delims', 'sub-delims'];
  const g = compileAbnf(RFC3986_ABNF, { lexicalRules });
  const trees = (x: RuleGrammar, rule: string, cases: string[]) => cases.map((s) => {
    try { return JSON.parse(JSON.stringify(x.parseTree(s, rule))); } catch (e) { return (e as Error).message; }
  });
  it('none unless asked for', () => {
    expect(compiledData(g).plans).toBeUndefined();
    expect(compiledData(g, {}).plans).toBeUndefined();
  });
  it('from samples: a plan of the first rule, whose trees are the text\'s (real, damaged and unplanned inputs)', () => {
    const data = JSON.parse(JSON.stringify(compiledData(g, { samples: urls.slice(0, 100) })));
    expect(Object.keys(data.plans)).toEqual(['URI']);
    const copy = fromCompiled(data);
    const cases = [...inputs, 'ldap://[2001:db8::7]/c=GB?objectClass?one', 'http://[v7.x]/'];
    expect(trees(copy, 'URI', cases)).toEqual(trees(g, 'URI', cases));
    // Rules without a plan build as before.
    expect(trees(copy, 'host', ['1.2.3.4', '1.2.3.45x', '[::1]'])).toEqual(trees(g, 'host', ['1.2.3.4', '1.2.3.45x', '[::1]']));
  });
  it('for the rules named (any case), from derivations when no samples are given', () => {
    const data = compiledData(g, { plans: ['uri-reference', 'IPv6address'] });
    expect(Object.keys(data.plans!).sort()).toEqual(['IPv6address', 'URI-reference']);
    const copy = fromCompiled(JSON.parse(JSON.stringify(data)));
    expect(trees(copy, 'URI-reference', inputs)).toEqual(trees(g, 'URI-reference', inputs));
    const v6 = ['::', '1:2::3', '::ffff:1.2.3.4', '1:2:3:4:5:6:7:8', '1::2:3.4.5.6', 'fe80::1'];
    expect(trees(copy, 'IPv6address', v6)).toEqual(trees(g, 'IPv6address', v6));
  });
  it('refuses a rule that is not one, or that reaches recursion, and samples that are not strings', () => {
    expect(() => toModule(g, { plans: ['nosuch'] })).toThrow(TypeError);
    expect(() => toModule(compileAbnf(JSON_ABNF), { plans: ['JSON-text'] })).toThrow(/reaches recursion/);
    expect(() => toModule(g, { samples: [1 as unknown as string] })).toThrow(/option "samples" must be an array of strings/);
    expect(() => toModule(g, { plans: 'URI' as unknown as string[] })).toThrow(/option "plans"/);
  });
  it('a recursive first rule gets no plan by default; its other rules can', () => {
    const json = compileAbnf(JSON_ABNF);
    expect(compiledData(json, { samples: ['[1]'] }).plans).toBeUndefined();
    expect(Object.keys(compiledData(json, { plans: ['number'] }).plans!)).toEqual(['number']);
  });
  it('a tampered plan is a TypeError at the first tree, not a wrong tree', () => {
    const data = JSON.parse(JSON.stringify(compiledData(g, { samples: urls.slice(0, 20) })));
    data.plans.URI.tables.steps[3] = 10 ** 9;
    const copy = fromCompiled(sealed(data));
    expect(copy.isValid('http://a/', 'URI')).toBe(true);
    expect(() => copy.parseTree('http://a/', 'URI')).toThrow(TypeError);
    expect(() => fromCompiled(sealed({ ...data, plans: [] }))).toThrow(TypeError);
  });
});

describe('fromCompiled of the JSON text (what toModule writes)', () => {
  const g = compileAbnf('s = "(" s ")" / t\nt = 1*"a" *( "." 1*"a" )\n', { name: 'nest' });
  const data = compiledData(g, { plans: ['t'], samples: ['a.a', 'aaa'] });
  const cases = ['(a.a)', '((a))', 'aa.a', '(', 'a..a', ''];
  const answers = (x: RuleGrammar) => cases.map((s) => {
    let t: unknown;
    try { t = JSON.parse(JSON.stringify(x.parseTree(s, 't'))); } catch (e) { t = (e as Error).message; }
    return [x.isValid(s, 's'), x.isValid(s, 't'), x.validate(s, 's').ok, t];
  });
  it('answers as the object does, and as compileAbnf', () => {
    const fromText = fromCompiled(JSON.stringify(data));
    expect(answers(fromText)).toEqual(answers(fromCompiled(JSON.parse(JSON.stringify(data)))));
    expect(answers(fromText)).toEqual(answers(g));
    expect(fromText.name).toBe('nest');
    expect(fromText.ruleText('t')).toBe(g.ruleText('t'));
  });
  it('finds the rules that reach recursion itself: a `recursive` field altered changes nothing', () => {
    for (const recursive of [[], ['t'], ['s', 't']]) {
      expect(answers(fromCompiled(JSON.stringify(sealed({ ...data, recursive }))))).toEqual(answers(g));
    }
  });
  it('a text that is not JSON, or not compiled data: TypeError', () => {
    expect(() => fromCompiled('{"format":')).toThrow(TypeError);
    expect(() => fromCompiled('{"format":')).toThrow(/not JSON/);
    expect(() => fromCompiled('42')).toThrow(TypeError);
    expect(() => fromCompiled(JSON.stringify(sealed({ ...data, exprs: { ...data.exprs, t: ['f', 'nope'] } })))).toThrow(/a reference to "nope"/);
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
    ['a workLimit of 0', { ...good, workLimit: 0 }],
    ['a workLimit that is not an integer', { ...good, workLimit: 1.5 }],
  ])('%s: TypeError', (_what, data) => {
    expect(() => fromCompiled(typeof data === 'object' ? sealed(data) as never : data as never)).toThrow(TypeError);
  });
  it('keeps a work limit that is not the default (and writes none that is)', () => {
    const g = compileAbnf('s = "a" s s / ""', { workLimit: 1_000_000 });
    const data = compiledData(g);
    expect(data.workLimit).toBe(1_000_000);
    // An input the one-pass runners cannot settle (every split tried before the `b`): the lists of ends and their limit.
    expect(fromCompiled(JSON.stringify(data)).isValid('a'.repeat(199) + 'b', 's')).toBe(false);
    expect('workLimit' in compiledData(compileAbnf('s = "a" s s / ""'))).toBe(false);
    expect(() => fromCompiled(JSON.stringify(compiledData(compileAbnf('s = "a" s s / ""')))).isValid('a'.repeat(400) + 'b', 's')).toThrow(RangeError);
  });
  it('refuses an expression that contains itself (an object, not JSON: it has no digest)', () => {
    const cyclic: unknown[] = ['s', ['l', 'x']];
    cyclic.push(cyclic);
    expect(() => fromCompiled({ ...good, exprs: { ...good.exprs, b: cyclic as never } })).toThrow(/not JSON data/);
  });
  it('reads expressions as deep as compileAbnf makes, and refuses deeper ones without overflowing', () => {
    const nested = (n: number): unknown => {
      let e: unknown = ['l', 'x'];
      for (let i = 0; i < n; i++) e = ['s', e];
      return e;
    };
    const g = fromCompiled(sealed({ ...good, rules: ['a'], exprs: { a: nested(MAX_EXPR_DEPTH - 1) as never }, texts: {}, tables: undefined }));
    expect(g.isValid('x', 'a')).toBe(true);
    // Too deep for JSON.stringify: as text, sealed by hand (the digest is of the text after it).
    const deep = `{"format":"uri-grammar/compiled","version":${COMPILED_VERSION},"rules":["a"],"exprs":{"a":${'["s",'.repeat(200_000)}["l","x"]${']'.repeat(200_000)}}}`;
    expect(() => fromCompiled(`{"digest":"${digestOf(deep)}",${deep.slice(1)}`)).toThrow(/nests deeper than 1000/);
    // As an object, it has no JSON text, so no digest: refused all the same, without overflowing.
    expect(() => fromCompiled({ ...good, rules: ['a'], exprs: { a: nested(200_000) as never }, texts: {}, tables: undefined })).toThrow(TypeError);
  });
});
