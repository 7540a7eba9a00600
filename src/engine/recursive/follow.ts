/**
 * What may come after each repetition of a grammar (FOLLOW sets, as an LL(1) parser generator
 * computes them), over characters: ASCII one bit each, every other character one bit together.
 * For ./ends.ts: a repetition that has matched an iteration past `pos` need not list `pos` as
 * an end when the character at `pos` can begin nothing that follows the repetition anywhere —
 * whatever came next would fail there, at an offset below the furthest reached, so the verdict,
 * the error offset, `expected` and the tree are the same. That keeps `list = item [ "," list ]`
 * and `*( "," value )` to one end each, where they listed every later comma.
 */
import { matchesEmpty, type Expr, type Rules } from '../expr';
import { nullableRules } from './analysis';

/** A set of characters: words 0-3 the ASCII bits, word 4 non-zero for "any character above ASCII". */
export type CharBits = Uint32Array;

const WORDS = 5;

function union(into: CharBits, from: CharBits): boolean {
  let changed = false;
  for (let k = 0; k < WORDS; k++) {
    const v = (into[k] | from[k]) >>> 0;
    if (v !== into[k]) { into[k] = v; changed = true; }
  }
  return changed;
}

function addChar(set: CharBits, c: number): void {
  if (c < 128) set[c >> 5] |= 1 << (c & 31);
  else set[4] = 1;
}

/** Does `set` hold the character (UTF-16 code unit) `c`? */
export function holds(set: CharBits, c: number): boolean {
  return c < 128 ? (set[c >> 5] & (1 << (c & 31))) !== 0 : set[4] !== 0;
}

/** The FOLLOW set of every repetition (by expression object: one set for all its places). */
export function repetitionFollows(rules: Rules): Map<Expr, CharBits> {
  const nullableRule = nullableRules(rules);
  const isNullableRule = (r: string) => nullableRule.has(r);
  const nullable = new Map<Expr, boolean>();
  const isNullable = (e: Expr): boolean => {
    let v = nullable.get(e);
    if (v !== undefined) return v;
    v = matchesEmpty(e, isNullableRule, isNullable);
    nullable.set(e, v);
    return v;
  };
  // FIRST of each rule: a fixpoint (rules refer to each other).
  const firstRule = new Map<string, CharBits>(Object.keys(rules).map((n) => [n, new Uint32Array(WORDS)]));
  const first = (e: Expr, out: CharBits): void => {
    switch (e.t) {
      case 'chars':
        for (let c = 0; c < 128; c++) if (e.set[c] === 1) addChar(out, c);
        if (e.more && e.more.length) out[4] = 1;
        return;
      case 'lit':
        if (e.text.length) {
          addChar(out, e.text.toLowerCase().charCodeAt(0));
          addChar(out, e.text.toUpperCase().charCodeAt(0));
        }
        return;
      case 'seq':
        for (const x of e.items) {
          first(x, out);
          if (!isNullable(x)) return;
        }
        return;
      case 'alt': for (const x of e.items) first(x, out); return;
      case 'rep': if (e.max > 0) first(e.item, out); return;
      case 'ref': union(out, firstRule.get(e.name)!); return;
    }
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, set] of firstRule) {
      const next = new Uint32Array(WORDS);
      first(rules[name], next);
      if (union(set, next)) changed = true;
    }
  }
  // FOLLOW: each rule's body walked with what follows the rule, again until nothing grows.
  const followRule = new Map<string, CharBits>(Object.keys(rules).map((n) => [n, new Uint32Array(WORDS)]));
  const follows = new Map<Expr, CharBits>();
  const todo: string[] = Object.keys(rules);
  const queued = new Set(todo);
  const visit = (e: Expr, fol: CharBits): void => {
    switch (e.t) {
      case 'seq': {
        let after = fol;
        for (let k = e.items.length - 1; k >= 0; k--) {
          const x = e.items[k];
          visit(x, after);
          const before = new Uint32Array(WORDS);
          first(x, before);
          if (isNullable(x)) union(before, after);
          after = before;
        }
        return;
      }
      case 'alt': for (const x of e.items) visit(x, fol); return;
      case 'rep': {
        let f = follows.get(e);
        if (!f) follows.set(e, (f = new Uint32Array(WORDS)));
        union(f, fol);
        const inner = new Uint32Array(fol);
        if (e.max > 1) first(e.item, inner);
        visit(e.item, inner);
        return;
      }
      case 'ref':
        if (union(followRule.get(e.name)!, fol) && !queued.has(e.name)) {
          queued.add(e.name);
          todo.push(e.name);
        }
        return;
      default: return;
    }
  };
  while (todo.length) {
    const name = todo.pop()!;
    queued.delete(name);
    visit(rules[name], new Uint32Array(followRule.get(name)!));
  }
  return follows;
}
