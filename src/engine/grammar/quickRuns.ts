/**
 * The first verdicts and trees of a grammar read from text (`compileAbnf` gives the class
 * `quickRuns` as its option `quick`), by the backtracking search of ../trees/backtrack.ts.
 *
 * Such a grammar has nothing made ahead of time: its first verdict builds the rule's automaton
 * (about 10 ms cold for RFC 3986's `URI-reference`), its first tree the first-match builder's
 * automaton and lookahead (14 to 28 ms). The search needs only a small program compiled from
 * the expressions, once for both, and answers a short input's verdict and tree in well under a
 * millisecond. It is the parser whose first tree defines first match, and it searches every
 * way through the rule, so its answers are the grammar's; where it would take more than its
 * budget (exponential on some grammars), the input is long (LONG), or its work so far passes
 * QUICK_STEPS (where the grammar's own machinery is the quicker one warm), it answers undefined
 * and the runner asks the machinery (./regularRunner.ts). Only `compileAbnf` gives a grammar
 * the search: one with tables or tree plans (the shipped ones, a module's class) answers its
 * first calls from those.
 */
import type { Rules } from '../expr';
import { LONG, QUICK_STEPS } from '../limits';
import type { Node } from '../tree';
import { backtrackMatch, backtrackTree, budgetOf, compileTree, type TreeProgram } from '../trees/backtrack';
import { encodeExpr } from './encode';
import type { EncodedExpr } from './encoded';

/** Makes the search of a grammar's expressions (the class's option `quick`). */
export type QuickFactory = (exprs: Rules, nodeRules: (rule: string) => ReadonlySet<string>) => QuickRuns;

/** The search of `compileAbnf`'s grammars (the class imports none of this: a bundle of RFC 3986 alone carries none of it). */
export const quickRuns: QuickFactory = (exprs, nodeRules) => new QuickRuns(exprs, nodeRules);

export class QuickRuns {
  private encoded: Record<string, EncodedExpr> | undefined;
  /** Each rule's program (null: too large to write out, ../trees/backtrack.ts MAX_PROGRAM). */
  private readonly programs = new Map<string, TreeProgram | null>();
  /** The steps of every search so far (QUICK_STEPS). */
  private readonly work = { steps: 0 };

  constructor(
    private readonly exprs: Rules,
    /** The node rules of a rule's structural tree (../trees/driverTrees.ts `nodeRules`). */
    private readonly nodeRules: (rule: string) => ReadonlySet<string>,
  ) {}

  /** Does the search still answer (its work so far under QUICK_STEPS)? */
  get on(): boolean {
    return this.work.steps < QUICK_STEPS;
  }

  /** The verdict of `input` as `rule`, or undefined when the search does not answer it. */
  valid(rule: string, input: string): boolean | undefined {
    const p = this.programFor(rule, input);
    return p ? backtrackMatch(p, rule, input, budgetOf(input.length), this.work) : undefined;
  }

  /**
   * The structural tree of `input` as `rule` (plain nodes), or undefined when the search does not
   * answer it or the input is not one (the runner then makes the error).
   */
  tree(rule: string, input: string): Node | undefined {
    const p = this.programFor(rule, input);
    return (p && backtrackTree(p, rule, input, budgetOf(input.length), this.work)) || undefined;
  }

  /** The program of `rule`, when the search answers an input of this length now. */
  private programFor(rule: string, input: string): TreeProgram | null | undefined {
    if (input.length >= LONG || !this.on) return undefined;
    let p = this.programs.get(rule);
    if (p === undefined) {
      if (!this.encoded) {
        this.encoded = Object.create(null) as Record<string, EncodedExpr>;
        for (const name of Object.keys(this.exprs)) this.encoded[name] = encodeExpr(this.exprs[name]);
      }
      this.programs.set(rule, (p = compileTree(this.encoded, rule, this.nodeRules(rule)) ?? null));
    }
    return p;
  }
}
