/**
 * The ASCII characters a run of an expression surely reads past: for ./ends.ts, the characters
 * `c` such that a run of `e` from an offset where `c` stands tries a terminal that reads `c` —
 * so the run reaches past that offset, whether `e` matches or not. `"," list` leads with ",",
 * `ws "," list` (ws = *" ") with " " and ",". Together with "no match of `e` is empty", that is
 * what lets an optional tail `[ "," list ]` be a tail request (a loop, not nesting).
 *
 * The run tries every alternative that can match at all (what matches no string is skipped:
 * ./analysis.ts `productive`), and goes on past a nullable item from the same offset unless it
 * already read past it (a repetition leaves its start out of its ends only after an iteration
 * that consumed). So the set is: a terminal's first character; an alternation's union over its
 * productive alternatives; a sequence's items' sets up to its first item that cannot be empty;
 * a repetition's item's; a rule's body's (the least fixpoint over the rules). Non-ASCII
 * characters are left out (a character class above ASCII is a list of ranges): "surely" is
 * kept to ASCII, where a quoted string's two cases are both listed.
 */
import type { Expr, Rules } from '../expr';
import { productive } from './analysis';
import { firstSets } from './follow';

/** A set of characters as ./follow.ts keeps them (words 0-3 ASCII, word 4 "above ASCII"); only the ASCII ones count here. */
export type AsciiBits = Uint32Array;

/** Does `set` hold the ASCII character `c` (false for any other)? */
export function leads(set: AsciiBits, c: number): boolean {
  return c < 128 && (set[c >> 5] & (1 << (c & 31))) !== 0;
}

/**
 * For each expression of the grammar that matches something and never the empty string, the
 * ASCII characters a run of it from their offset surely reads past (see above); undefined for
 * the others (a nullable `e` may list its own start as an end).
 */
export function leadingChars(rules: Rules): (e: Expr) => AsciiBits | undefined {
  const isProductive = productive(rules);
  // FIRST as ./follow.ts works it out, with what matches no string left out (it is not tried).
  const { first, isNullable } = firstSets(rules, (e) => !isProductive(e));
  const memo = new Map<Expr, AsciiBits | null>();
  return (e: Expr): AsciiBits | undefined => {
    let v = memo.get(e);
    if (v === undefined) {
      if (!isProductive(e) || isNullable(e)) v = null;
      else first(e, (v = new Uint32Array(5)));
      memo.set(e, v);
    }
    return v ?? undefined;
  };
}
