/**
 * Strings derived from a grammar's expressions: the shortest derivation, a random one (seeded,
 * depth-bounded, so recursive grammars end), one steered to a target (an alternative, a
 * repetition count, a character: ./marks.ts), and one read off a list of choices (the fast-check
 * arbitraries: ./arbitrary.ts). A derivation only says what the grammar could match; the callers
 * check every string with the engine and read the first-match tree for what it takes.
 */
import type { Expr, Rules } from '../expr';
import type { Target } from './marks';
import { rangesOf } from './rules';

/** A small seeded generator (mulberry32): numbers in [0, 1); the build's samples use it too (../build/samples.ts). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}


/** How a derivation makes its free choices. */
export interface Chooser {
  /** An index in [0, n) among choices sorted shortest first. */
  pick(n: number): number;
  /** A code point from the ranges. */
  char(ranges: readonly number[]): number;
  /** A quoted string's letters in some case (ABNF strings are case-insensitive). */
  text(s: string): string;
}

/** Always the shortest choice, the first character, the string as written. */
export const SHORTEST: Chooser = { pick: () => 0, char: (r) => r[0], text: (s) => s };

/** Random choices from a seeded generator. */
export function randomChooser(rnd: () => number): Chooser {
  return {
    pick: (n) => (rnd() < 0.5 ? 0 : Math.floor(rnd() * n)),
    char: (r) => {
      const k = Math.floor(rnd() * (r.length / 2)) * 2;
      const lo = r[k];
      const hi = Math.min(r[k + 1], lo + 0x4000);
      for (let tries = 0; tries < 8; tries++) {
        const cp = lo + Math.floor(rnd() * (hi - lo + 1));
        if (cp < 0xd800 || cp > 0xdfff) return cp;
      }
      return lo;
    },
    text: (s) => (rnd() < 0.7 ? s : [...s].map((c) => (rnd() < 0.5 ? c.toLowerCase() : c.toUpperCase())).join('')),
  };
}

/** Choices read from a list (exhausted: the shortest); for shrinking toward shorter strings. */
export function listChooser(list: readonly number[]): Chooser {
  let i = 0;
  const next = () => (i < list.length ? list[i++] : 0);
  return {
    pick: (n) => next() % n,
    char: (r) => {
      const v = next();
      const k = (v % (r.length / 2)) * 2;
      const span = Math.min(r[k + 1] - r[k], 0xffff) + 1;
      const cp = r[k] + (Math.floor(v / (r.length / 2)) % span);
      return cp >= 0xd800 && cp <= 0xdfff ? r[k] : cp;
    },
    text: (s) => s,
  };
}

/** Past this many nested rules, a derivation takes the shortest way out. */
export const DEFAULT_DEPTH = 12;

export class Deriver {
  /** The shortest length of each rule's strings (Infinity: none, or not finite). */
  private readonly least = new Map<string, number>();
  private readonly leastOf = new WeakMap<Expr, number>();
  /** For a steered derivation: each rule's distance (in references) to the target's rule. */
  private toward = new Map<string, number>();
  private goal: Target | undefined;
  /** Beyond this output length, choices go shortest. */
  constructor(private readonly rules: Rules, private readonly depthBound = DEFAULT_DEPTH, private readonly lengthBound = Infinity) {
    // The least lengths, by fixpoint (recursive rules included).
    const names = Object.keys(rules);
    for (const n of names) this.least.set(n, Infinity);
    for (let changed = true; changed;) {
      changed = false;
      for (const n of names) {
        const v = this.size(rules[n], new Map());
        if (v < this.least.get(n)!) { this.least.set(n, v); changed = true; }
      }
    }
  }

  /** The shortest length of `e`'s strings (Infinity when it has none). */
  private size(e: Expr, memo: Map<Expr, number>): number {
    switch (e.t) {
      case 'chars': return rangesOf(e).length ? 1 : Infinity;
      case 'lit': return [...e.text].length;
      case 'ref': return this.least.get(e.name) ?? Infinity;
      case 'seq': return e.items.reduce((s, x) => s + this.size(x, memo), 0);
      case 'alt': return Math.min(...e.items.map((x) => this.size(x, memo)), Infinity);
      case 'rep': return e.min === 0 ? 0 : e.min * this.size(e.item, memo);
    }
  }

  /** The least length of `e` (after the fixpoint). */
  leastLength(e: Expr): number {
    let v = this.leastOf.get(e);
    if (v === undefined) this.leastOf.set(e, (v = this.size(e, new Map())));
    return v;
  }

  /** A string of rule `rule`, with free choices from `chooser`; undefined when the rule has none. */
  derive(rule: string, chooser: Chooser): string | undefined {
    this.goal = undefined;
    if (!(this.least.get(rule)! < Infinity)) return undefined;
    const out: string[] = [];
    return this.gen({ t: 'ref', name: rule }, chooser, 0, out, undefined) ? out.join('') : undefined;
  }

  /**
   * A string of `rule` whose derivation takes `target` (the alternative, the repetition count,
   * the character), the rest chosen by `chooser`; undefined when the target cannot be reached.
   * Whether the first-match tree takes it too is for the caller to check.
   */
  steer(rule: string, target: Target, chooser: Chooser): string | undefined {
    this.goal = target;
    this.toward = this.distances(target.rule);
    if (!this.toward.has(rule)) return undefined;
    const out: string[] = [];
    const ok = this.gen({ t: 'ref', name: rule }, chooser, 0, out, 'route');
    return ok ? out.join('') : undefined;
  }

  /** Each rule's distance in references to `rule` (0 for itself); absent: it does not reach it. */
  private distances(rule: string): Map<string, number> {
    const refs = new Map<string, Set<string>>();
    for (const n of Object.keys(this.rules)) {
      const set = new Set<string>();
      const stack = [this.rules[n]];
      while (stack.length) {
        const x = stack.pop()!;
        if (x.t === 'ref') set.add(x.name);
        else if (x.t === 'seq' || x.t === 'alt') stack.push(...x.items);
        else if (x.t === 'rep') stack.push(x.item);
      }
      refs.set(n, set);
    }
    const d = new Map<string, number>([[rule, 0]]);
    for (let changed = true; changed;) {
      changed = false;
      for (const [n, set] of refs) {
        for (const m of set) {
          const v = d.get(m);
          if (v !== undefined && (d.get(n) ?? Infinity) > v + 1 && this.least.get(n)! < Infinity) { d.set(n, v + 1); changed = true; }
        }
      }
    }
    return d;
  }

  /** The least distance to the target's rule through `e`'s references (Infinity: none). */
  private reach(e: Expr): number {
    switch (e.t) {
      case 'ref': return this.toward.get(e.name) ?? Infinity;
      case 'seq': case 'alt': return Math.min(Infinity, ...e.items.map((x) => this.reach(x)));
      case 'rep': return e.max === 0 ? Infinity : this.reach(e.item);
      default: return Infinity;
    }
  }

  /**
   * Writes a string of `e` to `out`. `mode`: undefined (free), 'route' (this expression must lead
   * to the target's rule through a reference), or a path (the remaining steps to the target inside
   * the target's rule). False when the target could not be placed.
   */
  private gen(e: Expr, ch: Chooser, depth: number, out: string[], mode: undefined | 'route' | readonly number[]): boolean {
    const free = mode === undefined;
    const short = free && (depth > this.depthBound || out.length > this.lengthBound);
    switch (e.t) {
      case 'chars': {
        const r = rangesOf(e);
        let cp = short ? r[0] : ch.char(r);
        if (Array.isArray(mode) && mode.length === 0 && this.goal?.kind === 'character') cp = this.goal.cp;
        out.push(String.fromCodePoint(cp));
        return true;
      }
      case 'lit': out.push(short ? e.text : ch.text(e.text)); return true;
      case 'ref': {
        // A rule with no finite string (`r = "a" r`) cannot be finished: no derivation through it.
        if (!(this.least.get(e.name)! < Infinity)) return false;
        if (mode === 'route') {
          const goal = this.goal!;
          if (e.name === goal.rule) return this.gen(this.rules[e.name], ch, depth + 1, out, goal.path);
          return this.gen(this.rules[e.name], ch, depth + 1, out, 'route');
        }
        return this.gen(this.rules[e.name], ch, depth + 1, out, undefined);
      }
      case 'seq': {
        if (free) {
          for (const x of e.items) if (!this.gen(x, ch, depth, out, undefined)) return false;
          return true;
        }
        if (Array.isArray(mode) && mode.length > 0) {
          const k = mode[0];
          let ok = true;
          e.items.forEach((x, i) => { if (!this.gen(x, ch, depth, out, i === k ? mode.slice(1) : undefined)) ok = false; });
          return ok;
        }
        // Route: through an item that reaches the target's rule (the nearest first, by the chooser).
        const d = e.items.map((x) => this.reach(x));
        const ways = d.map((v, i) => [v, i] as const).filter(([v]) => v < Infinity).sort((a, b) => a[0] - b[0]);
        if (!ways.length) return false;
        const best = ways[depth > this.depthBound ? 0 : ch.pick(ways.length)][1];
        let ok = true;
        e.items.forEach((x, i) => { if (!this.gen(x, ch, depth, out, i === best ? 'route' : undefined)) ok = false; });
        return ok;
      }
      case 'alt': {
        if (Array.isArray(mode)) {
          const goal = this.goal!;
          if (mode.length === 0) {
            // The target alternation itself.
            const k = goal.kind === 'alternative' ? goal.index : 0;
            return this.gen(e.items[k], ch, depth, out, undefined);
          }
          return this.gen(e.items[mode[0]], ch, depth, out, mode.slice(1));
        }
        if (mode === 'route') {
          const d = e.items.map((x) => this.reach(x));
          const m = Math.min(...d);
          if (m === Infinity) return false;
          // Among the items that lead there, any (by the chooser), nearest first.
          const ways = d.map((v, i) => [v, i] as const).filter(([v]) => v < Infinity).sort((a, b) => a[0] - b[0]);
          // Past the depth bound, the nearest: a route ends.
          return this.gen(e.items[ways[depth > this.depthBound ? 0 : ch.pick(ways.length)][1]], ch, depth, out, 'route');
        }
        const ways = e.items.map((x, i) => [this.leastLength(x), i] as const).filter(([v]) => v < Infinity).sort((a, b) => a[0] - b[0]);
        if (!ways.length) return false;
        const k = short ? ways[0][1] : ways[ch.pick(ways.length)][1];
        return this.gen(e.items[k], ch, depth, out, undefined);
      }
      case 'rep': {
        const itemLeast = this.leastLength(e.item);
        if (Array.isArray(mode) && mode.length === 0) {
          // The target repetition: its count.
          const goal = this.goal!;
          const count = goal.kind === 'repetition' ? goal.count : e.min;
          for (let i = 0; i < count; i++) if (!this.gen(e.item, ch, depth, out, undefined)) return false;
          return true;
        }
        if (!free) {
          // The target is inside the item: at least one iteration (more, by the chooser), one of
          // them steered (the first, or another by the chooser: a later one may be where the
          // first-match tree takes the target).
          const least = Math.max(e.min, 1);
          if (least > e.max) return false;
          const count = least + ch.pick(Math.min(e.max - least, 4) + 1);
          const steered = ch.pick(count);
          let ok = true;
          for (let i = 0; i < count; i++) if (!this.gen(e.item, ch, depth, out, i === steered ? (mode === 'route' ? 'route' : mode.slice(1)) : undefined)) ok = false;
          return ok;
        }
        let count = e.min;
        if (!short && itemLeast < Infinity && e.max > e.min) {
          const room = Math.min(e.max - e.min, 4);
          count += ch.pick(room + 1);
        }
        if (itemLeast === Infinity && count > 0) return false;
        for (let i = 0; i < count; i++) if (!this.gen(e.item, ch, depth, out, undefined)) return false;
        return true;
      }
    }
  }
}
