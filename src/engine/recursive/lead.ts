/**
 * The terminal every match of an expression begins with, when there is one: `"," list` begins
 * with `","`, and so does a rule whose body does. For ./ends.ts: when that terminal's first
 * character is the one at `pos`, a run of the expression from `pos` reads past `pos` whether the
 * expression matches or not (the terminal is the first thing it tries), and no match of it is
 * empty. That is what lets an optional tail `[ "," list ]` be a tail request (a loop).
 */
import type { Expr, Rules } from '../expr';

/** A terminal that reads at least one character. */
export type Lead = Extract<Expr, { t: 'chars' }> | Extract<Expr, { t: 'lit' }>;

/**
 * The terminal `e` begins with on every way it can match, or undefined: through the first item
 * of a sequence, a lone alternative, a repetition of at least one iteration and a rule's body.
 * A chain of rules that leads back to itself (left recursion, which the grammar refuses anyway)
 * has none.
 */
export function leadTerminal(rules: Rules, e: Expr): Lead | undefined {
  const seen = new Set<string>();
  let x: Expr | undefined = e;
  for (;;) {
    switch (x.t) {
      case 'chars': return x;
      case 'lit': return x.text.length ? x : undefined;
      case 'seq': if (!x.items.length) return undefined; x = x.items[0]; break;
      case 'alt': if (x.items.length !== 1) return undefined; x = x.items[0]; break;
      case 'rep': if (x.min < 1 || x.max < 1) return undefined; x = x.item; break;
      case 'ref':
        if (seen.has(x.name)) return undefined;
        seen.add(x.name);
        x = rules[x.name];
        if (x === undefined) return undefined;
        break;
    }
  }
}
