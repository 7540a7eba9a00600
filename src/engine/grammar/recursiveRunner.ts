/**
 * The runner of a rule that reaches recursion (./runner.ts): ../recursive/ends.ts, exact on any
 * grammar without left recursion. Its verdict hands back its run, whose memo the tree is then
 * read from: an input is run once, whether it ends in a tree or in an error.
 */
import type P from 'parsimmon';
import type { Rules } from '../expr';
import { parsimmon } from '../parsimmonLib';
import { EndsRunner, type RunLimits } from '../recursive/ends';
import { NodeBuilder, type TreeNode } from '../tree';
import type { TreeSink } from '../tree';
import { DEFAULT_MAX_NODES, EAGER_NODES, NamedSink, type FlatTree } from '../trees/flatTree';
import type { Accepted, RuleRunner, Verdict } from './runner';

/** The verdict of a run, with the run (its memo builds the tree). */
interface RecursiveVerdict extends Verdict {
  readonly run: EndsRunner;
}

export class RecursiveRunner<R extends string> implements RuleRunner<R> {
  constructor(
    readonly rule: R,
    private readonly exprs: Rules<R>,
    private readonly limits: RunLimits,
    /** The rules with nodes in the rule's lexical tree or its structural one. */
    private readonly nodeRules: (lexical: boolean) => ReadonlySet<string>,
  ) {}

  private runner(input: string, prefix = false): EndsRunner {
    return new EndsRunner(this.exprs, input, prefix ? { ...this.limits, prefix } : this.limits);
  }

  tester(): (input: string) => boolean {
    return (input) => this.runner(input).run(this.rule).ends.includes(input.length);
  }

  /** Ok, or the furthest offset a viable prefix reaches and what was expected there. */
  accept(input: string): RecursiveVerdict {
    const runner = this.runner(input);
    const run = runner.run(this.rule);
    if (run.ends.includes(input.length)) return { ok: true, index: input.length, expected: [], run: runner };
    const expected = [...run.expected];
    if (run.ends.includes(run.furthest)) expected.push('end of input');
    return { ok: false, index: run.furthest, expected, run: runner };
  }

  verdict(input: string): Verdict {
    return this.accept(input);
  }

  tree(input: string, accepted: Accepted, lexical: boolean, sink: TreeSink): void {
    (accepted as RecursiveVerdict).run.tree(this.rule, 0, input.length, this.nodeRules(lexical), sink);
  }

  flat(input: string, accepted: Accepted, lexical: boolean, maxNodes: number | undefined): FlatTree {
    const b = new NamedSink(maxNodes ?? DEFAULT_MAX_NODES, input.length);
    this.tree(input, accepted, lexical, b);
    return b.tree;
  }

  node(input: string, accepted: Accepted, lexical: boolean, maxNodes: number | undefined): TreeNode<R> {
    return this.flat(input, accepted, lexical, maxNodes).node(0, EAGER_NODES) as TreeNode<R>;
  }

  parser(): P.Parser<TreeNode<R>> {
    // The longest prefix that is one, from the offset parsimmon is at.
    const r = this.rule;
    const Pm = parsimmon();
    return Pm((input: string, i: number) => {
      const runner = this.runner(input, true);
      const run = runner.run(r, i);
      if (!run.ends.length) return Pm.makeFailure(run.furthest, run.expected.length ? [...run.expected] : [r]);
      const end = run.ends.reduce((a, b) => Math.max(a, b)); // not Math.max(...ends): a long list of ends is too many arguments
      const b = new NodeBuilder();
      runner.tree(r, i, end, this.nodeRules(false), b);
      return Pm.makeSuccess(end, b.roots[0] as TreeNode<R>);
    });
  }

  alternativeOf(text: string): number {
    const body = this.exprs[this.rule];
    if (body.t !== 'alt') return -1;
    return body.items.findIndex((item) => this.runner(text).ends(item, 0, 0).includes(text.length));
  }
}
