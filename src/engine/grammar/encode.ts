/**
 * An expression as data (./encoded.ts `EncodedExpr`): what `toModule` writes into a module
 * (../build/compiled.ts), and what the backtracking search's program is compiled from
 * (../trees/backtrack.ts) for a grammar read from text (./quickRuns.ts).
 */
import type { Expr } from '../expr';
import { asciiRanges } from '../automata/codepoints';
import type { EncodedExpr } from './encoded';

export function encodeExpr(e: Expr): EncodedExpr {
  switch (e.t) {
    case 'chars': return ['c', [...asciiRanges(e.set), ...(e.more ?? [])], e.label];
    case 'lit': return ['l', e.text];
    case 'seq': return ['s', ...e.items.map(encodeExpr)];
    case 'alt': return ['a', ...e.items.map(encodeExpr)];
    case 'rep': return ['r', encodeExpr(e.item), e.min, e.max === Infinity ? null : e.max];
    case 'ref': return ['f', e.name];
  }
}
