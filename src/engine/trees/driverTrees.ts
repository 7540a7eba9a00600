/**
 * The trees of a Driver's grammar: the first-match builder (./firstMatch.ts) of each rule and
 * node set, from the grammar's tree plan where it has one (./plan.ts), writing into the compact
 * store (./flatTree.ts). Kept apart from ../grammar/driver.ts so that a program (or a bundle) that only
 * asks for verdicts never loads the tree builder. The built-in RFC 3986 functions (src/uri/)
 * and `RuleGrammar` (../grammar/ruleGrammar.ts) both build their trees here.
 */
import type { Driver, TreeOptions } from '../grammar/driver';
import { DEFAULT_MAX_NODES, EAGER_NODES, FlatTree } from './flatTree';
import { FirstMatch } from './firstMatch';
import { LONG } from '../limits';
import { planBuilder, planKey, treeNfa, type PlanSource } from './plan';
import type { TreeNode } from '../tree';

/** One Driver's builders and reused stores. */
class Trees<R extends string> {
  private readonly builders = new Map<ReadonlySet<string>, Map<string, FirstMatch>>();
  /** Reused node stores for short inputs (their trees are copied out as objects). */
  private readonly scratch = new Map<FirstMatch, FlatTree>();

  constructor(private readonly driver: Driver<R>) {}

  /** The rules with nodes in `rule`'s lexical tree (all) or structural one. */
  nodeRules(rule: R, lexical: boolean): ReadonlySet<string> {
    return lexical ? this.driver.names : this.driver.structural(rule);
  }

  /**
   * The first-match tree builder of `rule`'s lexical or structural tree (nodes for `nodeRules`):
   * from its plan in `plans` if there is one (./plan.ts).
   */
  builder(rule: R, lexical: boolean, plans?: PlanSource): FirstMatch {
    const nodeRules = this.nodeRules(rule, lexical);
    let byRule = this.builders.get(nodeRules);
    if (!byRule) this.builders.set(nodeRules, (byRule = new Map()));
    let b = byRule.get(rule);
    if (!b) {
      const plan = plans?.plan(planKey(rule, lexical));
      b = plan !== undefined
        ? planBuilder(this.driver.grammar, rule, nodeRules, plan, (why) => plans!.bad(why), !plans!.trusted, plans!.owned)
        : new FirstMatch(treeNfa(this.driver.grammar, rule, nodeRules));
      byRule.set(rule, b);
    }
    return b;
  }

  /**
   * The parse (the lexical or the structural tree) as a compact tree, or undefined when the input does not
   * match `rule` to its end. A TreeLimitError (RangeError) for more than `maxNodes` nodes. With
   * `reuse`, inputs shorter than LONG share one store per builder: copy out of it before
   * anything else parses.
   */
  flat(input: string, rule: R, lexical: boolean, maxNodes = DEFAULT_MAX_NODES, reuse = true, plans?: PlanSource): FlatTree | undefined {
    const nodeRules = this.nodeRules(rule, lexical);
    const builder = this.builder(rule, lexical, plans);
    let t: FlatTree;
    if (reuse && input.length < LONG) {
      let s = this.scratch.get(builder);
      if (!s) this.scratch.set(builder, (s = new FlatTree(builder.names)));
      t = s.reset(maxNodes, input.length);
    } else {
      // About a node a character in a lexical tree (up to two), far fewer in the others.
      const guess = nodeRules.size > this.driver.structural(rule).size ? input.length : input.length >> 3;
      t = new FlatTree(builder.names, maxNodes, input.length, guess + 64);
    }
    return builder.parseTo(input, 0, input.length, t) ? t : undefined;
  }
}

const all = new WeakMap<Driver<string>, Trees<string>>();
function treesOf<R extends string>(driver: Driver<R>): Trees<R> {
  let t = all.get(driver as Driver<string>) as Trees<R> | undefined;
  if (!t) all.set(driver as Driver<string>, (t = new Trees(driver)) as unknown as Trees<string>);
  return t;
}

/** The first-match builder of `rule`'s lexical or structural tree (from its plan in `plans`, if any). */
export function builderOf<R extends string>(driver: Driver<R>, rule: R, lexical: boolean, plans?: PlanSource): FirstMatch {
  return treesOf(driver).builder(rule, lexical, plans);
}

/** The compact tree of a whole input (lexical or structural), or undefined (see Trees.flat). */
export function flatNodes<R extends string>(driver: Driver<R>, input: string, rule: R, lexical: boolean, maxNodes?: number, reuse = true): FlatTree | undefined {
  return treesOf(driver).flat(input, rule, lexical, maxNodes, reuse);
}

/**
 * The tree of a whole input, or the grammar's syntax error: fresh plain objects up to
 * EAGER_NODES nodes (every node for inputs shorter than LONG), views made on access above.
 * `plans`: the grammar's tree plans made at build time, if it has some (./plan.ts).
 */
export function tree<R extends string>(driver: Driver<R>, input: string, rule: R, options: TreeOptions = {}, plans?: PlanSource): TreeNode<R> {
  const lexical = options.lexical === true;
  // A lexical tree is large: the verdict first, and no tree for an input that has none.
  if (lexical && !driver.test(input, rule)) return driver.throwError(input, rule);
  const t = treesOf(driver).flat(input, rule, lexical, options.maxNodes, true, plans);
  if (!t) return driver.throwError(input, rule);
  // The shared store of short inputs is always copied out; a view must own its store.
  return t.node(0, input.length < LONG ? Infinity : EAGER_NODES) as TreeNode<R>;
}

/** The compact tree of a whole input (for `walk`), or the grammar's syntax error; never the shared store. */
export function flatTree<R extends string>(driver: Driver<R>, input: string, rule: R, options: TreeOptions = {}, plans?: PlanSource): FlatTree {
  const lexical = options.lexical === true;
  if (lexical && !driver.test(input, rule)) return driver.throwError(input, rule);
  const t = treesOf(driver).flat(input, rule, lexical, options.maxNodes, false, plans);
  if (!t) return driver.throwError(input, rule);
  return t;
}
