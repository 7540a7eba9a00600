/**
 * Making a tree plan (../trees/plan.ts says what one is and why), at build time: what a
 * first-match builder has found on sample inputs, with what its NFA had built, as data. Apart
 * from the plan's reader (`planBuilder`), so that a program that only reads shipped plans
 * carries none of this.
 */
import { FirstMatch } from '../trees/firstMatch';
import type { Nfa } from '../automata/nfa';
import { treeNfa, type TreePlan } from '../trees/plan';
import type { Rules } from '../expr';
import { MAX_FORWARD_STATES } from '../trees/forward';

/** The plan of `builder` (made on `nfa`, of `rule` in `grammar`) as it stands now. */
export function treePlan(rule: string, lexical: boolean, nfa: Nfa, builder: FirstMatch): TreePlan {
  return {
    rule,
    lexical,
    names: [...builder.names],
    classes: builder.classes.parts(),
    maxDepth: nfa.maxDepth,
    size: nfa.size,
    start: nfa.start,
    accept: nfa.accept,
    expanded: [...nfa.expanded],
    tables: builder.parts(),
  };
}

/**
 * The plan of `rule`'s structural tree (nodes for `nodeRules`) made from no input at all: every
 * step its table reaches from the rule's start, and every state of its lookahead (see
 * FirstMatch.completeLookahead), or undefined when that passes `maxRows` rows or
 * MAX_FORWARD_STATES race states. A module written with no samples carries it (./compiled.ts),
 * so that its first tree builds nothing, whatever the input.
 */
export function completePlan(grammar: Rules, rule: string, nodeRules: ReadonlySet<string>, maxRows: number): TreePlan | undefined {
  const nfa = treeNfa(grammar, rule, nodeRules);
  const builder = new FirstMatch(nfa);
  if (!builder.completeRows(maxRows) || !builder.completeLookahead(MAX_FORWARD_STATES)) return undefined;
  return treePlan(rule, false, nfa, builder);
}
