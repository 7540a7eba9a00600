/**
 * The runner of a rule that reaches recursion (./runner.ts): ../recursive/ends.ts, exact on any
 * grammar without left recursion. Its verdict hands back its run, whose memo the tree is then
 * read from: an input is run once, whether it ends in a tree or in an error.
 */
import type P from 'parsimmon';
import type { Rules } from '../expr';
import { parsimmon } from '../parsimmonLib';
import { DEFAULT_MAX_NESTING, EndsRunner, WorkLimitError, type RunLimits } from '../recursive/ends';
import { backtrackerOf, GAVE_WAY, NO_MATCH, pushdownOf, UNDECIDED } from '../recursive/fast';
import type { Pushdown } from '../recursive/pushdown';
import type { Backtracker } from '../recursive/backtrack';
import { NodeBuilder, type TreeNode } from '../tree';
import type { TreeSink } from '../tree';
import { DEFAULT_MAX_NODES, EAGER_NODES, NamedSink, type FlatTree } from '../trees/flatTree';
import type { Accepted, RuleRunner, TreeAsk, Verdict } from './runner';

/** The verdict of a run, with the run (its memo builds the tree; none when ../recursive/pushdown.ts gave the verdict). */
interface RecursiveVerdict extends Verdict {
  readonly run: EndsRunner | undefined;
  /** A tree found by backtracking as the verdict was given: its nodes, readable while `bt.runs` is `ticket`. */
  readonly found?: { readonly bt: Backtracker; readonly ticket: number; readonly lexical: boolean };
}

/** An input this long makes the one-pass runners at once (`RecursiveRunner.warm`). */
export const WARM_LENGTH = 1000;
/** So does this many calls of a rule. */
export const WARM_CALLS = 8;

export class RecursiveRunner<R extends string> implements RuleRunner<R> {
  constructor(
    readonly rule: R,
    private readonly exprs: Rules<R>,
    private readonly limits: RunLimits,
    /** The rules with nodes in the rule's lexical tree or its structural one. */
    private readonly nodeRules: (lexical: boolean) => ReadonlySet<string>,
    /** The grammar's rules that reach recursion (the grammar has them: `reachesRecursion`). */
    private readonly recursive: ReadonlySet<string>,
  ) {
    this.maxNesting = limits.maxNesting ?? DEFAULT_MAX_NESTING;
  }

  private readonly maxNesting: number;

  private runner(input: string, prefix = false): EndsRunner {
    return new EndsRunner(this.exprs, input, prefix ? { ...this.limits, prefix } : this.limits);
  }

  private pushdown_: Pushdown | null | undefined;

  private calls = 0;

  /**
   * Are the one-pass runners worth making? They cost a few to a few hundred milliseconds to make
   * (RFC 5322's are the largest), which a first short input would pay for nothing: they are made
   * for an input of at least WARM_LENGTH characters, or from the WARM_CALLS-th call on.
   */
  private warm(input: string): boolean {
    return this.calls >= WARM_CALLS || input.length >= WARM_LENGTH || ++this.calls >= WARM_CALLS;
  }

  /** The one-pass verdict (../recursive/pushdown.ts), or null where the grammar is too large for it. */
  private pushdown(): Pushdown | null {
    if (this.pushdown_ === undefined) {
      this.pushdown_ = pushdownOf(this.exprs, this.rule, this.recursive, this.maxNesting);
    }
    return this.pushdown_;
  }

  /**
   * The verdict without the general engine where one of the fast runners settles it: 1 valid, 0
   * not, UNDECIDED. The pushdown automaton first; where the next character does not decide, the
   * backtracking run with no nodes (a match of the whole input, or none when every way was tried).
   */
  private quick(input: string): number {
    if (!this.warm(input)) return UNDECIDED;
    const pd = this.pushdown();
    const v = pd ? pd.test(input) : UNDECIDED;
    if (v !== UNDECIDED) return v;
    const bt = this.backtracker(undefined);
    if (!bt) return UNDECIDED;
    const r = bt.run(input, this.maxNesting);
    return r >= 0 ? 1 : r === NO_MATCH ? 0 : UNDECIDED;
  }

  /** The verdict in one pass where the fast runners settle it; else the general engine's. */
  tester(): (input: string) => boolean {
    return (input) => {
      const v = this.quick(input);
      if (v !== UNDECIDED) return v === 1;
      try {
        return this.runner(input).run(this.rule).ends.includes(input.length);
      } catch (e) {
        return this.rescued(e, () => {
          const again = this.quick(input);
          if (again === UNDECIDED) throw e;
          return again === 1;
        });
      }
    };
  }

  /**
   * The general engine's work limit met before the one-pass runners were made: they are made
   * now and asked, so that an answer does not depend on how many calls came before (they settle
   * the valid inputs of `s = "a" s s / ""` that the lists of ends cannot). Else the error stands.
   */
  private rescued<T>(e: unknown, again: () => T): T {
    if (!(e instanceof WorkLimitError) || this.calls >= WARM_CALLS) throw e;
    this.calls = WARM_CALLS;
    return again();
  }

  /** Ok, or the furthest offset a viable prefix reaches and what was expected there. */
  accept(input: string, ask?: TreeAsk): RecursiveVerdict {
    // A tree asked for: backtracking finds it, and so the verdict, at once where the grammar is
    // nearly deterministic (a match of the whole input is the verdict).
    if (ask && this.warm(input)) {
      const bt = this.backtracker(ask.lexical);
      const nodes = bt ? bt.run(input, this.maxNesting, ask.maxNodes ?? DEFAULT_MAX_NODES) : GAVE_WAY;
      if (nodes >= 0) return { ok: true, index: input.length, expected: [], run: undefined, found: { bt: bt!, ticket: bt!.runs, lexical: ask.lexical } };
      if (nodes === NO_MATCH) return this.error(input);
    }
    // A valid input needs no memo until its tree is asked for; an error's offset and `expected` come from the general engine.
    if (this.quick(input) === 1) return { ok: true, index: input.length, expected: [], run: undefined };
    try {
      return this.error(input);
    } catch (e) {
      return this.rescued(e, () => this.accept(input, ask));
    }
  }

  /** The general engine's verdict: ok with its memo, or the error offset and what was expected there. */
  private error(input: string): RecursiveVerdict {
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

  /** The backtracker of each kind of tree (lexical, structural) and of the verdict (no nodes), made on first use. */
  private readonly backtrackers: Array<Backtracker | null | undefined> = [undefined, undefined, undefined];

  private backtracker(lexical: boolean | undefined): Backtracker | null {
    const k = lexical === undefined ? 2 : lexical ? 0 : 1;
    let bt = this.backtrackers[k];
    if (bt === undefined) {
      const nodes = lexical === undefined ? new Set<string>() : this.nodeRules(lexical);
      bt = this.backtrackers[k] = backtrackerOf(this.exprs, this.rule, this.recursive, nodes);
    }
    return bt;
  }

  /** The backtracker whose last run is the tree of this verdict, if it is. */
  private found(accepted: Accepted, lexical: boolean): Backtracker | undefined {
    const found = (accepted as RecursiveVerdict).found;
    return found && found.lexical === lexical && found.bt.runs === found.ticket ? found.bt : undefined;
  }

  tree(input: string, accepted: Accepted, lexical: boolean, sink: TreeSink): void {
    const v = accepted as RecursiveVerdict;
    const found = this.found(accepted, lexical);
    if (found) {
      found.replay(sink);
      return;
    }
    let run = v.run;
    if (!run) {
      // A valid input: backtracking finds its tree at once where the grammar is nearly
      // deterministic; where it gives way (a budget, the nesting), the general engine builds it.
      const bt = this.backtracker(lexical);
      if (bt && bt.tree(input, sink, this.maxNesting)) return;
      run = this.runner(input);
      run.run(this.rule);
    }
    run.tree(this.rule, 0, input.length, this.nodeRules(lexical), sink);
  }

  flat(input: string, accepted: Accepted, lexical: boolean, maxNodes: number | undefined): FlatTree {
    const found = this.found(accepted, lexical);
    if (found) return found.take(maxNodes ?? DEFAULT_MAX_NODES, input.length);
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
