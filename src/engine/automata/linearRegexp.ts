/**
 * When may a grammar from text run its verdict on a RegExp? V8's RegExps backtrack: on an
 * ambiguous pattern (`(a*)*b`, `(a|ab)*c`) their time grows exponentially or polynomially with
 * the input, where the automaton's is linear. This module proves, for a source that
 * ./regexp.ts wrote, that backtracking cannot cost more than linear time, or says it cannot.
 *
 * The argument. A backtracking matcher walks the paths of the pattern's position automaton
 * (Glushkov's: a state per character class, an edge for each way the pattern lets one follow
 * another; a counted repetition is unrolled, and a nested repetition that lets the same
 * character follow twice gives two edges, not one). It visits each path that reads a prefix of
 * the input at most once. If no two different paths read the same string to the same state
 * (the automaton is *prefix-unambiguous*), there are at most (n + 1) × states such paths, so the
 * work is linear in the input n. Checked on the product of the automaton with itself: starting
 * from (start, start) and following pairs of edges that can read the same character, a pair of
 * different edges that lands on one state is an ambiguity. An alternative that can match the
 * empty string twice is one too. A zero-width lookahead (./regexp.ts writes `(?=[A]*c)`, which
 * scans to the end of a run) costs up to n each time it is tried; it is allowed where the
 * product shows it can be reached at one input offset only (so it is tried at most a few times
 * per input), and its own body must be unambiguous.
 *
 * Sound, not complete: a pattern it refuses may well be fast; it stays on the automaton. Sizes
 * are bounded (MAX_POSITIONS, MAX_EDGES, MAX_PAIRS, MAX_WORK); past them the answer is "not
 * proved".
 */
import { referencedRules, type Expr, type Rules } from '../expr';
import { verdictSource } from './regexp';

/** A pattern bigger than this many positions (counted repetitions unrolled) is not analysed. */
export const MAX_POSITIONS = 4096;
/** The product of the automaton with itself is explored up to this many pairs. */
export const MAX_PAIRS = 2_000_000;
/** … and this many pairs of edges looked at (the analysis runs once, when a rule gets hot: tens of ms at most). */
export const MAX_WORK = 20_000_000;
/** A pattern whose automaton has more edges than this is not analysed. */
export const MAX_EDGES = 1_000_000;

type Node =
  | { k: 'class'; set: Uint32Array }
  | { k: 'seq'; items: Node[] }
  | { k: 'alt'; items: Node[] }
  | { k: 'rep'; item: Node; min: number; max: number }
  | { k: 'look'; body: Node };

class Unsupported extends Error {}

/** Reads the subset of RegExp syntax that ./regexp.ts writes; anything else is Unsupported. */
function parse(source: string): Node {
  let i = 0;
  const peek = (): string => source[i];
  const alt = (): Node => {
    const items = [seq()];
    while (peek() === '|') {
      i++;
      items.push(seq());
    }
    return items.length === 1 ? items[0] : { k: 'alt', items };
  };
  const seq = (): Node => {
    const items: Node[] = [];
    while (i < source.length && peek() !== '|' && peek() !== ')') items.push(quantified(atom()));
    return items.length === 1 ? items[0] : { k: 'seq', items };
  };
  const number = (): number => {
    const m = /^\d+/.exec(source.slice(i));
    if (!m) throw new Unsupported('a count');
    i += m[0].length;
    return Number(m[0]);
  };
  const quantified = (item: Node): Node => {
    for (;;) {
      const c = peek();
      let min: number, max: number;
      if (c === '*') [min, max] = [0, Infinity];
      else if (c === '+') [min, max] = [1, Infinity];
      else if (c === '?') [min, max] = [0, 1];
      else if (c === '{') {
        i++;
        min = number();
        max = min;
        if (peek() === ',') {
          i++;
          max = peek() === '}' ? Infinity : number();
        }
        if (peek() !== '}') throw new Unsupported('a count');
      } else return item;
      i++;
      if (peek() === '?') throw new Unsupported('a lazy quantifier');
      if (item.k === 'look') throw new Unsupported('a quantified lookahead');
      item = { k: 'rep', item, min, max };
    }
  };
  const char = (): number => {
    let c = source.charCodeAt(i++);
    if (c === 0x5c) {
      c = source.charCodeAt(i++);
      // Only escaped punctuation: a letter or digit after a backslash is a class or a reference.
      if (/[A-Za-z0-9]/.test(String.fromCharCode(c))) throw new Unsupported('an escape');
    }
    if (!(c < 128)) throw new Unsupported('a non-ASCII character');
    return c;
  };
  const single = (c: number): Node => {
    const set = new Uint32Array(4);
    set[c >> 5] |= 1 << (c & 31);
    return { k: 'class', set };
  };
  const atom = (): Node => {
    const c = peek();
    if (c === '(') {
      if (source.startsWith('(?:', i) || source.startsWith('(?=', i)) {
        const look = source[i + 2] === '=';
        i += 3;
        const body = alt();
        if (peek() !== ')') throw new Unsupported('an unclosed group');
        i++;
        return look ? { k: 'look', body } : body;
      }
      throw new Unsupported('a capturing group or assertion');
    }
    if (c === '[') {
      i++;
      if (peek() === '^') throw new Unsupported('a negated class');
      const set = new Uint32Array(4);
      while (peek() !== ']') {
        if (i >= source.length) throw new Unsupported('an unclosed class');
        const a = char();
        let b = a;
        if (peek() === '-' && source[i + 1] !== ']') {
          i++;
          b = char();
        }
        for (let x = a; x <= b; x++) set[x >> 5] |= 1 << (x & 31);
      }
      i++;
      return { k: 'class', set };
    }
    if (c === '.' || c === '^' || c === '$' || c === ')' || c === '*' || c === '+' || c === '?' || c === '{') {
      throw new Unsupported(`a bare ${c}`);
    }
    return single(char());
  };
  const node = alt();
  if (i !== source.length) throw new Unsupported('an unmatched )');
  return node;
}

/** A position automaton whose edges keep their multiplicity (see the module comment). */
class Positions {
  /** Each position's class (4 words of 32 bits: ASCII). Position 0 is the start. */
  readonly sets: Uint32Array[] = [new Uint32Array(4)];
  /** Outgoing edges: target positions, one entry per way (a target may appear twice). */
  readonly out: number[][] = [[]];
  /** Lookaheads: [body, the positions an edge through it leaves from]. */
  readonly looks: { body: Node; from: Set<number> }[] = [];
  edges = 0;

  add(set: Uint32Array): number {
    if (this.sets.length >= MAX_POSITIONS) throw new Unsupported('too many positions');
    this.sets.push(set);
    this.out.push([]);
    return this.sets.length - 1;
  }
}

/** A fragment: its first and last positions (with multiplicity), and how often it matches empty (0, 1, 2+). */
interface Fragment {
  first: Ends[];
  last: number[];
  empty: number;
}
/** A first position, and the lookaheads passed on the way to it. */
interface Ends {
  to: number;
  looks: number[];
}

function build(node: Node, a: Positions): Fragment {
  switch (node.k) {
    case 'class': {
      const p = a.add(node.set);
      return { first: [{ to: p, looks: [] }], last: [p], empty: 0 };
    }
    case 'look': throw new Unsupported('a lookahead outside a group');
    case 'alt': {
      const parts = node.items.map((x) => build(x, a));
      return { first: parts.flatMap((f) => f.first), last: parts.flatMap((f) => f.last), empty: Math.min(2, parts.reduce((s, f) => s + f.empty, 0)) };
    }
    case 'seq': {
      let acc: Fragment = { first: [], last: [], empty: 1 };
      for (let k = 0; k < node.items.length; k++) {
        const item = node.items[k];
        if (item.k === 'look') {
          // What follows the lookahead is reached through it: every edge into the rest of the
          // group (from the positions before it, or from the start) is marked. The rest must
          // not match nothing, or paths past the group would pass it unmarked.
          const rest = build({ k: 'seq', items: node.items.slice(k + 1) }, a);
          if (rest.empty) throw new Unsupported('a lookahead before what may match nothing');
          a.looks.push({ body: item.body, from: new Set() });
          return concat(acc, rest, [a.looks.length - 1], a);
        }
        acc = concat(acc, build(item, a), [], a);
      }
      return acc;
    }
    case 'rep': {
      const { item, min, max } = node;
      if (max !== Infinity && max > MAX_POSITIONS) throw new Unsupported('a count too large');
      let acc: Fragment = { first: [], last: [], empty: 1 };
      for (let k = 0; k < min; k++) acc = concat(acc, build(item, a), [], a);
      if (max === Infinity) {
        const f = build(item, a);
        link(f.last, f.first, [], a);
        acc = concat(acc, { first: f.first, last: f.last, empty: 1 }, [], a);
      } else {
        // x{0,k} as (x(x(…)?)?)?, built inside out.
        let opt: Fragment | undefined;
        for (let k = min; k < max; k++) {
          const f = build(item, a);
          const inner = opt ? concat(f, opt, [], a) : f;
          opt = { first: inner.first, last: inner.last, empty: Math.min(2, inner.empty + 1) };
        }
        if (opt) acc = concat(acc, opt, [], a);
      }
      return acc;
    }
  }
}

/** The edges from each of `last` to each of `first` (every way; lookaheads passed recorded). */
function link(last: number[], first: Ends[], looks: number[], a: Positions): void {
  a.edges += last.length * first.length;
  if (a.edges > MAX_EDGES) throw new Unsupported('too many edges');
  for (const p of last) {
    for (const e of first) {
      a.out[p].push(e.to);
      for (const l of [...looks, ...e.looks]) a.looks[l].from.add(p);
    }
  }
}

function concat(x: Fragment, y: Fragment, looks: number[], a: Positions): Fragment {
  link(x.last, y.first, looks, a);
  const yFirst = y.first.map((e) => ({ to: e.to, looks: [...looks, ...e.looks] }));
  const first = [...x.first];
  for (let k = 0; k < x.empty; k++) first.push(...yFirst);
  const last = [...y.last];
  for (let k = 0; k < y.empty; k++) last.push(...x.last);
  return { first, last, empty: Math.min(2, x.empty * y.empty) };
}

const meets = (a: Uint32Array, b: Uint32Array): boolean => ((a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2]) | (a[3] & b[3])) !== 0;

/** Is the automaton of `node` prefix-unambiguous, its lookaheads reached at one offset only? */
function analyse(node: Node): boolean {
  const a = new Positions();
  const f = build(node, a);
  if (f.empty > 1) return false;
  link([0], f.first, [], a);
  const n = a.sets.length;
  if (n * n > 4 * MAX_PAIRS) return false;
  // Pairs (p, q) of positions one string can lead to; p < q for two different paths, and
  // (p, p) only for one path taken twice. Two different edges to one state: ambiguous.
  const seen = new Uint8Array(n * n);
  const queue: number[] = [0];
  const pairs: number[] = [];
  seen[0] = 1;
  let work = 0;
  while (queue.length) {
    if (pairs.length >= MAX_PAIRS) return false;
    const pair = queue.pop()!;
    pairs.push(pair);
    const p = Math.floor(pair / n);
    const q = pair % n;
    const op = a.out[p];
    const oq = a.out[q];
    if ((work += op.length * oq.length) > MAX_WORK) return false;
    for (let i = 0; i < op.length; i++) {
      for (let j = p === q ? i : 0; j < oq.length; j++) {
        const s = op[i];
        const t = oq[j];
        if (p === q && i === j) {
          if (!seen[s * n + s]) {
            seen[s * n + s] = 1;
            queue.push(s * n + s);
          }
          continue;
        }
        if (!meets(a.sets[s], a.sets[t])) continue;
        if (s === t) return false;
        const key = s < t ? s * n + t : t * n + s;
        if (!seen[key]) {
          seen[key] = 1;
          queue.push(key);
        }
      }
    }
  }
  for (const look of a.looks) {
    if (!analyse(look.body)) return false;
    // Where one path stands on a position the lookahead leaves from, may another, on the same
    // input, reach such a position later? Then it could be tried at every offset.
    const later = new Uint8Array(n);
    const stack: number[] = [];
    const from = (x: number): void => {
      for (const t of a.out[x]) {
        if (!later[t]) {
          later[t] = 1;
          stack.push(t);
        }
      }
    };
    for (const pair of pairs) {
      const p = Math.floor(pair / n);
      const q = pair % n;
      if (look.from.has(p)) from(q);
      if (look.from.has(q)) from(p);
    }
    while (stack.length) from(stack.pop()!);
    for (const p of look.from) if (later[p]) return false;
  }
  return true;
}

/**
 * Is backtracking over this source (as ./regexp.ts writes it, anchored at both ends) proved to
 * take time linear in the input? False also for any syntax outside what ./regexp.ts writes.
 */
export function linearTime(source: string): boolean {
  try {
    return analyse(parse(source));
  } catch (e) {
    if (e instanceof Unsupported) return false;
    throw e;
  }
}

/** A rule whose RegExp, all references written out, would nest deeper than this is not tried. */
export const MAX_INLINED_DEPTH = 300;
/** … or would have more expression nodes than this. */
export const MAX_INLINED_SIZE = 100_000;

/**
 * The verdict RegExp of `rule` when backtracking over it is proved linear (see above), else
 * undefined. ./regexp.ts writes ASCII classes only, so a rule that reaches a non-ASCII
 * character (RFC 3987's ucschar) stays on the automaton; so does one whose RegExp would be too
 * big or too deep to write (the writer recurses, and inlines every reference).
 */
export function provedRegexp(grammar: Rules, rule: string, source = verdictSource): RegExp | undefined {
  if (!fits(grammar, rule)) return undefined;
  const text = source(grammar, rule);
  if (!linearTime(text)) return undefined;
  try {
    return new RegExp(`^(?:${text})$`);
  } catch {
    return undefined;
  }
}

/** ASCII only, and within MAX_INLINED_DEPTH and MAX_INLINED_SIZE once references are written out. */
function fits(grammar: Rules, rule: string): boolean {
  // Rules in an order where each comes after the rules it refers to (an explicit stack: rule
  // chains may be long). Regular rules only reach the driver, so there is no cycle.
  const shape = new Map<string, { depth: number; size: number }>();
  const entered = new Set<string>();
  const stack: [string, boolean][] = [[rule, false]];
  while (stack.length) {
    const [name, done] = stack.pop()!;
    if (shape.has(name)) continue;
    const e = grammar[name];
    if (!done) {
      if (entered.has(name)) continue;
      entered.add(name);
      stack.push([name, true]);
      for (const r of referencedRules(e)) if (!shape.has(r)) stack.push([r, false]);
      continue;
    }
    let ok = true;
    // One rule's own expression nests at most MAX_GROUP_NESTING deep: recursion is safe here.
    const walk = (x: Expr): { depth: number; size: number } => {
      switch (x.t) {
        case 'chars': if (x.more?.length) ok = false; return { depth: 1, size: 1 };
        case 'lit': if (!/^[\x00-\x7f]*$/.test(x.text)) ok = false; return { depth: 1, size: x.text.length };
        case 'ref': return shape.get(x.name) ?? { depth: Infinity, size: Infinity };
        case 'rep': {
          const r = walk(x.item);
          return { depth: r.depth + 1, size: r.size + 1 };
        }
        case 'seq': case 'alt': {
          let depth = 0, size = 1;
          for (const item of x.items) {
            const r = walk(item);
            depth = Math.max(depth, r.depth);
            size += r.size;
          }
          return { depth: depth + 1, size };
        }
      }
    };
    const r = walk(e);
    if (!ok || r.depth > MAX_INLINED_DEPTH || r.size > MAX_INLINED_SIZE) return false;
    shape.set(name, { depth: r.depth + 1, size: r.size });
  }
  return true;
}
