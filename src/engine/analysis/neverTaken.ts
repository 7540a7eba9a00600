/**
 * Which alternatives of one alternation first match never takes, exactly (a rule that does not
 * reach recursion): alternative Ak is shadowed when L(Ak) \ (L(A1) ∪ … ∪ L(Ak-1)) is empty, proved
 * by a breadth-first search of the product automata (./dfa.ts) that ends without a string. Its
 * witness is Ak's shortest string, with the earlier alternative that takes it. `shadows`
 * (./shadows.ts) reports these with the overlaps; `explain` and the playground's why panel
 * (src/teaching/why.ts) say them of a node, from this one module (no generation, no trees).
 */
import type { Expr, Rules } from '../expr';
import { SetDfa, sharedClasses, shortest, DEFAULT_MAX_STATES, type Search } from './dfa';

/** The automata of an alternation's items, of each item's earlier ones together, and their shared classes. */
export class Alternation {
  readonly dfas: SetDfa[];
  readonly earlier: Array<SetDfa | undefined>;
  readonly shared: ReturnType<typeof sharedClasses>;

  constructor(rules: Rules, readonly items: readonly Expr[], readonly maxStates = DEFAULT_MAX_STATES) {
    this.dfas = items.map((x) => SetDfa.of(rules, x));
    this.earlier = items.map((_, k) => (k === 0 ? undefined : SetDfa.of(rules, { t: 'alt', items: items.slice(0, k) })));
    this.shared = sharedClasses([...this.dfas, ...this.earlier.filter((d): d is SetDfa => d !== undefined)]);
  }

  /**
   * Is alternative `k` (≥ 1) shadowed? `{ by, witness }` when it is (proved); undefined when a
   * string of its own was found; `rest` (the search that was cut at `maxStates`) when unknown.
   */
  shadowed(k: number): { by: number; witness: string } | undefined | { rest: Search } {
    const rest = shortest(this.dfas[k], this.earlier[k]!, this.shared, false, { maxStates: this.maxStates });
    if (rest.witness !== undefined) return undefined;
    if (!rest.exact) return { rest };
    // Every string of Ak is an earlier one's: its shortest string, and which takes it.
    const witness = shortest(this.dfas[k], this.dfas[k], this.shared, true, { maxStates: this.maxStates }).witness;
    // An alternative that matches nothing is no one's shadow.
    if (witness === undefined) return undefined;
    return { by: this.dfas.findIndex((d, j) => j < k && d.test(this.shared.classes, witness)), witness };
  }

  /** The shortest string of both `k` and `j`: undefined when none (proved) or `exact: false`. */
  overlap(k: number, j: number): Search {
    return shortest(this.dfas[k], this.dfas[j], this.shared, true, { maxStates: this.maxStates });
  }
}
