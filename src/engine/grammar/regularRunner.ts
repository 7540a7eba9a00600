/**
 * The runner of a rule that does not reach recursion (./runner.ts): the verdict and the error
 * from its DFA (./driver.ts: packed tables where the grammar has them, the automaton else, a
 * RegExp once hot where allowed), the tree from its first-match builder (../trees/driverTrees.ts,
 * from a tree plan where there is one).
 */
import type P from 'parsimmon';
import { Automaton } from '../automata/automaton';
import type { Rules } from '../expr';
import { LONG } from '../limits';
import { parsimmon } from '../parsimmonLib';
import { NodeBuilder, type Node, type TreeNode } from '../tree';
import type { RuleTree, Trees } from '../trees/driverTrees';
import type { TreeSink } from '../tree';
import { EAGER_NODES, type FlatTree } from '../trees/flatTree';
import type { Driver } from './driver';
import type { Accepted, RuleRunner, TreeAsk, Verdict } from './runner';
import type { QuickRuns } from './quickRuns';

/** A tree the search found (`accept`), for `node`. */
class QuickTree {
  constructor(readonly node: Node) {}
}

const OK: Accepted = Object.freeze({ ok: true, index: 0, expected: Object.freeze([]) as unknown as string[] });

export class RegularRunner<R extends string> implements RuleRunner<R> {
  private alternatives: Automaton[] | undefined;
  /** The rule's structural and lexical tree builders, asked of `trees` once. */
  private structuralTree: RuleTree | undefined;
  private lexicalTree: RuleTree | undefined;

  constructor(
    readonly rule: R,
    private readonly exprs: Rules<R>,
    /** The grammar's verdicts. */
    private readonly driver: Driver<R>,
    /** The grammar's trees. */
    private readonly trees: Trees<R>,
    private readonly labelRules: ReadonlySet<string>,
    /** The search that answers first calls, for a grammar from text (./quickRuns.ts): dropped once it hands over for good. */
    private quick?: QuickRuns,
  ) {}

  /** The search, while it still answers. */
  private get search(): QuickRuns | undefined {
    const quick = this.quick;
    if (quick && !quick.on) this.quick = undefined;
    return this.quick;
  }

  private ruleTree(lexical: boolean): RuleTree {
    return lexical
      ? (this.lexicalTree ??= this.trees.ruleTree(this.rule, true))
      : (this.structuralTree ??= this.trees.ruleTree(this.rule, false));
  }

  tester(): (input: string) => boolean {
    if (!this.quick) return this.driver.tester(this.rule);
    // The search while it answers; the DFA's tester, made when first needed, after (and alone,
    // once the search is dropped: a loop of verdicts pays one test for it).
    const rule = this.rule;
    let t: ((input: string) => boolean) | undefined;
    return (input) => {
      const v = this.search?.valid(rule, input);
      return v ?? (t ??= this.driver.tester(rule))(input);
    };
  }

  verdict(input: string): Verdict {
    // Where the search says yes, there is no offset to find.
    if (this.search?.valid(this.rule, input) === true) return OK;
    return this.driver.verdict(input, this.rule);
  }

  /**
   * The yes/no first (a RegExp once the rule is hot), where and why only for a refused input.
   * Asked for a structural tree, the first-match builder is the yes/no (a whole input it
   * parses is one), and the tree is kept for `node` or `flat`; a lexical tree is large, and is
   * built only for an input the yes/no accepted.
   */
  accept(input: string, tree?: TreeAsk): Accepted {
    // The search's tree: a structural one in the shared store, no node limit asked (./quickRuns.ts).
    const search = this.search;
    if (search && tree && !tree.lexical && tree.shared && tree.maxNodes === undefined) {
      const node = search.tree(this.rule, input);
      if (node) return { ok: true, index: input.length, expected: [], run: new QuickTree(node) };
    }
    if (!tree) return search?.valid(this.rule, input) ?? this.driver.test(input, this.rule) ? OK : this.verdict(input);
    if (tree.lexical && !this.driver.test(input, this.rule)) return this.verdict(input);
    const t = this.ruleTree(tree.lexical).flat(input, tree.maxNodes, tree.shared);
    if (t) return { ok: true, index: input.length, expected: [], run: t };
    const v = this.verdict(input);
    return v.ok ? this.disagree(input) : v;
  }

  tree(input: string, _accepted: Accepted, lexical: boolean, sink: TreeSink): void {
    if (!this.ruleTree(lexical).builder.parse(input, 0, input.length, sink)) {
      throw new Error(`grammar engine internal error: ${this.rule} accepted ${JSON.stringify(input.slice(0, 80))} but no tree was found`);
    }
  }

  flat(input: string, accepted: Accepted, lexical: boolean, maxNodes: number | undefined): FlatTree {
    return (accepted.run as FlatTree | undefined) ?? this.ruleTree(lexical).flat(input, maxNodes, false) ?? this.disagree(input);
  }

  /**
   * Fresh plain objects up to EAGER_NODES nodes (every node for inputs shorter than LONG, built
   * in a store shared by the rule's short inputs and copied out), views made on access above.
   */
  node(input: string, accepted: Accepted, lexical: boolean, maxNodes: number | undefined): TreeNode<R> {
    if (accepted.run instanceof QuickTree) return accepted.run.node as TreeNode<R>;
    const t = (accepted.run as FlatTree | undefined) ?? this.ruleTree(lexical).flat(input, maxNodes, true) ?? this.disagree(input);
    return t.node(0, input.length < LONG ? Infinity : EAGER_NODES) as TreeNode<R>;
  }

  /**
   * The automaton accepted what the first-match-wins builder did not: a grammar bug, never an
   * answer. The tests check that this cannot happen.
   */
  private disagree(input: string): never {
    throw new Error(`uri-grammar internal error: the ${this.rule} combinators and automaton disagree on ${JSON.stringify(input)}`);
  }

  parser(): P.Parser<TreeNode<R>> {
    const r = this.rule;
    const automaton = this.driver.automaton(r);
    const builder = this.ruleTree(false).builder;
    const Pm = parsimmon();
    return Pm((input: string, i: number) => {
      const s = automaton.scan(input, i);
      if (s.end < 0) return Pm.makeFailure(s.index, s.expected.length ? s.expected : [r]);
      const b = new NodeBuilder();
      builder.parse(input, i, s.end, b);
      return Pm.makeSuccess(s.end, b.roots[0] as TreeNode<R>);
    });
  }

  alternativeOf(text: string): number {
    const body = this.exprs[this.rule];
    if (body.t !== 'alt') return -1;
    this.alternatives ??= body.items.map((item) => new Automaton(this.exprs, item, this.labelRules));
    return this.alternatives.findIndex((a) => a.test(text));
  }
}
