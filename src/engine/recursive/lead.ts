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
import { matchesEmpty, type Expr, type Rules } from '../expr';
import { nullableRules, productive } from './analysis';

/** A set of ASCII characters, four 32-bit words. */
export type AsciiBits = Uint32Array;

/** Does `set` hold the ASCII character `c` (false for any other)? */
export function leads(set: AsciiBits, c: number): boolean {
  return c < 128 && (set[c >> 5] & (1 << (c & 31))) !== 0;
}

function add(set: AsciiBits, c: number): void {
  if (c < 128) set[c >> 5] |= 1 << (c & 31);
}

function union(into: AsciiBits, from: AsciiBits): boolean {
  let changed = false;
  for (let k = 0; k < 4; k++) {
    const v = (into[k] | from[k]) >>> 0;
    if (v !== into[k]) { into[k] = v; changed = true; }
  }
  return changed;
}

/**
 * For each expression of the grammar that matches something and never the empty string, the
 * ASCII characters a run of it from their offset surely reads past (see above); undefined for
 * the others (a nullable `e` may list its own start as an end).
 */
export function leadingChars(rules: Rules): (e: Expr) => AsciiBits | undefined {
  const isProductive = productive(rules);
  const nullableRule = nullableRules(rules);
  const nullable = new Map<Expr, boolean>();
  const isNullable = (e: Expr): boolean => {
    let v = nullable.get(e);
    if (v === undefined) nullable.set(e, (v = matchesEmpty(e, (r) => nullableRule.has(r), isNullable)));
    return v;
  };
  const ofRule = new Map<string, AsciiBits>(Object.keys(rules).map((n) => [n, new Uint32Array(4)]));
  const into = (e: Expr, out: AsciiBits): void => {
    if (!isProductive(e)) return; // not tried at all
    switch (e.t) {
      case 'chars':
        for (let c = 0; c < 128; c++) if (e.set[c] === 1) add(out, c);
        return;
      case 'lit':
        if (e.text.length) {
          add(out, e.text.toLowerCase().charCodeAt(0));
          add(out, e.text.toUpperCase().charCodeAt(0));
        }
        return;
      case 'seq':
        for (const x of e.items) {
          into(x, out);
          if (!isNullable(x)) return;
        }
        return;
      case 'alt': for (const x of e.items) into(x, out); return;
      case 'rep': if (e.max > 0) into(e.item, out); return;
      case 'ref': { const r = ofRule.get(e.name); if (r) union(out, r); return; }
    }
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, set] of ofRule) {
      const next = new Uint32Array(4);
      into(rules[name], next);
      if (union(set, next)) changed = true;
    }
  }
  const memo = new Map<Expr, AsciiBits | null>();
  return (e: Expr): AsciiBits | undefined => {
    let v = memo.get(e);
    if (v === undefined) {
      if (!isProductive(e) || isNullable(e)) v = null;
      else into(e, (v = new Uint32Array(4)));
      memo.set(e, v);
    }
    return v ?? undefined;
  };
}
