/** What an expression can begin with, and whether it can match nothing: for skipping work safely. */
import { caseFold, matchesEmpty, type CharSet, type Expr, type Rules } from '../expr';

/** Can `e` match the empty string? References followed (a grammar without recursion). */
export function nullable(grammar: Rules, e: Expr): boolean {
  return matchesEmpty(e, (name) => nullable(grammar, grammar[name]));
}

/** The characters a non-empty match of `e` can begin with. */
export function firstChars(grammar: Rules, e: Expr): CharSet {
  const set = new Uint8Array(128);
  const add = (x: Expr): void => {
    switch (x.t) {
      case 'chars': for (let c = 0; c < 128; c++) set[c] |= x.set[c]; break;
      case 'lit': for (const ch of caseFold(x.text[0] ?? '')) set[ch.charCodeAt(0)] = 1; break;
      case 'seq': for (const item of x.items) { add(item); if (!nullable(grammar, item)) break; } break;
      case 'alt': x.items.forEach(add); break;
      case 'rep': add(x.item); break;
      case 'ref': add(grammar[x.name]); break;
    }
  };
  add(e);
  return set;
}
