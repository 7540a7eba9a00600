/**
 * Recursive grammars (src/engine/recursive/): the engine against the plain backtracking
 * reference (test/oracles/backtrack.ts, which shares no code with it) on random recursive,
 * non-left-recursive grammars (seeded): the same verdict, error offset and first-match tree.
 * Left recursion is refused; nesting is bounded; parsimmon parsers embed recursive rules.
 */
import fc from 'fast-check';
import P from 'parsimmon';
import { compileAbnf, AbnfSyntaxError } from '../../../src/index';
import type { Node } from '../../../src/engine/tree';
import { EndsRunner, NestingLimitError, WorkLimitError } from '../../../src/engine/recursive/ends';
import * as Index from '../../../src/index';
import { referenceErrorIndex, referenceTree, toAbnf, type Ast, type RefNode, type Rules } from '../../oracles/backtrack';
import { grammarOf, grown } from '../../support/astShapes';
import { expectLongestPrefixes } from '../../support/longestPrefix';

const NAMES = ['r0', 'r1', 'r2', 'r3'];

/**
 * An expression of rule `k`. It may refer to a later rule anywhere (no cycle can run through
 * those), and to any rule, itself included, only after a consuming "(": recursion, never left
 * recursion.
 */
function exprArb(k: number, depth: number): fc.Arbitrary<Ast> {
  const leaves: Array<fc.Arbitrary<Ast>> = [
    fc.constantFrom<Ast>({ t: 'range', lo: 0x61, hi: 0x61 }, { t: 'range', lo: 0x62, hi: 0x62 }, { t: 'range', lo: 0x61, hi: 0x62 }),
    fc.constantFrom<Ast>({ t: 'lit', s: 'a' }, { t: 'lit', s: 'ab' }, { t: 'lit', s: '' }, { t: 'lit', s: ')' }),
    fc.integer({ min: 0, max: NAMES.length - 1 }).map((j): Ast => ({ t: 'seq', items: [{ t: 'lit', s: '(' }, { t: 'ref', name: NAMES[j] }] })),
  ];
  if (k + 1 < NAMES.length) leaves.push(fc.integer({ min: k + 1, max: NAMES.length - 1 }).map((j): Ast => ({ t: 'ref', name: NAMES[j] })));
  if (depth <= 0) return fc.oneof(...leaves);
  return grown(leaves, exprArb(k, depth - 1), [[0, 1], [0, Infinity], [1, Infinity], [0, 2], [1, 3]]);
}

/**
 * Wider grammars (six rules, deeper expressions) with the shapes issue 35 found super-linear:
 * repetitions of recursive rules (`"(" *r ")"`, `*(*r)`), nullable bodies, optional tails.
 */
const WIDE = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'];
function wideArb(k: number, depth: number): fc.Arbitrary<Ast> {
  const ref = (j: number): Ast => ({ t: 'ref', name: WIDE[j] });
  const leaves: Array<fc.Arbitrary<Ast>> = [
    fc.constantFrom<Ast>({ t: 'range', lo: 0x61, hi: 0x61 }, { t: 'range', lo: 0x61, hi: 0x62 }, { t: 'lit', s: '' }, { t: 'lit', s: ')' }, { t: 'lit', s: 'b' }),
    fc.integer({ min: 0, max: WIDE.length - 1 }).chain((j) => fc.constantFrom<Ast>(
      { t: 'seq', items: [{ t: 'lit', s: '(' }, ref(j)] },
      { t: 'seq', items: [{ t: 'lit', s: '(' }, { t: 'rep', item: ref(j), min: 0, max: Infinity }, { t: 'lit', s: ')' }] },
      { t: 'seq', items: [{ t: 'lit', s: '(' }, { t: 'rep', item: { t: 'rep', item: ref(j), min: 0, max: Infinity }, min: 0, max: Infinity }, { t: 'lit', s: ')' }] },
      { t: 'seq', items: [{ t: 'lit', s: 'a' }, { t: 'rep', item: ref(j), min: 0, max: Infinity }] },
      { t: 'seq', items: [{ t: 'lit', s: 'a' }, { t: 'rep', item: { t: 'seq', items: [{ t: 'lit', s: ',' }, ref(j)] }, min: 0, max: 1 }] },
    )),
  ];
  if (k + 1 < WIDE.length) leaves.push(fc.integer({ min: k + 1, max: WIDE.length - 1 }).map(ref));
  if (depth <= 0) return fc.oneof(...leaves);
  return grown(leaves, wideArb(k, depth - 1), [[0, 1], [0, Infinity], [1, Infinity], [1, 2]]);
}
const wideArbGrammar: fc.Arbitrary<Rules> = grammarOf(WIDE, (k) => wideArb(k, 3));

const grammarArb: fc.Arbitrary<Rules> = grammarOf(NAMES, (k) => exprArb(k, 2));

const inputArb = fc.array(fc.constantFrom('a', 'b', '(', ')', 'A'), { maxLength: 7 }).map((cs) => cs.join(''));
const plain = (n: Node | RefNode): unknown => ({ rule: n.rule, start: n.start, end: n.end, children: (n.children as Array<Node | RefNode>).map(plain) });

describe('recursive grammars: engine = backtracking reference (seeded)', () => {
  it('verdict, error offset and first-match tree agree on random recursive grammars', () => {
    let recursiveSeen = 0;
    fc.assert(
      fc.property(grammarArb, fc.array(inputArb, { minLength: 10, maxLength: 10 }), (rules, inputs) => {
        const text = toAbnf(rules);
        const g = compileAbnf(text);
        if (g.reachesRecursion('r0') || g.reachesRecursion('r1')) recursiveSeen++;
        for (const s of ['', '(a)', 'a(a)', ...inputs]) {
          for (const rule of ['r0', 'r1']) {
            const ref = referenceTree(rules, rule, s);
            const v = g.validate(s, rule);
            expect({ text, rule, s, ok: v.ok }).toEqual({ text, rule, s, ok: ref !== undefined });
            if (ref) expect({ text, s, tree: plain(g.parseTree(s, rule)) }).toEqual({ text, s, tree: plain(ref) });
            else if (!v.ok) expect({ text, rule, s, index: v.error.index }).toEqual({ text, rule, s, index: referenceErrorIndex(rules, rule, s) });
          }
        }
      }),
      { seed: 20261125, numRuns: 300 },
    );
    expect(recursiveSeen).toBeGreaterThan(100); // the generator does make recursive grammars
  });
});

describe('recursive grammars, wider (seeded): repetitions of recursive rules, nullable bodies, optional tails', () => {
  it('verdict, error offset and first-match tree agree with the reference; parser() keeps the longest prefix', () => {
    let recursiveSeen = 0;
    const input = fc.array(fc.constantFrom('a', 'b', '(', ')', ','), { maxLength: 8 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(wideArbGrammar, fc.array(input, { minLength: 12, maxLength: 12 }), (rules, inputs) => {
        const text = toAbnf(rules);
        const g = compileAbnf(text);
        if (g.reachesRecursion('r0')) recursiveSeen++;
        for (const s of ['', '()', '(())', 'a,a', 'aaa', ...inputs]) {
          for (const rule of ['r0', 'r2']) {
            let ref: RefNode | undefined;
            try {
              ref = referenceTree(rules, rule, s);
            } catch {
              continue; // the reference's own step limit (exponential backtracking): not a case to compare
            }
            const v = g.validate(s, rule);
            expect({ text, rule, s, ok: v.ok }).toEqual({ text, rule, s, ok: ref !== undefined });
            // What the run expects where it stops is what it expects with every end listed (no
            // FOLLOW pruning: a prefix run lists them all).
            if (!v.ok && g.reachesRecursion(rule)) {
              const all = new EndsRunner(g.source().exprs, s, { prefix: true }).run(rule);
              const expected = [...all.expected, ...(all.ends.includes(all.furthest) ? ['end of input'] : [])];
              expect({ text, rule, s, at: v.error.index, expected: v.error.expected }).toEqual({ text, rule, s, at: all.furthest, expected });
            }
            if (ref) expect({ text, s, tree: plain(g.parseTree(s, rule)) }).toEqual({ text, s, tree: plain(ref) });
            else if (!v.ok) {
              let want: number | undefined;
              try { want = referenceErrorIndex(rules, rule, s); } catch { continue; }
              expect({ text, rule, s, index: v.error.index }).toEqual({ text, rule, s, index: want });
            }
          }
        }
        // parser(): the longest prefix that is a match, as the reference finds it prefix by prefix.
        expectLongestPrefixes(text, rules, g, inputs.slice(0, 3));
      }),
      { seed: 20261128, numRuns: 120 },
    );
    expect(recursiveSeen).toBeGreaterThan(40);
  });
});

/**
 * Grammars made around the re-entrant repetitions (src/engine/recursive/follow.ts, shapes A, B, C:
 * `r0 = P *r0`, `*(*r1)`, `r1 = *r2` under `*r1`), the rest random: where the analysis lists no
 * end for a repetition's stop, the verdict, the error offset, what is expected there (against a
 * prefix run, which lists every end) and the tree are still the backtracking reference's.
 */
describe('re-entrant repetitions (seeded): issue 35\'s linear shapes, the rest of the grammar random', () => {
  it('agree with the reference, and the analysis does find them', () => {
    const { reentrantRepetitions } = require('../../../src/engine/recursive/follow') as typeof import('../../../src/engine/recursive/follow');
    const ref = (j: number): Ast => ({ t: 'ref', name: WIDE[j] });
    const lit = (s: string): Ast => ({ t: 'lit', s });
    const star = (item: Ast, min = 0): Ast => ({ t: 'rep', item, min, max: Infinity });
    const edge = fc.constantFrom<Ast>(lit('('), lit('a'), lit('(a'), { t: 'range', lo: 0x61, hi: 0x62 });
    const close = fc.constantFrom<Ast>(lit(')'), lit(''), lit('b'), lit('a'), { t: 'alt', items: [lit(')'), lit('b')] });
    const rest = (k: number) => wideArb(k, 2);
    const shaped: fc.Arbitrary<Rules> = fc.tuple(
      fc.integer({ min: 0, max: 2 }), edge, close, rest(1), rest(2), rest(3), rest(4), rest(5), fc.constantFrom(0, 1), fc.boolean(),
    ).map(([shape, open, shut, x1, x2, x3, x4, x5, min, back]) => {
      const rules: Rules = { r0: lit(''), r1: x1, r2: x2, r3: x3, r4: x4, r5: x5 };
      if (shape === 0) rules.r0 = { t: 'seq', items: [open, { t: 'alt', items: [ref(2), lit('')] }, star(ref(0), min)] }; // (A)
      else if (shape === 1) rules.r0 = { t: 'seq', items: [open, star(star(ref(1), min)), shut] }; // (B)
      else {
        rules.r0 = { t: 'seq', items: [open, star(ref(1), min), shut] }; // (C): r1 = *r2
        rules.r1 = star(ref(2), min);
      }
      // r0 used once more, followed by something of its own (then shape A is no longer re-entrant), or not.
      if (shape !== 0 || back) rules.r2 = { t: 'alt', items: [{ t: 'seq', items: [lit('('), ref(0), ...(back ? [shut] : [])] }, x2] };
      return rules;
    });
    const input = fc.array(fc.constantFrom('a', 'b', '(', ')', '(a', '()', 'aa', 'a)'), { maxLength: 6 }).map((cs) => cs.join(''));
    let found = 0;
    let compared = 0;
    fc.assert(
      fc.property(shaped, fc.array(input, { minLength: 10, maxLength: 10 }), (rules, inputs) => {
        const text = toAbnf(rules);
        let g;
        try {
          g = compileAbnf(text);
        } catch (e) {
          if (e instanceof AbnfSyntaxError) return; // left recursion through a nullable part: refused, as it must be
          throw e;
        }
        if (g.reachesRecursion('r0') && reentrantRepetitions(g.source().exprs, 'r0').size) found++;
        for (const s of ['', 'aaaa', '(()())', '((a)(b))', '(a(a(a', 'a(aa', '(a(aa', 'a(aaa', '(a(a(aa', ...inputs]) {
          let want: RefNode | undefined;
          try {
            want = referenceTree(rules, 'r0', s);
          } catch {
            continue; // the reference's own step limit
          }
          compared++;
          const v = g.validate(s, 'r0');
          expect({ text, s, ok: v.ok }).toEqual({ text, s, ok: want !== undefined });
          if (want) expect({ text, s, tree: plain(g.parseTree(s, 'r0')) }).toEqual({ text, s, tree: plain(want) });
          else if (!v.ok) {
            if (g.reachesRecursion('r0')) {
              const all = new EndsRunner(g.source().exprs, s, { prefix: true }).run('r0');
              const expected = [...all.expected, ...(all.ends.includes(all.furthest) ? ['end of input'] : [])];
              expect({ text, s, at: v.error.index, expected: v.error.expected }).toEqual({ text, s, at: all.furthest, expected });
            }
            let index: number | undefined;
            try { index = referenceErrorIndex(rules, 'r0', s); } catch { continue; }
            expect({ text, s, index: v.error.index }).toEqual({ text, s, index });
          }
        }
      }),
      { seed: 20261129, numRuns: 200 },
    );
    expect(found).toBeGreaterThan(60);
    expect(compared).toBeGreaterThan(1000);
  });
});

describe('what a user gets', () => {
  const list = compileAbnf('list = item *("," item)\nitem = word / "(" list ")"\nword = 1*ALPHA');
  const show = (n: Node): string => `${n.rule}[${n.start},${n.end}]${n.children.length ? `(${n.children.map(show).join(' ')})` : ''}`;

  it('the student\'s grammar: nested lists parse, with a node for each rule', () => {
    expect(list.isValid('a,(b,c),d', 'list')).toBe(true);
    expect(show(list.parseTree('a,(b,c),d', 'list'))).toBe('list[0,9](item[0,1](word[0,1]) item[2,7](list[3,6](item[3,4](word[3,4]) item[5,6](word[5,6]))) item[8,9](word[8,9]))');
  });

  it('errors keep their meaning: the first offset that stops being a prefix, and what could come there', () => {
    const v = list.validate('a,(b,c,d', 'list');
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.error.index).toBe(8);
    expect([...v.error.expected].sort()).toEqual(['")"', '","', 'ALPHA']);
    const w = list.validate('a,)', 'list');
    expect(!w.ok && [w.error.index, [...w.error.expected].sort()]).toEqual([2, ['"("', 'ALPHA']]);
  });

  it('first match backtracks into finished alternatives, as a RegExp does (not PEG\'s commit)', () => {
    // PEG commits to "a" and then fails on "ab"; first match takes the second alternative.
    const g = compileAbnf('s = ( "a" / "ab" ) t\nt = "b" / "(" s ")"');
    expect(g.isValid('ab', 's') && g.isValid('ab(ab)', 's')).toBe(true);
    const h = compileAbnf('s = "(" s ")" / x\nx = 1*"a" "a"');
    expect(show(h.parseTree('((aaa))', 's'))).toBe('s[0,7](s[1,6](s[2,5](x[2,5])))');
  });

  it('left recursion is refused, naming the cycle and the rewrite', () => {
    expect(() => compileAbnf('expr = expr "+" term / term\nterm = DIGIT')).toThrow(AbnfSyntaxError);
    expect(() => compileAbnf('expr = expr "+" term / term\nterm = DIGIT')).toThrow(/left recursion: expr -> expr: .*expr = term \*\("\+" term\)/);
    // Through another rule and a nullable prefix.
    expect(() => compileAbnf('a = [ "x" ] b\nb = *"y" a "z" / "w"')).toThrow(/left recursion: (a -> b -> a|b -> a -> b)/);
    // Right recursion and recursion after a token are fine.
    expect(compileAbnf('a = "x" a / "y"').isValid('xxy', 'a')).toBe(true);
  });

  it('never a stack overflow: deep nesting gives the nesting limit (a RangeError naming it) or, raised, an answer', () => {
    const deep = compileAbnf('v = "[" [ v ] "]" / "x"');
    const s = '['.repeat(10_000) + ']'.repeat(10_000);
    expect(() => deep.isValid(s, 'v')).toThrow(NestingLimitError);
    expect(() => deep.isValid(s, 'v')).toThrow(RangeError);
    expect(() => deep.isValid(s, 'v')).toThrow(/maxNesting/);
    const roomy = compileAbnf('v = "[" [ v ] "]" / "x"', { maxNesting: 50_000 });
    expect(roomy.isValid(s, 'v')).toBe(true);
    expect(roomy.parseTree(s, 'v').end).toBe(20_000);
    expect(() => compileAbnf('v = "x"', { maxNesting: -1 } as never)).toThrow(TypeError);
  });

  it('never minutes of CPU: the cubic s = "a" s s / "" meets the work limit (a RangeError naming the option); raised, it answers', () => {
    const s = compileAbnf('s = "a" s s / ""');
    // A valid input the backtracking run settles within its own budget (src/engine/recursive/backtrack.ts);
    // one it cannot (every split tried before the `b` fails) goes to the lists of ends and their limit.
    expect(s.isValid('a'.repeat(400), 's')).toBe(true);
    expect(() => s.isValid('a'.repeat(400) + 'b', 's')).toThrow(WorkLimitError);
    expect(() => s.validate('a'.repeat(400) + 'b', 's')).toThrow(/work limit: more than 2000 steps per character .*the option workLimit of compileAbnf/);
    const roomy = compileAbnf('s = "a" s s / ""', { workLimit: 1_000_000 });
    expect(roomy.isValid('a'.repeat(200), 's')).toBe(true);
    expect(roomy.isValid('a'.repeat(199) + 'b', 's')).toBe(false);
    expect(() => compileAbnf('s = "x"', { workLimit: 0 })).toThrow(/option "workLimit" must be a positive integer/);
    // Exported from the package, as the other limits are.
    expect(Index.WorkLimitError).toBe(WorkLimitError);
    expect(Index.NestingLimitError).toBe(NestingLimitError);
    expect(Index.DEFAULT_WORK_LIMIT).toBe(2000);
  });

  it('a rule whose language is empty (r = "a" r) has its error at offset 0: no prefix of the input is one of it', () => {
    const g = compileAbnf('r = "a" r\nq = "b" / "a" r\n');
    for (const s of ['', 'a', 'ab', 'aaa']) {
      const v = g.validate(s, 'r');
      expect(!v.ok && v.error.index).toBe(0);
    }
    // An alternative that can match keeps its offsets; the empty one is not tried.
    const q = g.validate('bx', 'q');
    expect(!q.ok && [q.error.index, q.error.expected]).toEqual([1, ['end of input']]);
    const q2 = g.validate('ax', 'q');
    expect(!q2.ok && q2.error.index).toBe(0);
  });

  it('isValid with the rule left out is the documented TypeError, before and after a first call', () => {
    const g = compileAbnf('a = "x"');
    expect(() => (g.isValid as (s: string) => boolean)('x')).toThrow(/isValid: argument "rule" must be a rule of the grammar \(a\), got undefined/);
    expect(g.isValid('x', 'a')).toBe(true);
    expect(() => (g.isValid as (s: string) => boolean)('x')).toThrow(TypeError);
    const json = Index.grammarByName('json');
    expect(() => (json.isValid as (s: string) => boolean)('[]')).toThrow(/argument "rule" must be a rule of the grammar json/);
  });

  it('maxNesting: 0 is refused by compileAbnf, as fromCompiled refuses it', () => {
    expect(() => compileAbnf('v = "x"', { maxNesting: 0 })).toThrow(TypeError);
    expect(() => compileAbnf('v = "x"', { maxNesting: 0 })).toThrow(/option "maxNesting" must be a positive integer/);
  });

  it('a shipped grammar\'s nesting limit is raised with grammarByName(name, { maxNesting }), which its message names', () => {
    const deep = '['.repeat(6_000) + ']'.repeat(6_000);
    expect(() => Index.grammarByName('json').isValid(deep, 'JSON-text')).toThrow(NestingLimitError);
    expect(() => Index.grammarByName('json').isValid(deep, 'JSON-text')).toThrow(/grammarByName\('json', \{ maxNesting \}\), or --max-nesting in the CLI/);
    expect(Index.grammarByName('json', { maxNesting: 20_000 }).isValid(deep, 'JSON-text')).toBe(true);
    expect(() => Index.grammarByName('json', { maxNesting: 0 })).toThrow(TypeError);
    expect(() => Index.grammarByName('json', { depth: 3 } as never)).toThrow(TypeError);
  });

  it('refusing long chains of rules is linear: a left-recursive cycle of 10,000 rules, and a chain too deep', () => {
    const cycle = Array.from({ length: 10_000 }, (_, k) => `r${k} = r${(k + 1) % 10_000}\n`).join('');
    expect(() => compileAbnf(cycle)).toThrow(/left recursion: r0 -> r1 -> r2/);
    const chain = Array.from({ length: 10_000 }, (_, k) => `r${k} = "a" r${k + 1}\n`).join('') + 'r10000 = "b"\n';
    expect(() => compileAbnf(chain)).toThrow(/rules refer to each other 10000 deep/);
  });

  it('parser(rule) stays a parsimmon parser: the longest prefix, spans into the whole input', () => {
    const p = P.seq(P.string('<'), list.parser('list'), P.string('>')).map(([, t]) => t as Node);
    const r = p.parse('<a,(b)>');
    expect(r.status).toBe(true);
    if (r.status) expect([r.value.start, r.value.end, r.value.children.length]).toEqual([1, 6, 2]);
    const bad = P.seq(P.string('<'), list.parser('list')).parse('<,');
    expect(bad.status).toBe(false);
  });

  it('alternativeOf and rule names in any case work on recursive rules', () => {
    expect(list.alternativeOf('item', '(a)')).toBe(1);
    expect(list.isValid('(a)', 'ITEM')).toBe(true);
  });

  it('regular rules of a recursive grammar keep the regular engine', () => {
    expect(list.reachesRecursion('word')).toBe(false);
    expect(list.reachesRecursion('list')).toBe(true);
    expect(list.reachesRecursion('item')).toBe(true);
  });
});

describe('rulesReachingRecursion and analyzeRecursion = the closures of references (a plain search)', () => {
  it('on random grammars (seeded), the shipped texts and hand-made chains and cycles', () => {
    const { analyzeRecursion, rulesReachingRecursion } = require('../../../src/engine/recursive/analysis') as typeof import('../../../src/engine/recursive/analysis');
    const { readGrammar } = require('../../../src/engine/text/abnf') as typeof import('../../../src/engine/text/abnf');
    const texts = fc.sample(grammarArb, { seed: 20261127, numRuns: 300 }).map(toAbnf);
    texts.push('a = b c\nb = "x" / "(" a\nc = d\nd = "y"\ne = c\n', 'a = "x" a / "y"\n', 'a = b\nb = c\nc = "z"\n', 'a = "(" a ")" / b\nb = *c\nc = "1"\nd = a\n');
    for (const f of ['json.abnf', 'rfc3986.abnf', 'rfc3987.abnf']) texts.push(require('fs').readFileSync(require('path').join(__dirname, '..', '..', '..', 'grammar', f), 'utf8'));
    let some = 0;
    for (const text of texts) {
      const rules = readGrammar(text).rules;
      // The reference: each rule's closure of references, by a plain search (quadratic: tests only).
      const { referencedRules } = require('../../../src/engine/expr') as typeof import('../../../src/engine/expr');
      const names = Object.keys(rules);
      const reach = (from: string): Set<string> => {
        const seen = new Set<string>();
        const todo = [...referencedRules(rules[from])];
        while (todo.length) {
          const n = todo.pop()!;
          if (!seen.has(n)) { seen.add(n); todo.push(...referencedRules(rules[n])); }
        }
        return seen;
      };
      const closures = new Map(names.map((n) => [n, reach(n)]));
      const recursive = names.filter((n) => closures.get(n)!.has(n));
      const want = new Set(names.filter((n) => recursive.some((r) => closures.get(n)!.has(r))));
      const got = analyzeRecursion(rules);
      expect([...got.recursive].sort()).toEqual(recursive.sort());
      expect([...got.reachesRecursion].sort()).toEqual([...want].sort());
      expect([...rulesReachingRecursion(rules)].sort()).toEqual([...want].sort());
      if (want.size > 0 && want.size < Object.keys(rules).length) some++;
    }
    expect(some).toBeGreaterThan(20);
  });
});
