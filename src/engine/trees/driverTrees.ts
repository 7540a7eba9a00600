/**
 * The trees of a grammar's regular rules (those that do not reach recursion): the first-match
 * builder (./firstMatch.ts) of each rule and node set, from the grammar's tree plan where it has
 * one (./plan.ts), writing into the compact store (./flatTree.ts). The tree half of
 * ../grammar/regularRunner.ts, whose verdict half is ../grammar/driver.ts: which rules give
 * nodes (the lexical ones only in the lexical tree) is a matter of trees, and lives here.
 */
import type { Rules } from '../expr';
import { DEFAULT_MAX_NODES, FlatTree } from './flatTree';
import { FirstMatch } from './firstMatch';
import { LONG } from '../limits';
import { planBuilder, planKey, treeNfa, type PlanSource } from './plan';

/** A grammar's tree builders and reused stores. */
export class Trees<R extends string> {
  private readonly builders = new Map<ReadonlySet<string>, Map<string, FirstMatch>>();
  /** Each rule's builder and store, structural [0] and lexical [1]. */
  private readonly ruleTrees = [new Map<string, RuleTree>(), new Map<string, RuleTree>()];
  private readonly structuralSets = new Map<string, ReadonlySet<string>>();
  private plansRead = false;
  private plansGiven: PlanSource | undefined;

  constructor(
    readonly grammar: Rules<R>,
    /** The grammar's rule names. */
    readonly names: ReadonlySet<string>,
    /** Rules that give nodes only in the lexical tree. */
    readonly lexicalRules: ReadonlySet<string>,
    /** The grammar's tree plans made at build time, if it has some (read on the first tree). */
    private readonly plans?: () => PlanSource | undefined,
  ) {}

  /**
   * The rules of the structural tree of `rule`: every structural rule, and `rule` itself (a tree
   * has a root even when it is parsed as a character-level rule).
   */
  structural(rule: R): ReadonlySet<string> {
    const key = this.lexicalRules.has(rule) ? rule : '';
    let set = this.structuralSets.get(key);
    if (!set) {
      set = new Set([...this.names].filter((n) => n === rule || !this.lexicalRules.has(n)));
      this.structuralSets.set(key, set);
    }
    return set;
  }

  /** The rules with nodes in `rule`'s lexical tree (all) or structural one. */
  nodeRules(rule: R, lexical: boolean): ReadonlySet<string> {
    return lexical ? this.names : this.structural(rule);
  }

  private planSource(): PlanSource | undefined {
    if (!this.plansRead) {
      this.plansGiven = this.plans?.();
      this.plansRead = true;
    }
    return this.plansGiven;
  }

  /**
   * The first-match tree builder of `rule`'s lexical or structural tree (nodes for `nodeRules`):
   * from its plan if the grammar has one (./plan.ts).
   */
  builder(rule: R, lexical: boolean): FirstMatch {
    const nodeRules = this.nodeRules(rule, lexical);
    let byRule = this.builders.get(nodeRules);
    if (!byRule) this.builders.set(nodeRules, (byRule = new Map()));
    let b = byRule.get(rule);
    if (!b) {
      const plans = this.planSource();
      const plan = plans?.plan(planKey(rule, lexical));
      b = plan !== undefined
        ? planBuilder(this.grammar, rule, nodeRules, plan, (why) => plans!.bad(why), !plans!.trusted, plans!.owned)
        : new FirstMatch(treeNfa(this.grammar, rule, nodeRules));
      byRule.set(rule, b);
    }
    return b;
  }

  /**
   * `rule`'s builder of one kind of tree with its reused store (made on first use, then kept:
   * a runner holds its own, so that a tree's call looks nothing up).
   */
  ruleTree(rule: R, lexical: boolean): RuleTree {
    const byRule = this.ruleTrees[lexical ? 1 : 0];
    let t = byRule.get(rule);
    if (!t) {
      // About a node a character in a lexical tree (up to two), far fewer in the others.
      const perNode = this.nodeRules(rule, lexical).size > this.structural(rule).size ? 0 : 3;
      byRule.set(rule, (t = new RuleTree(this.builder(rule, lexical), perNode)));
    }
    return t;
  }

  /**
   * The parse (the lexical or the structural tree) as a compact tree, or undefined when the input does not
   * match `rule` to its end (RuleTree.flat).
   */
  flat(input: string, rule: R, lexical: boolean, maxNodes = DEFAULT_MAX_NODES, reuse = true): FlatTree | undefined {
    return this.ruleTree(rule, lexical).flat(input, maxNodes, reuse);
  }
}

/** One rule's builder of one kind of tree (structural or lexical), and its store for short inputs. */
export class RuleTree {
  /** The reused node store for inputs shorter than LONG (its trees are copied out as objects). */
  private scratch: FlatTree | undefined;

  constructor(
    readonly builder: FirstMatch,
    /** The store's first size is the input's length shifted right by this (nodes per character). */
    private readonly perNode: number,
  ) {}

  /**
   * The parse as a compact tree, or undefined when the input does not match the rule to its
   * end. A TreeLimitError (RangeError) for more than `maxNodes` nodes. With `reuse`, inputs
   * shorter than LONG share one store: copy out of it before anything else parses.
   */
  flat(input: string, maxNodes = DEFAULT_MAX_NODES, reuse = true): FlatTree | undefined {
    const builder = this.builder;
    const t = reuse && input.length < LONG
      ? (this.scratch ??= new FlatTree(builder.names)).reset(maxNodes, input.length)
      : new FlatTree(builder.names, maxNodes, input.length, (input.length >> this.perNode) + 64);
    return builder.parseTo(input, 0, input.length, t) ? t : undefined;
  }
}
