/**
 * The tree of a valid input by backtracking (src/engine/recursive/backtrack.ts): the reference's
 * first match (test/oracles/backtrack.ts, which shares no code with it) on random recursive
 * grammars (seeded), the general engine's on JSONTestSuite, RFC 5322 and ABNF texts; where it
 * gives way (its budget, the nesting, the node limit) the general engine answers, as before.
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { compileAbnf, grammarByName } from '../../../src/index';
import { EndsRunner } from '../../../src/engine/recursive/ends';
import { rulesReachingRecursion } from '../../../src/engine/recursive/analysis';
import { Backtracker, backtrackerOf, GAVE_WAY } from '../../../src/engine/recursive/backtrack';
import { NodeBuilder, type Node } from '../../../src/engine/tree';
import type { Rules as Exprs } from '../../../src/engine/expr';
import { referenceTree, toAbnf, type RefNode } from '../../oracles/backtrack';
import { recursiveGrammarArb, recursiveInputArb } from '../../support/recursiveGrammars';

const exprsOf = (g: unknown): Exprs => (g as { source(): { exprs: Exprs } }).source().exprs;
const plain = (n: Node | RefNode): unknown => ({ rule: n.rule, start: n.start, end: n.end, children: (n.children as Array<Node | RefNode>).map(plain) });

/** The backtracker's tree of `s`, or undefined when it found none or gave way. */
function backtracked(bt: Backtracker, s: string, maxNesting = 5000): Node | undefined {
  const b = new NodeBuilder();
  return bt.tree(s, b, maxNesting) ? b.roots[0] : undefined;
}

/** The general engine's tree (nodes for `nodes`). */
function general(exprs: Exprs, rule: string, s: string, nodes: ReadonlySet<string>): Node | undefined {
  const r = new EndsRunner(exprs, s);
  if (!r.run(rule).ends.includes(s.length)) return undefined;
  const b = new NodeBuilder();
  r.tree(rule, 0, s.length, nodes, b);
  return b.roots[0];
}

describe('backtracking trees = the reference\'s first match (seeded)', () => {
  it('random recursive grammars: the same tree, or no match, or it gives way', () => {
    let found = 0;
    let matches = 0;
    let asked = 0;
    fc.assert(
      fc.property(recursiveGrammarArb, fc.array(recursiveInputArb, { minLength: 12, maxLength: 12 }), (rules, inputs) => {
        const text = toAbnf(rules);
        const g = compileAbnf(text);
        const exprs = exprsOf(g);
        const recursive = rulesReachingRecursion(exprs);
        for (const rule of ['r0', 'r2']) {
          const bt = backtrackerOf(exprs, rule, recursive, new Set(Object.keys(exprs)));
          expect(bt).not.toBeNull();
          for (const s of ['', 'a', '()', '[ a ]', 'a,a,a', ...inputs]) {
            let want: RefNode | undefined;
            try {
              want = referenceTree(rules, rule, s);
            } catch {
              continue; // the reference's own step limit (exponential backtracking): not a case to compare
            }
            asked++;
            // isValid: the pushdown verdict, else this run with no nodes, else the lists of ends.
            expect({ text, rule, s, isValid: g.isValid(s, rule) }).toEqual({ text, rule, s, isValid: want !== undefined });
            const got = backtracked(bt!, s);
            if (got) found++;
            if (want) matches++;
            if (!want) expect({ text, rule, s, got }).toEqual({ text, rule, s, got: undefined });
            else if (got) expect({ text, rule, s, tree: plain(got) }).toEqual({ text, rule, s, tree: plain(want) });
          }
        }
      }),
      { seed: 20261129, numRuns: 250 },
    );
    expect(asked).toBeGreaterThan(1000);
    // It finds the trees (a runner that always gave way would pass the loop above); it gives way on few.
    expect(matches).toBeGreaterThan(500);
    expect(found / matches).toBeGreaterThan(0.95);
  });

  it('the grammar the budget is for (`s = "a" s s / ""`, cubic): it gives way, the general engine answers', () => {
    const g = compileAbnf('s = "a" s s / ""');
    const exprs = exprsOf(g);
    const bt = backtrackerOf(exprs, 's', rulesReachingRecursion(exprs), new Set(['s']))!;
    const s = 'a'.repeat(40) + 'b';
    expect(bt.run(s, 5000)).toBe(GAVE_WAY); // every split of the `a`s is tried before the `b`: exponential
    expect(g.isValid('a'.repeat(12), 's')).toBe(true);
    expect(plain(g.parseTree('aaa', 's'))).toEqual(plain(general(exprs, 's', 'aaa', new Set(['s']))!));
  });
});

describe('backtracking trees = the general engine\'s on the shipped recursive grammars', () => {
  const suite = path.join(__dirname, '../../vectors/jsontestsuite/test_parsing');

  it('JSONTestSuite: the lexical tree of every valid file', () => {
    const exprs = exprsOf(grammarByName('json'));
    const all = new Set(Object.keys(exprs));
    const bt = backtrackerOf(exprs, 'JSON-text', rulesReachingRecursion(exprs), all)!;
    let trees = 0;
    for (const f of fs.readdirSync(suite)) {
      const s = fs.readFileSync(path.join(suite, f)).toString('utf8');
      let want: Node | undefined;
      try {
        want = general(exprs, 'JSON-text', s, all);
      } catch {
        continue; // the nesting limit (n_structure_100000_opening_arrays)
      }
      const got = backtracked(bt, s);
      if (!want) expect({ f, got }).toEqual({ f, got: undefined });
      else {
        expect({ f, tree: plain(got!) }).toEqual({ f, tree: plain(want) });
        trees++;
      }
    }
    expect(trees).toBeGreaterThan(95);
  });

  it.each([
    ['rfc5322', 'addr-spec', ['john.doe@example.com', '"a b"@[1.2.3.4]', 'a . b @ c . d', '(c(d)e) john . (x) doe @ example . com (y)', 'a \r\n @b']],
    ['abnf', 'rulelist', ['a = b / "c" ; x\r\nb = %x30-39 [a]\r\n', 'r = 1*2( "x" / %d65 ) *c\r\n']],
  ] as const)('%s %s: the same tree (structural and lexical)', (name, rule, inputs) => {
    const g = grammarByName(name);
    const exprs = exprsOf(g);
    for (const s of inputs) {
      const lexical = g.parseTree(s, rule, { lexical: true });
      const all = new Set(Object.keys(exprs));
      expect({ s, tree: plain(lexical) }).toEqual({ s, tree: plain(general(exprs, rule, s, all)!) });
      const bt = backtrackerOf(exprs, rule, rulesReachingRecursion(exprs), all)!;
      expect({ s, tree: plain(backtracked(bt, s)!) }).toEqual({ s, tree: plain(lexical) });
    }
  });

  it('the node limit and the nesting limit are the general engine\'s errors', () => {
    const json = grammarByName('json');
    expect(() => json.parseTree('[' + '1,'.repeat(200) + '1]', 'JSON-text', { maxNodes: 100 })).toThrow(/more than 100 nodes/);
    expect(() => json.parseTree('['.repeat(6000) + ']'.repeat(6000), 'JSON-text')).toThrow(/nesting limit/);
  });
});
