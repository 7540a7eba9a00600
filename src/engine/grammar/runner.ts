/**
 * What a `Grammar` (./grammar.ts) hands each rule to: a runner chosen once, when the grammar is
 * read. A rule that does not reach recursion runs on ./regularRunner.ts (its DFA for the verdict,
 * FirstMatch for the tree); a rule that reaches recursion on ./recursiveRunner.ts (the ends
 * runner, ../recursive/ends.ts). The grammar checks the arguments, names the rule and makes the
 * error; the runner answers.
 *
 * A tree is asked for after its verdict, always: `accept` says whether the whole input is one,
 * and hands back what it ran, so that `node` and `flat` read the tree from that run instead of
 * running again: the recursive runner's memo, or the regular runner's tree itself (its
 * first-match builder is its verdict on a whole input; the DFA says only where a refused input
 * stopped).
 */
import type P from 'parsimmon';
import type { Verdict } from '../automata/automaton';
import type { TreeSink } from '../tree';
import type { FlatTree } from '../trees/flatTree';
import type { TreeNode } from '../tree';

export type { Verdict };

/** The tree a verdict may build as it runs (`accept`): lexical or structural, its node limit, in a shared store or its own. */
export interface TreeAsk {
  readonly lexical: boolean;
  readonly maxNodes: number | undefined;
  /** A store shared by the rule's short inputs (copied out by `node`), or one of its own (`flat`). */
  readonly shared: boolean;
}

/** A verdict with the run it came from (for the tree that follows it). */
export interface Accepted extends Verdict {
  /** What the runner ran, when it can build the tree from it (the recursive runner's memo). */
  readonly run?: unknown;
}

export interface RuleRunner<R extends string = string> {
  readonly rule: R;
  /** The yes/no of a whole input as the rule (the grammar keeps it for a loop of `isValid`). */
  tester(): (input: string) => boolean;
  /** Yes, or the offset at which the input stops being a prefix of the rule and what was expected there. */
  verdict(input: string): Verdict;
  /** The verdict before a tree: the same answer, with the run the tree is read from (built now, with `tree`, where that is cheaper). */
  accept(input: string, tree?: TreeAsk): Accepted;
  /** Sends the tree of an input `accept` accepted to `sink`, in document order. */
  tree(input: string, accepted: Accepted, lexical: boolean, sink: TreeSink): void;
  /** The tree of an accepted input in a compact store of its own (for `walk`; `accept` was asked for it with `shared: false`). */
  flat(input: string, accepted: Accepted, lexical: boolean, maxNodes: number | undefined): FlatTree;
  /** The tree of an accepted input as nodes (for `parseTree`; `accept` was asked for it with `shared: true`). */
  node(input: string, accepted: Accepted, lexical: boolean, maxNodes: number | undefined): TreeNode<R>;
  /** A parsimmon parser: the longest prefix from the offset parsimmon is at. */
  parser(): P.Parser<TreeNode<R>>;
  /** Which top-level alternative the first-match parse of an accepted `text` takes; -1 for a body that is not an alternation. */
  alternativeOf(text: string): number;
}
