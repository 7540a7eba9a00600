/**
 * The library's forms against an independent PEG reading of RFC 3986.
 *
 * The parsimmon combinators of the hand-written, hand-guarded PEG module
 * (test/oracles/rfc3986Peg.ts, compiled by test/oracles/pegParsimmon.ts) are the reference: the
 * forms the engine compiles from grammar/rfc3986.abnf, which has no guard, must agree with them:
 *
 *   - verdict: `driver.tester(rule)` (the DFA tables generated at build time, the anchored RegExp
 *     below LONG characters once the rule is hot), the RegExp itself and
 *     `driver.automaton(rule).test` vs the per-character parsimmon parser matching to the end;
 *   - tree: the built-in tree (src/engine/trees/driverTrees.ts, the first-match builder) vs the parsimmon structural tree;
 *   - components: `parse` (verdict, then RFC 3986 Appendix B's split) vs components read here,
 *     independently, from the parsimmon structural tree;
 *   - error index: `validate(...).error.index` (the tables) vs the per-character parsimmon furthest
 *     failure.
 *
 * On the real corpus (valid.json, ipv6.json, the first 20,000 lines of real-urls.txt), on
 * generated strings (test/support/arbitraries.ts), and on inputs longer than LONG characters, where the
 * fast paths switch to their long-input forms.
 *
 * Each check collects every disagreement as a line naming the input and the answers, and expects
 * the list to be empty, so a failure shows the exact inputs.
 */
import fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import { validate, RULE_NAMES, type RuleName } from '../../src/index';
import { Trees } from '../../src/engine/trees/driverTrees';
import { rfc3986 } from '../../src/uri/rfc3986';
import { driver, LEXICAL_RULES, rfc3986Rules } from '../../src/uri/rules';

/** The module's tree builders without its plans (made from the rules' NFAs). */
const trees = new Trees<RuleName>(rfc3986Rules, new Set(RULE_NAMES), LEXICAL_RULES);
import { parse, COMPONENT_RULES, type ComponentRule, type UriComponents } from '../../src/uri/components';
import { run } from '../oracles/pegParsimmon';
import { language } from '../oracles/parsimmonReference';
import { LONG } from '../../src/engine/limits';
import { regexpSource } from '../../src/engine/automata/regexp';
import type { Node } from '../../src/engine/tree';
import { arb, mutate, mutated, uriish } from '../support/arbitraries';

const CORPUS = path.join(__dirname, '..', 'vectors');
const readJson = (name: string): Array<{ input: string }> => JSON.parse(fs.readFileSync(path.join(CORPUS, name), 'utf8'));

/** valid.json and ipv6.json inputs (valid or not), deduplicated. */
const CORPUS_INPUTS: string[] = [...new Set([...readJson('valid.json'), ...readJson('ipv6.json')].map((v) => v.input))];

/** The first 20,000 lines of real-urls.txt (a trailing newline gives no extra line). */
const REAL_URLS: string[] = fs.readFileSync(path.join(CORPUS, 'real-urls.txt'), 'utf8')
  .split('\n').slice(0, 20000).map((l) => l.replace(/\r$/, ''));

const URI_LEVEL: readonly RuleName[] = COMPONENT_RULES as readonly RuleName[];

/** Corpus inputs for a rule: the JSON corpora for every rule, real-urls too for the URI-level rules. */
const corpusFor = (rule: RuleName): string[] => (URI_LEVEL.includes(rule) ? [...CORPUS_INPUTS, ...REAL_URLS] : CORPUS_INPUTS);

const GENERATED_RUNS = 200;
/** Generated strings for a rule: its ABNF language, damaged ones, and URI-like noise. */
const generatedFor = (rule: RuleName, runs = GENERATED_RUNS): string[] => [
  ...fc.sample(arb[rule], runs),
  ...fc.sample(mutated(rule), runs),
  ...fc.sample(uriish, runs),
];

/** Keeps a failure message readable: the first disagreements and how many there were. */
function report(diffs: string[]): string[] {
  return diffs.length <= 20 ? diffs : [...diffs.slice(0, 20), `… and ${diffs.length - 20} more`];
}
const show = (s: string): string => (s.length > 120 ? `${JSON.stringify(s.slice(0, 60))}…(${s.length} chars)` : JSON.stringify(s));

// ---------------------------------------------------------------------------------------------
// The references: parsimmon.

/** The per-character parsimmon combinators: whole-input verdict and furthest failure. */
function parsimmonLexical(rule: RuleName, s: string): { whole: boolean; index: number } {
  const r = run(language(true, false)[rule], s);
  if (r.status && r.index === s.length) return { whole: true, index: s.length };
  // A success that stops short fails at the end-of-input check there.
  return { whole: false, index: r.status ? Math.max(r.furthest, r.index) : r.furthest };
}

/** The parsimmon structural tree (runs compiled to sticky RegExps), or undefined if no whole match. */
function parsimmonTree(rule: RuleName, s: string): Node | undefined {
  const r = run(language(false, true, rule)[rule], s);
  return r.status && r.index === s.length ? r.value[0] : undefined;
}

/** Plain data, so that deep equality compares rule, span and children only. */
const plain = (n: Node): unknown => ({ rule: n.rule, start: n.start, end: n.end, children: n.children.map((c) => plain(c as Node)) });

/** The built-in structural tree, or undefined when it throws. */
function fastTree(rule: RuleName, s: string): Node | undefined {
  try {
    return trees.flat(s, rule, false, undefined, false)?.node(0, Infinity) as Node | undefined;
  } catch {
    return undefined;
  }
}

/**
 * Components read from a parsimmon structural tree, independently of `fromNodes`:
 *
 *   URI          = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
 *   authority    = [ userinfo "@" ] host [ ":" port ]
 *   host         = IP-literal / IPv4address / reg-name
 *   IP-literal   = "[" ( IPv6address / IPvFuture ) "]"
 */
const PATH_RULES = new Set(['path-abempty', 'path-absolute', 'path-noscheme', 'path-rootless', 'path-empty']);
function componentsFromTree(input: string, root: Node): UriComponents {
  const c: UriComponents = {
    scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, port: undefined,
    path: '', query: undefined, fragment: undefined, hostKind: undefined,
  };
  const text = (n: Node) => input.slice(n.start, n.end);
  const visit = (n: Node): void => {
    switch (n.rule) {
      case 'scheme': c.scheme = text(n); return;
      case 'authority': c.authority = text(n); break; // its children hold userinfo, host, port
      case 'userinfo': c.userinfo = text(n); return;
      case 'host': {
        c.host = text(n);
        const kind = n.children[0] as Node | undefined;
        if (kind?.rule === 'IP-literal') {
          const inner = (kind.children as Node[]).find((k) => k.rule === 'IPv6address' || k.rule === 'IPvFuture');
          c.hostKind = inner?.rule as UriComponents['hostKind'];
        } else c.hostKind = kind?.rule as UriComponents['hostKind'];
        return;
      }
      case 'port': c.port = text(n); return;
      case 'query': c.query = text(n); return;
      case 'fragment': c.fragment = text(n); return;
      default:
        if (PATH_RULES.has(n.rule)) { c.path = text(n); return; }
    }
    for (const k of n.children) visit(k as Node);
  };
  visit(root);
  return c;
}

// ---------------------------------------------------------------------------------------------
// 1. Verdicts.

/**
 * Disagreements between the tester (the build-time tables, then the RegExp once the rule is
 * hot), the rule's RegExp itself (below LONG), the automaton and the per-character combinators.
 */
function verdictDiffs(rule: RuleName, inputs: Iterable<string>, reference: (s: string) => boolean = (s) => parsimmonLexical(rule, s).whole): string[] {
  const tester = driver.tester(rule);
  const automaton = driver.automaton(rule);
  const re = new RegExp(`^(?:${regexpSource(driver.grammar, { t: 'ref', name: rule })})$`);
  // The verdict form (the hot tester's): language-preserving rewrites of the above (src/engine/automata/regexp.ts).
  const verdict = new RegExp(`^(?:${regexpSource(driver.grammar, { t: 'ref', name: rule }, true)})$`);
  const diffs: string[] = [];
  for (const s of inputs) {
    const p = reference(s);
    const t = tester(s);
    const a = automaton.test(s);
    const r = s.length < LONG ? re.test(s) : p;
    const v = s.length < LONG ? verdict.test(s) : p;
    if (p !== t || p !== a || p !== r || p !== v) diffs.push(`${rule} ${show(s)}: parsimmon ${p}, tester ${t}, automaton ${a}, RegExp ${r}, verdict RegExp ${v}`);
  }
  return report(diffs);
}

describe('verdicts: tester (tables, RegExp), RegExp and automaton agree with the per-character combinators', () => {
  it.each([...RULE_NAMES])('%s, on the corpus', (rule) => {
    expect(verdictDiffs(rule, corpusFor(rule))).toEqual([]);
  });

  it.each([...RULE_NAMES])('%s, on generated strings (ABNF, damaged, URI-like)', (rule) => {
    expect(verdictDiffs(rule, generatedFor(rule))).toEqual([]);
  });
});

/**
 * Inputs longer than LONG: the tester switches to the automaton, the trees to a store of their own.
 * `[rule, input, valid, reference]`: the per-character combinators run on 70,000 characters in
 * 0.1 to 2 s, so the heaviest valid shapes (many short segments or pairs) take the structural
 * parsimmon parser (runs as sticky RegExps) as their verdict reference; every invalid input and
 * the other valid ones take both.
 */
const N = 70000;
const pct = '%41'.repeat(Math.ceil(N / 3));
type LongCase = [RuleName, string, boolean, 'both' | 'structural'];
const LONG_CASES: LongCase[] = [
  ['path-abempty', '/a'.repeat(N / 2), true, 'structural'],
  ['path-abempty', '/' + 'a'.repeat(N), true, 'both'],
  ['path-abempty', '/' + 'a'.repeat(N) + ' ', false, 'both'],
  ['path-absolute', '/' + 'b'.repeat(N / 2) + '?' + 'b'.repeat(N / 2), false, 'both'],
  ['segment', pct, true, 'both'],
  ['segment', pct + '%4', false, 'both'],
  ['segment', pct.slice(0, N / 2) + '%G1' + pct.slice(N / 2), false, 'both'],
  ['query', '?/'.repeat(N / 2), true, 'structural'],
  ['query', pct + '#', false, 'both'],
  ['fragment', 'x='.repeat(N / 2) + '&', true, 'structural'],
  ['fragment', 'x'.repeat(N) + '#', false, 'both'],
  ['reg-name', 'a.'.repeat(N / 2), true, 'both'],
  ['reg-name', 'a.'.repeat(N / 2) + ':', false, 'both'],
  ['URI', 'http://example.com/' + 'p/'.repeat(N / 2) + '?' + pct + '#f', true, 'structural'],
  ['URI', 'http://example.com/' + 'p/'.repeat(N / 2) + ' ', false, 'both'],
  ['URI', 'h:' + pct, true, 'both'],
  ['URI', 'h:' + pct.slice(0, N) + '%', false, 'both'],
  ['URI-reference', '//' + 'u'.repeat(N) + '@h:80/x', true, 'both'],
  ['URI-reference', '//' + 'u'.repeat(N) + '@h:8a/x', false, 'both'],
  ['URI-reference', 'a/'.repeat(N / 2), true, 'structural'],
  ['URI-reference', 'a'.repeat(N) + '/[', false, 'both'],
  ['relative-ref', '?' + 'q'.repeat(N), true, 'both'],
  ['absolute-URI', 's:' + '/s'.repeat(N / 2) + '#', false, 'both'],
];

/** Per-character results on the long inputs, shared by the verdict and error-index tests. */
const longLexical = new Map<LongCase, { whole: boolean; index: number }>();
const lexicalOfLong = (c: LongCase) => {
  let r = longLexical.get(c);
  if (!r) longLexical.set(c, (r = parsimmonLexical(c[0], c[1])));
  return r;
};

describe(`verdicts on inputs longer than LONG (${LONG}) characters`, () => {
  it('tester, automaton and parsimmon (structural; per-character too where marked) agree', () => {
    const diffs: string[] = [];
    for (const c of LONG_CASES) {
      const [rule, s, expected, reference] = c;
      expect(s.length).toBeGreaterThan(LONG);
      const structural = parsimmonTree(rule, s) !== undefined;
      diffs.push(...verdictDiffs(rule, [s], () => structural));
      if (structural !== expected) diffs.push(`${rule} ${show(s)}: expected ${expected}, structural parsimmon ${structural}`);
      if (reference === 'both') {
        const lexical = lexicalOfLong(c).whole;
        if (lexical !== structural) diffs.push(`${rule} ${show(s)}: per-character parsimmon ${lexical}, structural ${structural}`);
      }
    }
    expect(diffs).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Trees.

function treeDiffs(rule: RuleName, inputs: Iterable<string>): string[] {
  const diffs: string[] = [];
  for (const s of inputs) {
    const ref = parsimmonTree(rule, s);
    if (!ref) continue; // not valid as this rule: verdicts are compared above
    const fast = fastTree(rule, s);
    if (!fast) { diffs.push(`${rule} ${show(s)}: parsimmon builds a tree, the built-in throws`); continue; }
    const [a, b] = [JSON.stringify(plain(fast)), JSON.stringify(plain(ref))];
    if (a !== b) diffs.push(`${rule} ${show(s)}: fast tree ${a.slice(0, 400)} vs parsimmon ${b.slice(0, 400)}`);
  }
  return report(diffs);
}

describe('trees: the built-in tree equals the parsimmon structural tree', () => {
  it.each([...RULE_NAMES])('%s, on valid corpus inputs', (rule) => {
    const valid = corpusFor(rule).filter((s) => driver.tester(rule)(s));
    expect(treeDiffs(rule, valid)).toEqual([]);
  });

  it.each([...RULE_NAMES])('%s, on generated valid strings', (rule) => {
    const valid = [...fc.sample(arb[rule], GENERATED_RUNS), ...generatedFor(rule, 100).filter((s) => driver.tester(rule)(s))];
    expect(treeDiffs(rule, valid)).toEqual([]);
  });

  it(`on inputs longer than LONG (${LONG}) characters`, () => {
    const valid = LONG_CASES.filter(([, , ok]) => ok);
    expect(valid.length).toBeGreaterThan(5);
    const diffs: string[] = [];
    for (const [rule, s] of valid) {
      const ref = parsimmonTree(rule, s);
      const fast = fastTree(rule, s);
      if (!ref || !fast) { diffs.push(`${rule} ${show(s)}: parsimmon tree ${!!ref}, fast tree ${!!fast}`); continue; }
      if (JSON.stringify(plain(fast)) !== JSON.stringify(plain(ref))) diffs.push(`${rule} ${show(s)}: trees differ`);
    }
    expect(diffs).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Components.

function componentDiffs(rule: ComponentRule, inputs: Iterable<string>): { diffs: string[]; compared: number } {
  const diffs: string[] = [];
  let compared = 0;
  for (const s of inputs) {
    const tree = parsimmonTree(rule, s);
    if (!tree) continue;
    compared++;
    const expected = componentsFromTree(s, tree);
    let got: UriComponents;
    try {
      got = parse(s, rule);
    } catch (e) {
      diffs.push(`${rule} ${show(s)}: parse throws ${(e as Error).message.split('\n')[0]}`);
      continue;
    }
    // Compared key by key so that '' and undefined stay apart (JSON below shows undefined as null).
    const differ = (Object.keys(expected) as Array<keyof UriComponents>).some((k) => got[k] !== expected[k]);
    const json = (c: UriComponents) => JSON.stringify(c, (_, v) => (v === undefined ? null : v));
    if (differ) diffs.push(`${rule} ${show(s)}: parse ${json(got)} vs tree ${json(expected)}`);
  }
  return { diffs: report(diffs), compared };
}

describe('components: parse equals the components of the parsimmon structural tree', () => {
  it('the tree reader reads the RFC 3986 3 example', () => {
    const s = 'foo://user@example.com:8042/over/there?name=ferret#nose';
    expect(componentsFromTree(s, parsimmonTree('URI-reference', s)!)).toEqual({
      scheme: 'foo', authority: 'user@example.com:8042', userinfo: 'user', host: 'example.com', port: '8042',
      path: '/over/there', query: 'name=ferret', fragment: 'nose', hostKind: 'reg-name',
    });
    const v6 = '//[::1]';
    expect(componentsFromTree(v6, parsimmonTree('URI-reference', v6)!)).toMatchObject({ host: '[::1]', hostKind: 'IPv6address', path: '' });
  });

  it('URI-reference, on the corpus and the first 20,000 real URLs', () => {
    const { diffs, compared } = componentDiffs('URI-reference', corpusFor('URI-reference'));
    expect(diffs).toEqual([]);
    expect(compared).toBeGreaterThan(10000);
  });

  it.each(['URI', 'absolute-URI', 'relative-ref'] as ComponentRule[])('%s, on the corpus and the first 20,000 real URLs', (rule) => {
    expect(componentDiffs(rule, corpusFor(rule)).diffs).toEqual([]);
  });

  it.each([...COMPONENT_RULES])('%s, on generated references', (rule) => {
    const inputs = [...fc.sample(arb[rule], 500), ...fc.sample(arb['URI-reference'], 300), ...generatedFor(rule, 200)];
    const { diffs, compared } = componentDiffs(rule, inputs);
    expect(diffs).toEqual([]);
    expect(compared).toBeGreaterThan(400);
  });

  it(`on inputs longer than LONG (${LONG}) characters`, () => {
    const inputs = LONG_CASES.filter(([rule, , ok]) => ok && URI_LEVEL.includes(rule)).map(([, s]) => s);
    expect(inputs.length).toBeGreaterThan(2);
    expect(componentDiffs('URI-reference', inputs).diffs).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Error index.

function errorDiffs(rule: RuleName, inputs: Iterable<string>): { diffs: string[]; invalid: number } {
  const diffs: string[] = [];
  let invalid = 0;
  for (const s of inputs) {
    const p = parsimmonLexical(rule, s);
    const v = validate(s, rule);
    if (p.whole !== v.ok) diffs.push(`${rule} ${show(s)}: parsimmon ${p.whole ? 'accepts' : 'rejects'}, validate ${v.ok ? 'accepts' : 'rejects'}`);
    else if (!v.ok) {
      invalid++;
      if (v.error.index !== p.index) diffs.push(`${rule} ${show(s)}: automaton index ${v.error.index}, parsimmon furthest ${p.index}`);
    }
  }
  return { diffs: report(diffs), invalid };
}

describe('error index: the automaton\'s equals the per-character combinators\' furthest failure', () => {
  it.each(['URI', 'URI-reference'] as RuleName[])('%s, on the invalid lines of the first 20,000 real URLs', (rule) => {
    const invalid = REAL_URLS.filter((s) => !driver.tester(rule)(s));
    const { diffs, invalid: n } = errorDiffs(rule, invalid);
    expect(diffs).toEqual([]);
    expect(n).toBe(invalid.length);
    expect(n).toBeGreaterThan(0);
  });

  it.each(['URI', 'URI-reference'] as RuleName[])('%s, on real URLs damaged by one edit', (rule) => {
    const damaged = fc.sample(fc.constantFrom(...REAL_URLS).chain(mutate), 2000);
    const { diffs, invalid } = errorDiffs(rule, damaged);
    expect(diffs).toEqual([]);
    expect(invalid).toBeGreaterThan(100);
  });

  it.each([...RULE_NAMES])('%s, on damaged strings', (rule) => {
    const { diffs, invalid } = errorDiffs(rule, fc.sample(mutated(rule), 300));
    expect(diffs).toEqual([]);
    expect(invalid).toBeGreaterThan(0);
  });

  it(`on inputs longer than LONG (${LONG}) characters`, () => {
    const invalid = LONG_CASES.filter(([, , ok]) => !ok);
    expect(invalid.length).toBeGreaterThan(5);
    const diffs: string[] = [];
    for (const c of invalid) {
      const [rule, s] = c;
      const p = lexicalOfLong(c);
      const v = validate(s, rule);
      if (v.ok || p.whole) diffs.push(`${rule} ${show(s)}: parsimmon ${p.whole}, validate ${v.ok}`);
      else if (v.error.index !== p.index) diffs.push(`${rule} ${show(s)}: automaton index ${v.error.index}, parsimmon furthest ${p.index}`);
    }
    expect(diffs).toEqual([]);
  });
});

// parseTree(s, rule, { lexical: true }) builds the tree with the parsimmon combinators below LONG
// characters and with a store of its own (every rule a node) from LONG on: both must give one tree.
describe(`lexical trees from LONG (${LONG}) characters on: the builder equals the parsimmon combinators`, () => {
  const cases: Array<[RuleName, string]> = [
    ['URI', 'http://u:p@h:8/' + 'a%41:@/'.repeat(700) + '?q=1#f'],
    ['URI-reference', '//[v1.x]/' + 'seg/'.repeat(1200)],
    ['URI', 'ftp://1.2.3.4/' + 'x'.repeat(LONG)],
    ['URI', 'ldap://[2001:db8::7]/c=GB?' + 'objectClass?one&'.repeat(300)],
    ['segment', '%41a'.repeat(LONG / 2)],
    ['query', '/?:@'.repeat(LONG / 2)],
    ['path', 'a/' + 'b:c/'.repeat(LONG / 2)],
  ];
  it.each(cases)('%s, %#', (rule, s) => {
    expect(s.length).toBeGreaterThanOrEqual(LONG);
    const t = trees.flat(s, rule, true, undefined, false)!;
    const nodes = t.materialize(0);
    const parsimmon = run(language(true)[rule], s);
    expect(parsimmon.status && parsimmon.index).toBe(s.length);
    expect(nodes).toEqual(parsimmon.status ? parsimmon.value[0] : undefined);
    expect(rfc3986.parseTree(s, rule, { lexical: true })).toEqual(nodes);
  });
});
