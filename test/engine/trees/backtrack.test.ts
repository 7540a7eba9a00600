/**
 * The bounded backtracking search of the first trees of a precompiled module and of a grammar
 * read from text (src/engine/trees/backtrack.ts) against the grammar class's first-match builder
 * (src/engine/trees/firstMatch.ts), which shares no code with it (the grammars here have the
 * search of their own first calls off, test/support/machinery.ts): the same tree, on random small grammars (seeded), on RFC 3986 with the real
 * URLs and the IPv6 vectors, on characters above ASCII and above the BMP; and its limits: a
 * search past its budget answers undefined, a program too large to write out is not written.
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { compileAbnf } from '../../../src/index';
import { compiledData } from '../../../src/engine/build/compiled';
import type { EncodedExpr } from '../../../src/engine/grammar/compiledData';
import { backtrackMatch, backtrackTree, budgetOf, compileTree, compileTrees, decodeProgram, encodeProgram, MAX_PROGRAM, programFault } from '../../../src/engine/trees/backtrack';
import type { EncodedProgram } from '../../../src/engine/grammar/encoded';
import { fromCompiled } from '../../../src/engine/grammar/fromCompiled';
import { digestOf } from '../../../src/engine/digest';
import type { RuleGrammar } from '../../../src/engine/grammar/grammar';
import { toAbnf } from '../../oracles/backtrack';
import { grammarArb } from '../analysis/randomGrammars';
import { machinery } from '../../support/machinery';
import { encodeExpr } from '../../../src/engine/grammar/encode';

const VECTORS = path.join(__dirname, '..', '..', 'vectors');

/** The program of `rule`'s structural tree, from the grammar's compiled data (as the front makes it). */
function programOf(g: RuleGrammar, rule: string) {
  const data = compiledData(g);
  const lexical = new Set(data.lexicalRules);
  return compileTree(data.exprs, rule, new Set(data.rules.filter((r) => r === rule || !lexical.has(r))))!;
}

/**
 * The search's tree of every input `g` accepts, against the class's; of a refused input, none
 * (null, or undefined past the budget: the front searches only inputs the tables accept). The
 * count of inputs accepted.
 */
function agree(g: RuleGrammar, rule: string, inputs: Iterable<string>): number {
  const p = programOf(g, rule);
  let n = 0;
  for (const s of inputs) {
    const got = backtrackTree(p, rule, s, budgetOf(s.length));
    // The verdict alone (a grammar from text's first isValid): the class's, where the search answers.
    const match = backtrackMatch(p, rule, s, budgetOf(s.length));
    if (match !== undefined) expect({ rule, s, match }).toEqual({ rule, s, match: g.isValid(s, rule) });
    if (g.isValid(s, rule)) {
      expect({ rule, s, tree: got }).toEqual({ rule, s, tree: g.parseTree(s, rule) });
      n++;
    } else expect({ rule, s, tree: got ?? null }).toEqual({ rule, s, tree: null });
  }
  return n;
}

describe('backtrackTree = the first-match builder', () => {
  it('on random small grammars (seeded): accepted and refused inputs alike', () => {
    const inputArb = fc.array(fc.constantFrom('a', 'b', 'c', 'A'), { maxLength: 7 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(grammarArb(), fc.array(inputArb, { minLength: 16, maxLength: 16 }), (rules, inputs) => {
        const g = machinery(compileAbnf(toAbnf(rules)));
        // All strings up to length 4 over the grammar's letters too, so that many are accepted.
        const all = [''];
        for (let len = 1; len <= 4; len++) for (const s of all.filter((x) => x.length === len - 1)) for (const c of 'abc') all.push(s + c);
        for (const rule of ['r0', 'r1']) agree(g, rule, [...all, ...inputs]);
      }),
      { seed: 20261128, numRuns: 150 },
    );
  });

  it("on RFC 3986's grammar read from its text: the real URLs, the IPv6 vectors, the rules below URI-reference", () => {
    const g = machinery(compileAbnf(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'grammar', 'rfc3986.abnf'), 'utf8')));
    const urls = fs.readFileSync(path.join(VECTORS, 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 3000);
    const ipv6 = (JSON.parse(fs.readFileSync(path.join(VECTORS, 'ipv6.json'), 'utf8')) as Array<{ input: string; valid: boolean }>).map((v) => v.input);
    const literals = ipv6.map((a) => `http://u@[${a}]:8/a/b?c#d`);
    expect(agree(g, 'URI-reference', [...urls, ...literals, 'http://256.1.1.1/a', 'http://example.com/p?' + 'key=value&'.repeat(200)])).toBeGreaterThan(3000);
    expect(agree(g, 'IPv6address', ipv6)).toBeGreaterThan(50);
    agree(g, 'host', ['256.1.1.1', '1.2.3.4', '[::1]', '[v1.x]', 'a.b', '', '%41']);
  });

  it('where an alternative can take nothing: a choice kept whatever the character (a repetition with a minimum of an item that can take nothing, an empty string)', () => {
    const g = machinery(compileAbnf('r = ( "x" / 2*3( [ "b" ] ) ) "c" / "y" / "" "d"\n'));
    expect(agree(g, 'r', ['c', 'xc', 'bc', 'bbbc', 'y', 'd', 'e'])).toBe(6);
  });

  it('on characters above ASCII and above the BMP (a pair is one character, a lone surrogate none)', () => {
    const g = machinery(compileAbnf('r = *( w / %x41-5A ) [ "!" ]\nw = %xE9 / %x1F600-1F64F / %x10000-10FFFF\n'));
    agree(g, 'r', ['', 'A\u00e9', '\u{1F600}B', '\u{1F600}\u{1F64F}!', '\u{10FFFF}', '\ud83d', 'A\ude00', '\ud83d!', '\u00e8', 'a']);
  });
});

describe('the program a module carries (encodeProgram, decodeProgram, programFault)', () => {
  const g = machinery(compileAbnf(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'grammar', 'rfc3986.abnf'), 'utf8')));
  const data = compiledData(g);
  const { digest, ...body } = data;
  const rules = new Set(data.rules);
  const written = (): EncodedProgram => JSON.parse(JSON.stringify(encodeProgram(compileTrees(data.exprs, data.rules, rules)!))) as EncodedProgram;

  it('one program for every rule, written as JSON and read back, gives each rule the trees of its own', () => {
    const e = written();
    expect(programFault(e, rules)).toBeUndefined();
    const p = decodeProgram(e);
    const inputs = ['http://u@[::1]:8/a/b?c#d', 'http://256.1.1.1/a', '//[v1.x]/', '../g;x?y#s', 'mailto:a@b', '', '%41'];
    for (const rule of ['URI-reference', 'host', 'path-abempty', 'IP-literal', 'pchar']) {
      for (const s of inputs) {
        const t = g.isValid(s, rule) ? g.parseTree(s, rule) : null;
        expect([rule, s, backtrackTree(p, rule, s, budgetOf(s.length)) ?? null]).toEqual([rule, s, t]);
      }
    }
  });

  it('toModule writes it (for every rule but the lexical ones), and a front reads it: no program compiled on a first tree', () => {
    const text = JSON.stringify(compiledData(g, { complete: true, program: true }));
    const front = fromCompiled(text) as unknown as { parseTree(s: string, r: string): unknown; programs: Map<string, unknown> };
    expect(JSON.parse(text).program.entries['URI-reference']).toBeGreaterThanOrEqual(0);
    expect(front.parseTree('http://u@[::1]:8/a/b?c#d', 'URI-reference')).toEqual(g.parseTree('http://u@[::1]:8/a/b?c#d', 'URI-reference'));
    expect(front.programs.size).toBe(0);
    // A recursive grammar gets none (the front never answers it).
    expect(compiledData(compileAbnf('list = "(" *list ")"\n'), { program: true }).program).toBeUndefined();
  });

  // Each damage a check on load must refuse, as a TypeError naming the program.
  const DAMAGE: Array<[string, (e: { code: number[]; entries: Record<string, number>; sets: number[][]; firsts: number[]; names: string[] }) => void]> = [
    ['an unknown instruction', (e) => { e.code[0] = 99; }],
    ['a jump into an instruction', (e) => { const k = e.code.indexOf(2); e.code[k + 1] = e.code[k + 1] + 1; }],
    ['a set it does not have', (e) => { const k = e.code.indexOf(0); e.code[k + 1] = e.sets.length; }],
    ['a node rule that is no rule', (e) => { e.names[0] = 'no-such-rule'; }],
    ['an entry that is no instruction', (e) => { e.entries.URI = e.code.length; }],
    ['first sets not five numbers each', (e) => { e.firsts.push(1); }],
    ['a set out of order', (e) => { e.sets[0] = [5, 4]; }],
    ['operands cut off at the end', (e) => { e.code.push(1); }],
  ];
  it.each(DAMAGE)('refuses %s (programFault, and fromCompiled on load)', (_, damage) => {
    const e = written() as unknown as Parameters<(typeof DAMAGE)[0][1]>[0];
    damage(e);
    expect(programFault(e as unknown as EncodedProgram, rules)).toBeDefined();
    // In data whose digest matches (written again after the damage): refused on load all the same.
    expect(digest).toMatch(/^[0-9a-f]{16}$/);
    const damaged = { ...body, program: e };
    const text = JSON.stringify({ digest: digestOf(JSON.stringify(damaged)), ...damaged });
    expect(() => fromCompiled(text)).toThrow(/fromCompiled: argument "data" is not a compiled grammar \(program/);
  });
});

describe('limits', () => {
  it('a search past its budget answers undefined (and within it, the tree)', () => {
    // The first alternative tries every split of the a's into "a" and "aa" before it fails at
    // the "c": exponentially many steps; the second then matches.
    const g = machinery(compileAbnf('r = *( "a" / "aa" ) "b" / *"a" "c"\n'));
    const p = programOf(g, 'r');
    const s = 'a'.repeat(40) + 'c';
    expect(backtrackTree(p, 'r', s, budgetOf(s.length))).toBeUndefined();
    expect(backtrackMatch(p, 'r', s, budgetOf(s.length))).toBeUndefined();
    expect([backtrackMatch(p, 'r', 'aaaac', budgetOf(5)), backtrackMatch(p, 'r', 'aaaad', budgetOf(5))]).toEqual([true, false]);
    const short = 'aaaac';
    const work = { steps: 0 };
    expect(backtrackTree(p, 'r', short, budgetOf(short.length), work)).toEqual(g.parseTree(short, 'r'));
    expect(work.steps).toBeGreaterThan(0);
    expect(work.steps).toBeLessThanOrEqual(budgetOf(short.length));
  });

  it('a grammar at the reader\'s limits, compiled with little stack left: no program (undefined), never a RangeError', () => {
    // Groups nested as deep as the reader allows (MAX_GROUP_NESTING), in a repetition, and a
    // chain of small rules each called inside a repetition (written in place, up to a depth):
    // compiled at ever deeper points of a recursion, down to where the stack is nearly gone.
    let text = `r0 = *${'( "a" '.repeat(199)}"b"${' "c" )'.repeat(199)} *r1\n`;
    for (let i = 1; i < 399; i++) text += `r${i} = *r${i + 1} "a"\n`;
    text += 'r399 = "b"\n';
    const src = compileAbnf(text).source();
    const data = { exprs: Object.fromEntries(src.names.map((r) => [r, encodeExpr(src.exprs[r])])) };
    const nodes = new Set<string>(src.names);
    expect(compileTree(data.exprs, 'r0', nodes)).toBeDefined();
    // One recursion both measures the stack (in its own frames) and makes the call at a depth.
    let deepest = 0;
    let outcome: unknown;
    const descend = (n: number, depth: number): void => {
      deepest = depth;
      if (n > 0) return descend(n - 1, depth + 1);
      try {
        outcome = compileTree(data.exprs, 'r0', nodes);
      } catch (e) {
        outcome = e;
      }
    };
    try {
      descend(Infinity, 0);
    } catch {
      // the stack's depth, in frames of `descend`
    }
    const max = deepest;
    let reached = 0;
    let programs = 0;
    let none = 0;
    // Deepest first: the first calls run in V8's interpreter, whose frames are the largest.
    for (let back = 25; back <= 4000; back += 25) {
      outcome = 'not reached';
      try {
        descend(max - back, 0);
      } catch {
        continue; // the descent itself ran out of stack before the call
      }
      expect(outcome).not.toBeInstanceOf(Error);
      if (outcome !== 'not reached') reached++;
      if (outcome) programs++;
      if (outcome === undefined) none++;
    }
    // Called at many depths: out of stack at some (no program), compiled at the shallower ones,
    // and none of them threw.
    expect(reached).toBeGreaterThan(100);
    expect(none).toBeGreaterThan(0);
    expect(programs).toBeGreaterThan(0);
  });

  it('a program larger than MAX_PROGRAM is not written', () => {
    const exprs: Record<string, EncodedExpr> = { r: ['r', ['l', 'a'], 0, MAX_PROGRAM] };
    expect(compileTree(exprs, 'r', new Set(['r']))).toBeUndefined();
    const small: Record<string, EncodedExpr> = { r: ['r', ['l', 'a'], 0, 10] };
    expect(compileTree(small, 'r', new Set(['r']))).toBeDefined();
  });
});
