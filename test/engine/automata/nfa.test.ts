/**
 * The NFA is built as it is read (src/engine/automata/nfa.ts): a parse pays for the part of the grammar
 * its input reaches, and a repetition's bound costs only the iterations the input makes. Counted
 * in states, not timed (machines are noisy). The trees themselves are held to the backtracking
 * reference in ../trees/firstMatch-agrees-with-backtracking.test.ts.
 */
import { buildNfa, closure, Kind, type Nfa } from '../../../src/engine/automata/nfa';
import { FirstMatch } from '../../../src/engine/trees/firstMatch';
import { FlatTree } from '../../../src/engine/trees/flatTree';
import { readGrammar } from '../../../src/engine/text/abnf';
import { compileAbnf } from '../../../src/index';
import { rfc3986Rules, RULE_NAMES, LEXICAL_RULES } from '../../../src/generated/rfc3986Rules';
import { RFC2396_LEXICAL_RULES } from '../../../src/builtins/rfc2396';
import { RFC2396_BNF } from '../../../src/generated/texts';
import type { Rules } from '../../../src/engine/expr';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';

const nodes = new Set<string>(RULE_NAMES);

function parsed(rules: Parameters<typeof buildNfa>[0], rule: string, input: string) {
  const nfa = buildNfa(rules, { t: 'ref', name: rule }, { nodeRules: new Set(Object.keys(rules)) });
  const before = nfa.size;
  const b = new FirstMatch(nfa);
  const t = new FlatTree(b.names);
  const ok = b.parseTo(input, 0, input.length, t);
  return { nfa, before, ok, t };
}

describe('the NFA, built as it is read', () => {
  it('starts small and grows with what the input reaches (RFC 3986 URI-reference)', () => {
    const whole = buildNfa(rfc3986Rules, { t: 'ref', name: 'URI-reference' }, { nodeRules: nodes });
    whole.expandAll();
    const { nfa, before, ok } = parsed(rfc3986Rules, 'URI-reference', 'http://www.example.com/a/b?q#f');
    expect(ok).toBe(true);
    expect(before).toBeLessThan(20);
    // No IPv6 literal in the input: its 2,400 states are never built.
    expect(nfa.size).toBeLessThan(whole.size / 2);
    expect(whole.kind.includes(Kind.Lazy)).toBe(false);
  });

  it('builds the IPv6 literal when an input has one, and the same tree as the whole NFA', () => {
    const input = 'http://[1:2::3:4.5.6.7]/x';
    const lazy = parsed(rfc3986Rules, 'URI-reference', input);
    const nfa = buildNfa(rfc3986Rules, { t: 'ref', name: 'URI-reference' }, { nodeRules: new Set(Object.keys(rfc3986Rules)) });
    nfa.expandAll();
    const b = new FirstMatch(nfa);
    const t = new FlatTree(b.names);
    expect(b.parseTo(input, 0, input.length, t)).toBe(true);
    expect(lazy.t.materialize(0)).toEqual(t.materialize(0));
    expect(lazy.nfa.size).toBeGreaterThan(lazy.before);
  });

  it('pays for the iterations a bounded repetition makes, not for its bound', () => {
    const g = readGrammar('x = 1*65535"a"\ny = 1*65535("a" / "b")\n');
    const a = parsed(g.rules, 'x', 'a'.repeat(100));
    expect(a.ok).toBe(true);
    expect(a.nfa.size).toBeLessThan(2_000); // eagerly: about 200,000 states
    const ab = parsed(g.rules, 'y', 'ab'.repeat(1_000));
    expect(ab.ok).toBe(true);
    expect(ab.nfa.size).toBeLessThan(40_000);
  });

  it('still refuses recursion (when it reaches it) and unknown rules (at once)', () => {
    const nfa = buildNfa({ a: { t: 'ref', name: 'b' }, b: { t: 'ref', name: 'a' } }, { t: 'ref', name: 'a' });
    expect(() => nfa.expandAll()).toThrow(/recursive rule/);
    expect(() => buildNfa({ a: { t: 'ref', name: 'zz' } }, { t: 'ref', name: 'a' })).toThrow(/unknown rule zz/);
  });

  it('gives the trees of big bounds in time linear in the input (compileAbnf)', () => {
    const g = compileAbnf('x = 1*65535( "a" / "b" )\n');
    const t = g.parseTree('ab'.repeat(1_000), 'x');
    expect(t.end).toBe(2_000);
    expect(g.isValid('ab'.repeat(1_000), 'x')).toBe(true);
  });

  it('labels only the characters that begin a label rule, even an empty one', () => {
    // A rule that can match nothing: the characters after it are not its beginning.
    const g = compileAbnf('x = lbl "b"\nlbl = *"a"\n', { labelRules: ['lbl'] });
    const v = g.validate('c', 'x');
    expect(v.ok ? [] : v.error.expected).toEqual(['lbl', '"b"']);
  });

  it('gives a tree where the right-to-left pass would need more than the NFA limit', () => {
    // The budget runs out on "aaa…ab" (each step reads ahead to the "b"); the pass would build
    // all 700,000 copies of "c" and pass the 2,000,000-state limit; the lookahead answers instead.
    const g = compileAbnf('x = *( y / z ) 1*700000"c"\ny = "a"\nz = 1*"a" "b"\n');
    const s = 'a'.repeat(300) + 'bc';
    expect(g.isValid(s, 'x')).toBe(true);
    const t = g.parseTree(s, 'x');
    expect(t.children.length).toBe(300);
    expect(t.children[299]).toEqual({ rule: 'z', start: 299, end: 301, children: [] });
  });
});

/** The tree as (rule, start, end) triples in document order, or undefined if the input does not match. */
const builders = new Map<string, FirstMatch>();
function triples(rules: Rules, rule: string, nodeRules: Set<string>, input: string, mergeCharacters: boolean): string[] | undefined {
  const key = `${Object.keys(rules).join()} ${rule} ${[...nodeRules].join()} ${mergeCharacters}`;
  let b = builders.get(key);
  if (!b) builders.set(key, (b = new FirstMatch(buildNfa(rules, { t: 'ref', name: rule }, { nodeRules, mergeCharacters }))));
  const t = new FlatTree(b.names);
  if (!b.parseTo(input, 0, input.length, t)) return undefined;
  return Array.from({ length: t.length }, (_, i) => `${b.names[t.rules[i]]} ${t.starts[i]} ${t.ends[i]}`);
}

const chars = (nfa: ReturnType<typeof buildNfa>) => nfa.kind.filter((k) => k === Kind.Char).length;

/** closure as the header defines it, plainly: depth-first over a fully built NFA, a Set for what was seen. */
function plainClosure(nfa: Nfa, from: number[], stop = -1): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  const todo = [...from];
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id) || id === stop) continue;
    seen.add(id);
    if (nfa.kind[id] === Kind.Char || nfa.kind[id] === Kind.Accept) out.push(id);
    else todo.push(...nfa.out[id]);
  }
  return out.sort((a, b) => a - b);
}

describe('closure (its table of marks, and a closure met while an expansion builds)', () => {
  it('equals the plain closure from every state, as the NFA is built lazily and with label rules', () => {
    // Label rules make an expansion close over its own sub-automaton in the middle of a closure.
    const { rules } = readGrammar(RFC2396_BNF, 'rfc2396');
    for (const [rule, labels] of [['URI-reference', ['alphanum', 'escaped', 'unreserved', 'reserved']], ['hostport', ['alphanum']], ['abs_path', []]] as const) {
      const nfa = buildNfa(rules, { t: 'ref', name: rule }, { labelRules: new Set(labels) });
      // From the start: the lazy states the closure meets are expanded as it goes.
      const lazy = closure(nfa, [nfa.start]);
      nfa.expandAll();
      expect(lazy).toEqual(plainClosure(nfa, [nfa.start]));
      let checked = 0;
      for (let s = 0; s < nfa.size; s++) {
        if (nfa.kind[s] !== Kind.Char) continue;
        const from = [nfa.out[s][0]];
        expect([rule, s, closure(nfa, from)]).toEqual([rule, s, plainClosure(nfa, from)]);
        checked++;
      }
      expect(checked).toBeGreaterThan(10);
    }
  });
  it('stops at `stop`, and gives each state once however many paths reach it', () => {
    const { rules } = readGrammar('x = ( "a" / "a" / ( "a" ) ) *( "b" / "b" )\n');
    const nfa = buildNfa(rules, { t: 'ref', name: 'x' });
    nfa.expandAll();
    const all = closure(nfa, [nfa.start, nfa.start]);
    expect(all).toEqual(plainClosure(nfa, [nfa.start]));
    expect(new Set(all).size).toBe(all.length);
    expect(closure(nfa, [nfa.start], nfa.start)).toEqual([]);
  });
});

describe('mergeCharacters: one character state for an expression that takes one character', () => {
  it('reads ALPHA / DIGIT / "-" (and a rule that is only that) as one state; not a rule that gives a node', () => {
    const g = readGrammar('x = 1*(ALPHA / DIGIT / "-" / y)\ny = "_" / %x2E\n').rules;
    const build = (nodeRules: string[], mergeCharacters: boolean) => {
      const nfa = buildNfa(g, { t: 'ref', name: 'x' }, { nodeRules: new Set(nodeRules), mergeCharacters });
      nfa.expandAll();
      return nfa;
    };
    // Two copies of the item (the required one, and the loop's).
    expect(chars(build(['x'], true))).toBe(2);
    // Read as written: ALPHA, DIGIT, "-", and y's two alternatives, twice.
    expect(chars(build(['x'], false))).toBe(10);
    // y gives a node: its characters stay behind its marks (one state within them); ALPHA,
    // DIGIT and "-" before it are one.
    expect(chars(build(['x', 'y'], true))).toBe(4);
    expect(triples(g, 'x', new Set(['x', 'y']), 'a-_.9', true)).toEqual(['x 0 5', 'y 2 3', 'y 3 4']);
  });

  it('merges overlapping alternatives too: the first that takes the character goes to the same place', () => {
    const g = readGrammar('x = *("a" / %x61-63 / "B") "b"\n').rules;
    for (const s of ['', 'b', 'ab', 'abcb', 'cccb', 'abc', 'bb']) {
      expect(triples(g, 'x', new Set(['x']), s, true)).toEqual(triples(g, 'x', new Set(['x']), s, false));
    }
  });

  // Real URIs and the same with one character changed (seeded), structural trees (the lexical rules give no nodes).
  const lines = fs.readFileSync(path.join(__dirname, '..', '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean);
  const sample = lines.filter((_, i) => i % 97 === 0).slice(0, 300);
  const mutated = fc.sample(fc.tuple(fc.constantFrom(...sample), fc.nat(), fc.constantFrom(...'a:/?#[]@%.-_~!$&\'()*+,;=9Z')), { seed: 20261125, numRuns: 300 })
    .map(([s, i, c]) => s.slice(0, i % (s.length + 1)) + c + s.slice(i % (s.length + 1) + 1));
  const rfc2396 = readGrammar(RFC2396_BNF, 'rfc2396');
  const cases: Array<[string, Rules, string, Set<string>]> = [
    ['RFC 3986', rfc3986Rules, 'URI-reference', new Set(RULE_NAMES.filter((n) => !LEXICAL_RULES.has(n)))],
    ['RFC 2396', rfc2396.rules, 'URI-reference', new Set(rfc2396.names.filter((n) => !(RFC2396_LEXICAL_RULES as readonly string[]).includes(n)))],
  ];
  it.each(cases)('gives the trees of the NFA read as written (%s, structural and lexical, real and mutated URIs)', (_name, rules, rule, structural) => {
    const all = new Set(Object.keys(rules));
    let matched = 0;
    for (const s of [...sample, ...mutated]) {
      for (const nodeRules of [structural, all]) {
        const merged = triples(rules, rule, nodeRules, s, true);
        expect({ s, tree: merged }).toEqual({ s, tree: triples(rules, rule, nodeRules, s, false) });
        if (merged) matched++;
      }
    }
    // Most real URIs match: the comparison is of trees, not of two refusals.
    expect(matched).toBeGreaterThan(600);
  });
});
