/**
 * What may come after each repetition of a grammar (FOLLOW sets, as an LL(1) parser generator
 * computes them), over characters: ASCII one bit each, every other character one bit together.
 * For ./ends.ts: a repetition that has matched an iteration past `pos` need not list `pos` as
 * an end when the character at `pos` can begin nothing that follows the repetition anywhere —
 * whatever came next would fail there, at an offset below the furthest reached, so the verdict,
 * the error offset, `expected` and the tree are the same. That keeps `list = item [ "," list ]`
 * and `*( "," value )` to one end each, where they listed every later comma.
 */
import { matchesEmpty, referencedRules, type Expr, type Rules } from '../expr';
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

/** The rules `root` reaches (itself included). */
function reachable(rules: Rules, root: string): Set<string> {
  const seen = new Set<string>([root]);
  const todo = [root];
  while (todo.length) {
    for (const r of referencedRules(rules[todo.pop()!])) {
      if (!seen.has(r) && rules[r] !== undefined) { seen.add(r); todo.push(r); }
    }
  }
  return seen;
}

/**
 * The FOLLOW set of every repetition (by expression object: one set for all its places). With
 * `root`, of the grammar as `root` uses it: only the rules it reaches are looked at, so that a
 * place no run of `root` comes to (RFC 5322's `phrase`, where white space follows white space)
 * adds nothing to what follows a repetition in `addr-spec`.
 */
export function repetitionFollows(rules: Rules, root?: string): Map<Expr, CharBits> {
  const used = root === undefined ? undefined : reachable(rules, root);
  const follows = fullFollows(rules, used);
  for (const [rep, set] of reentries(rules, follows, used)) follows.set(rep, set);
  return follows;
}

/** The repetitions `repetitionFollows` finds re-entrant (shapes A, B, C below), for tests. */
export function reentrantRepetitions(rules: Rules, root?: string): Set<Expr> {
  const used = root === undefined ? undefined : reachable(rules, root);
  return new Set(reentries(rules, fullFollows(rules, used), used).keys());
}

/**
 * FIRST over characters: `first(e, out)` adds what a run of `e` can read first, each rule's set
 * a fixpoint (rules refer to each other); `isNullable` says whether `e` can match nothing. With
 * `skip`, an expression it names adds nothing (./lead.ts: what matches no string is not tried).
 */
export function firstSets(rules: Rules, skip?: (e: Expr) => boolean): { first: (e: Expr, out: CharBits) => void; isNullable: (e: Expr) => boolean } {
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
  const firstRule = new Map<string, CharBits>(Object.keys(rules).map((n) => [n, new Uint32Array(WORDS)]));
  const first = (e: Expr, out: CharBits): void => {
    if (skip?.(e)) return;
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
      case 'ref': { const r = firstRule.get(e.name); if (r) union(out, r); return; }
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
  return { first, isNullable };
}

/** FOLLOW sets of the repetitions of the rules `used` (default: all), as an LL(1) parser generator computes them. */
function fullFollows(rules: Rules, used: ReadonlySet<string> | undefined): Map<Expr, CharBits> {
  const { first, isNullable } = firstSets(rules);
  // FOLLOW: each rule's body walked with what follows the rule, again until nothing grows.
  const followRule = new Map<string, CharBits>(Object.keys(rules).map((n) => [n, new Uint32Array(WORDS)]));
  const follows = new Map<Expr, CharBits>();
  const todo: string[] = used === undefined ? Object.keys(rules) : [...used];
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

type Rep = Extract<Expr, { t: 'rep' }>;

/**
 * Repetitions whose stop is the same as one more iteration (re-entry), with what follows them
 * once that is left out. A repetition `R = *I` that has matched past `pos`, where the character at
 * `pos` begins an `I`, has two ways on: one more `I` (tried first), or stop. The stop is worth
 * listing only when what follows R can read that character otherwise than by starting an `I`
 * again. In three shapes every other way to read it re-enters R (or an iteration of `I` just like
 * R's), so whatever the stop matches (and every prefix it makes viable, every terminal it tries
 * at the furthest offset) one more iteration matches, tried first — and the stop need not be
 * listed: the lists stay one end long, where they held every later `I` (super-linear).
 *
 * - (A) R ends the body of rule X (`s = "a" *s`), and every reference to X is R's own item: the
 *   stop ends X, back in an outer R, whose next iteration is one more `X` = one more `I`.
 * - (B) R is the item of an unbounded repetition R2 (`*(*s)`): the stop ends R2's iteration
 *   (it consumed), whose next one is R again.
 * - (C) R is the whole body of rule X (`t = *s`), and every reference to X is the item of an
 *   unbounded repetition R2 (`*t`): the stop ends X, R2's next iteration is X = R again.
 *
 * What follows R otherwise: nothing but the end of the input for (A), FOLLOW(R2) for (B) and (C).
 * Each R must stand in one place only (its FOLLOW set is by object), and be unbounded.
 */
function reentries(rules: Rules, follows: ReadonlyMap<Expr, CharBits>, used: ReadonlySet<string> | undefined): Map<Expr, CharBits> {
  const places = new Map<Expr, number>();
  const parentRep = new Map<Expr, Rep>();
  /** Each rule's references, each with the unbounded repetition it is the item of (or undefined). */
  const refs = new Map<string, Array<Rep | undefined>>(Object.keys(rules).map((n) => [n, []]));
  const walk = (e: Expr, parent: Rep | undefined): void => {
    places.set(e, (places.get(e) ?? 0) + 1);
    if (parent) parentRep.set(e, parent);
    switch (e.t) {
      case 'seq': case 'alt': for (const x of e.items) walk(x, undefined); return;
      case 'rep': walk(e.item, e.max === Infinity ? e : undefined); return;
      case 'ref': refs.get(e.name)?.push(parent); return;
      default: return;
    }
  };
  const names = Object.keys(rules).filter((n) => !used || used.has(n));
  for (const name of names) walk(rules[name], undefined);
  const out = new Map<Expr, CharBits>();
  const consider = (r: Expr, name: string | undefined): void => {
    if (r.t !== 'rep' || r.max !== Infinity || places.get(r) !== 1) return;
    const r2 = parentRep.get(r);
    if (r2) {
      out.set(r, new Uint32Array(follows.get(r2)!)); // (B)
      return;
    }
    if (name === undefined) return;
    const body = rules[name];
    const users = refs.get(name)!;
    if (r.item.t === 'ref' && r.item.name === name && users.every((u) => u === r)) {
      out.set(r, new Uint32Array(WORDS)); // (A): only the end of the input follows
    } else if (body === r && users.every((u) => u !== undefined)) {
      const set = new Uint32Array(WORDS); // (C)
      for (const u of users) union(set, follows.get(u!)!);
      out.set(r, set);
    }
  };
  for (const name of names) {
    const body = rules[name];
    if (body.t === 'seq') {
      for (const x of body.items) consider(x, x === body.items[body.items.length - 1] ? name : undefined);
    } else consider(body, name);
  }
  // Nested repetitions anywhere else: (B) only.
  for (const [e] of parentRep) if (!out.has(e)) consider(e, undefined);
  return out;
}
