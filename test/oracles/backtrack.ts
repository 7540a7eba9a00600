/**
 * A test-only reference for the engine: grammars as a small AST of their own, printed as ABNF
 * for the engine, and run here by plain backtracking (continuation passing), in the order a
 * JavaScript RegExp tries things: alternatives as written, repetitions greedy, `[x]` before
 * nothing, and an iteration past the minimum that consumes nothing fails (ECMA-262
 * RepeatMatcher). Exponential in the worst case: short inputs only. Shares no code with
 * src/engine.
 */

export type Ast =
  | { t: 'range'; lo: number; hi: number }
  | { t: 'lit'; s: string } // case-insensitive, as ABNF quoted strings
  | { t: 'seq'; items: Ast[] }
  | { t: 'alt'; items: Ast[] }
  | { t: 'rep'; item: Ast; min: number; max: number }
  | { t: 'ref'; name: string };

export type Rules = Record<string, Ast>;

export interface RefNode { rule: string; start: number; end: number; children: RefNode[] }

/** The ABNF text of the rules (in the object's order). */
export function toAbnf(rules: Rules): string {
  const hex = (n: number) => n.toString(16).toUpperCase();
  const print = (e: Ast): string => {
    switch (e.t) {
      case 'range': return e.lo === e.hi ? `%x${hex(e.lo)}` : `%x${hex(e.lo)}-${hex(e.hi)}`;
      case 'lit': return JSON.stringify(e.s);
      case 'seq': return e.items.length === 0 ? '""' : `(${e.items.map(print).join(' ')})`;
      case 'alt': return `(${e.items.map(print).join(' / ')})`;
      case 'rep':
        if (e.min === 0 && e.max === 1) return `[${print(e.item)}]`;
        return `${e.min === e.max ? e.min : `${e.min || ''}*${e.max === Infinity ? '' : e.max}`}(${print(e.item)})`;
      case 'ref': return e.name;
    }
  };
  return Object.entries(rules).map(([name, e]) => `${name} = ${print(e)}\n`).join('');
}

type Events = { ev: ['open', string, number] | ['close', number]; prev: Events } | null;
type K = (j: number, ev: Events) => boolean;

class Matcher {
  steps = 0;
  constructor(private readonly rules: Rules, private readonly s: string, private readonly prefixMode: boolean) {}

  m(e: Ast, i: number, ev: Events, k: K): boolean {
    if (++this.steps > 2_000_000) throw new Error('reference: too many steps');
    const s = this.s;
    switch (e.t) {
      case 'range': {
        if (i >= s.length) return this.prefixMode;
        const c = s.codePointAt(i)!;
        return c >= e.lo && c <= e.hi && k(i + (c > 0xffff ? 2 : 1), ev);
      }
      case 'lit': {
        let j = i;
        for (const ch of e.s) {
          if (j >= s.length) return this.prefixMode;
          if (s[j].toLowerCase() !== ch.toLowerCase()) return false;
          j++;
        }
        return k(j, ev);
      }
      case 'seq': {
        const go = (n: number, j: number, ev2: Events): boolean => (n === e.items.length ? k(j, ev2) : this.m(e.items[n], j, ev2, (j2, ev3) => go(n + 1, j2, ev3)));
        return go(0, i, ev);
      }
      case 'alt':
        for (const item of e.items) if (this.m(item, i, ev, k)) return true;
        return false;
      case 'rep': return this.rep(e.item, e.min, e.max, i, ev, k);
      case 'ref':
        return this.m(this.rules[e.name], i, { ev: ['open', e.name, i], prev: ev }, (j, ev2) => k(j, { ev: ['close', j], prev: ev2 }));
    }
  }

  private rep(item: Ast, min: number, max: number, x: number, ev: Events, k: K): boolean {
    if (max === 0) return k(x, ev);
    const d: K = (y, ev2) => {
      if (min === 0 && y === x) return false;
      return this.rep(item, min === 0 ? 0 : min - 1, max - 1, y, ev2, k);
    };
    if (min !== 0) return this.m(item, x, ev, d);
    if (this.m(item, x, ev, d)) return true;
    return k(x, ev);
  }
}

/** The first-match tree of the whole input as `rule` (a node for every rule), or undefined. */
export function referenceTree(rules: Rules, rule: string, s: string): RefNode | undefined {
  const mt = new Matcher(rules, s, false);
  let found: Events | undefined;
  const ok = mt.m({ t: 'ref', name: rule }, 0, null, (j, ev) => {
    if (j !== s.length) return false;
    found = ev;
    return true;
  });
  if (!ok) return undefined;
  const events: NonNullable<Events>['ev'][] = [];
  for (let e: Events = found ?? null; e; e = e.prev) events.push(e.ev);
  events.reverse();
  const stack: RefNode[] = [{ rule: '', start: 0, end: 0, children: [] }];
  for (const e of events) {
    if (e[0] === 'open') stack.push({ rule: e[1], start: e[2], end: -1, children: [] });
    else {
      const n = stack.pop()!;
      n.end = e[1];
      stack[stack.length - 1].children.push(n);
    }
  }
  return stack[0].children[0];
}

/**
 * The rules with what matches no string at all (`r = "a" r`) replaced by a failure (an empty
 * alternation): in prefix mode, running out of input inside such a part must not count as a
 * prefix of the language. Productive rules by a plain fixpoint.
 */
function withoutEmptyLanguages(rules: Rules): Rules {
  const ok = new Set<string>();
  const can = (e: Ast): boolean => {
    switch (e.t) {
      case 'range': case 'lit': return true;
      case 'seq': return e.items.every(can);
      case 'alt': return e.items.some(can);
      case 'rep': return e.min === 0 || e.max === 0 || can(e.item);
      case 'ref': return ok.has(e.name);
    }
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, e] of Object.entries(rules)) if (!ok.has(name) && can(e)) { ok.add(name); changed = true; }
  }
  const FAIL: Ast = { t: 'alt', items: [] };
  const prune = (e: Ast): Ast => {
    if (!can(e)) return FAIL;
    switch (e.t) {
      case 'seq': return { t: 'seq', items: e.items.map(prune) };
      case 'alt': return { t: 'alt', items: e.items.filter(can).map(prune) };
      case 'rep': return can(e.item) ? { ...e, item: prune(e.item) } : { t: 'lit', s: '' };
      default: return e;
    }
  };
  const out: Rules = {};
  for (const [name, e] of Object.entries(rules)) out[name] = prune(e);
  return out;
}

/** Is `s` a prefix of some string the rule matches? */
export function referenceIsPrefix(rules: Rules, rule: string, s: string): boolean {
  return new Matcher(withoutEmptyLanguages(rules), s, true).m({ t: 'ref', name: rule }, 0, null, (j) => j === s.length);
}

/** The error offset: the first offset at which the input stops being a prefix of the language. */
export function referenceErrorIndex(rules: Rules, rule: string, s: string): number {
  for (let p = 0; p < s.length; p++) if (!referenceIsPrefix(rules, rule, s.slice(0, p + 1))) return p;
  return s.length;
}
