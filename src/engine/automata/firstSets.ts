/** What an expression can begin with, and whether it can match nothing: for skipping work safely. */
import { caseFold, type CharSet, type Expr, type Rules } from '../expr';

/** Can `e` match the empty string? */
export function nullable(grammar: Rules, e: Expr): boolean {
  switch (e.t) {
    case 'chars': case 'lit': return e.t === 'lit' && e.text === '';
    case 'seq': return e.items.every((i) => nullable(grammar, i));
    case 'alt': return e.items.some((i) => nullable(grammar, i));
    case 'rep': return e.min === 0 || nullable(grammar, e.item);
    case 'ref': return nullable(grammar, grammar[e.name]);
  }
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
