/**
 * Making a tree plan (../trees/plan.ts says what one is and why), at build time: what a
 * first-match builder has found on sample inputs, with what its NFA had built, as data. Apart
 * from the plan's reader (`planBuilder`), so that a program that only reads shipped plans
 * carries none of this.
 */
import type { FirstMatch } from '../trees/firstMatch';
import type { Nfa } from '../automata/nfa';
import type { TreePlan } from '../trees/plan';

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
