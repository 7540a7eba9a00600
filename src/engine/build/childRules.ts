/**
 * Which rules' nodes can be children of each rule's node: what a tree typed by parent reads
 * (`toTypes`, ./compiled.ts; the shipped grammars' src/generated/treeTypes.ts; RFC 3986's
 * CHILD_RULES). Derived by the rule the trees follow (../trees/driverTrees.ts `nodeRules`, the
 * same for the recursive runner): a tree has nodes for a set of rules, every rule in the lexical
 * tree, the structural rules and the root in the structural one, and a node's children are the
 * nodes of that set reached from its expression through rules without nodes (as RFC 3986's
 * IPv4address under ls32 when ls32 is character-level). Every reference is counted, whether or
 * not an input takes it or it matches empty (an empty match is a node too). Build time only.
 */
import type { Expr, Rules } from '../expr';

/** The rules `e` refers to, in the order it names them (a repetition of at most 0 is no reference: the reader makes it empty). */
function refs(e: Expr, out: Set<string>): Set<string> {
  switch (e.t) {
    case 'ref': out.add(e.name); break;
    case 'seq': case 'alt': for (const x of e.items) refs(x, out); break;
    case 'rep': if (e.max > 0) refs(e.item, out); break;
    default: break; // characters and strings give no nodes
  }
  return out;
}

/**
 * Each rule's child rules, in the order its body names them, then those reached through
 * character-level rules (`lexicalRules`):
 * - in the lexical tree, the rules it refers to;
 * - in a structural tree, the structural rules reached through character-level ones, and a
 *   character-level rule so reached when it can be the root of a tree that holds this rule's
 *   node (the root has a node whatever its kind): it is this rule, or this rule is structural
 *   and the root reaches it.
 */
export function childRules(rules: Rules, names: readonly string[], lexicalRules: ReadonlySet<string>): Map<string, string[]> {
  const direct = new Map(names.map((n) => [n, refs(rules[n], new Set())]));
  const reach = new Map<string, Set<string>>();
  /** The rules `name` reaches (itself included). */
  const reaches = (name: string): Set<string> => {
    let set = reach.get(name);
    if (!set) {
      set = new Set([name]);
      const stack = [name];
      while (stack.length) for (const r of direct.get(stack.pop()!)!) if (!set.has(r)) { set.add(r); stack.push(r); }
      reach.set(name, set);
    }
    return set;
  };
  const children = (name: string): string[] => {
    const out = new Set(direct.get(name)!);
    const seen = new Set<string>();
    const stack = [...direct.get(name)!];
    while (stack.length) {
      const r = stack.pop()!;
      if (seen.has(r)) continue;
      seen.add(r);
      // A node stops the reading (this rule again: it is the root).
      if (!lexicalRules.has(r) || r === name) { out.add(r); continue; }
      // Without a node, unless it is the root of the tree (so this rule must be structural).
      if (!lexicalRules.has(name) && reaches(r).has(name)) out.add(r);
      stack.push(...direct.get(r)!);
    }
    return [...out];
  };
  return new Map(names.map((n) => [n, children(n)]));
}
