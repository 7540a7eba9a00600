/**
 * A recursive grammar as machines (a recursive transition network) for ./pushdown.ts: one NFA
 * over characters per rule that recursion re-enters, with a call edge where it does.
 *
 * Everything else is expanded in place: rules that reach no recursion, and recursive rules until
 * a reference would close a cycle (JSON's `value` holds `object`, `member` and `array`; only the
 * `value` inside them is a call). So each machine reads a whole token before it calls, the calls
 * sit after a consumed character (no left recursion: ./analysis.ts), and the lookahead that
 * decides a call sees the callee's first characters, white space and all.
 *
 * Characters are code points sorted into classes (two share a class when every character state
 * takes both or neither); class 0 is what no state takes, lone surrogates included, as in
 * ./ends.ts. Quoted strings fold ASCII letters only (RFC 5234 2.3), as the regular engine does.
 *
 * Beside the machines: which may end with nothing read (`nullable`), what each can begin with
 * (`first`) and what may follow a call of each (`follow`), over classes: the facts the runner
 * needs to know that taking a character cannot also mean returning (LL(1) over characters).
 */
import { foldedRanges, hasCodePoint, normalize } from '../automata/codepoints';
import { asciiRanges } from '../automata/codepoints';
import type { Expr, Rules } from '../expr';

/** Past this many states a grammar is not made into machines (the general engine runs it). */
export const MAX_MACHINE_STATES = 60_000;
/** Past this many character classes, likewise. */
export const MAX_CLASSES = 4_000;

/** Why a grammar is not made into machines: it is left to the general engine. */
export class NotMachines extends Error {}

export class Machines {
  /** Per state: empty moves. */
  readonly eps: number[][] = [];
  /** Per state: the code points a character state takes (null for other states). */
  readonly ranges: Array<readonly number[] | null> = [];
  /** Per state: where a character or a call goes on to (-1 for others). */
  readonly next: number[] = [];
  /** Per state: the machine a call state calls (-1 for others). */
  readonly callTo: number[] = [];
  /** Per call state: the rules in progress in its machine where it calls, its own included (the nesting a call adds). */
  readonly weight: number[] = [];
  /** Per state: its machine. */
  readonly owner: number[] = [];
  /** Per machine: its rule, start and accepting state. */
  readonly rule: string[] = [];
  readonly start: number[] = [];
  readonly accept: number[] = [];

  // Classes, made by `classify`.
  nc = 0;
  /** The class of each ASCII character. */
  ascii = new Uint16Array(128);
  /** The class of each BMP code point from 0x80 (lone surrogates class 0). */
  bmp = new Uint16Array(0);
  /** Above the BMP: interval starts and their classes. */
  astralFrom: number[] = [];
  astralClass: number[] = [];
  /** The classes each state takes, one byte a class: state s's class k at `s * nc + k` (one array: many small ones cost a collector). */
  takes = new Uint8Array(0);

  // Facts over classes, made by `analyze`.
  nullable: boolean[] = [];
  first: Uint8Array[] = [];
  follow: Uint8Array[] = [];
  /** Per state: nothing left to read in its machine (a call returning there needs no frame: tail position). */
  tail: boolean[] = [];
  /**
   * The root machine is a loop of itself (`s = "a" *s`): every call of it is made from it and
   * returns to a state that reads nothing and can only end or call it again, returning there. Then
   * a frame of it on a frame of it is the same as one (either can only end or call it again), so
   * ending and calling it again is what calling it does: ./pushdown.ts need not weigh the return.
   */
  rootLoop = false;

  add(owner: number): number {
    const s = this.eps.length;
    if (s >= MAX_MACHINE_STATES) throw new NotMachines('too many states');
    this.eps.push([]);
    this.ranges.push(null);
    this.next.push(-1);
    this.callTo.push(-1);
    this.weight.push(0);
    this.owner.push(owner);
    return s;
  }

  /** The class of the code point `cp`. */
  classOf(cp: number): number {
    if (cp < 128) return this.ascii[cp];
    if (cp <= 0xffff) return this.bmp[cp - 128];
    const from = this.astralFrom;
    let lo = 0;
    let hi = from.length - 1;
    while (lo < hi) {
      const m = (lo + hi + 1) >> 1;
      if (from[m] <= cp) lo = m;
      else hi = m - 1;
    }
    return this.astralClass[lo];
  }
}

/** The machines of `root` in `rules`, or a NotMachines thrown when the grammar is too large. */
export function buildMachines(rules: Rules, root: string, reachesRecursion: ReadonlySet<string>): Machines {
  const m = new Machines();
  const index = new Map<string, number>();
  const todo: number[] = [];
  const machineOf = (name: string): number => {
    let k = index.get(name);
    if (k === undefined) {
      k = m.rule.length;
      index.set(name, k);
      m.rule.push(name);
      m.start.push(-1);
      m.accept.push(-1);
      todo.push(k);
    }
    return k;
  };
  machineOf(root);
  while (todo.length) {
    const k = todo.shift()!;
    const chain = [m.rule[k]];
    const [s, t] = build(m, rules, rules[m.rule[k]], k, chain, reachesRecursion, machineOf);
    m.start[k] = s;
    m.accept[k] = t;
  }
  classify(m);
  analyze(m);
  return m;
}

function build(
  m: Machines, rules: Rules, e: Expr, k: number, chain: string[], recursive: ReadonlySet<string>, machineOf: (name: string) => number,
): [number, number] {
  const char = (ranges: readonly number[]): [number, number] => {
    const s = m.add(k);
    const t = m.add(k);
    m.ranges[s] = ranges;
    m.next[s] = t;
    return [s, t];
  };
  switch (e.t) {
    case 'chars': {
      const ranges = e.more ? normalize([...asciiRanges(e.set), ...e.more]) : asciiRanges(e.set);
      return char(ranges);
    }
    case 'lit': {
      const s = m.add(k);
      let cur = s;
      for (const ch of e.text) {
        const [a, b] = char(foldedRanges(ch));
        m.eps[cur].push(a);
        cur = b;
      }
      return [s, cur];
    }
    case 'seq': {
      const s = m.add(k);
      let cur = s;
      for (const item of e.items) {
        const [a, b] = build(m, rules, item, k, chain, recursive, machineOf);
        m.eps[cur].push(a);
        cur = b;
      }
      return [s, cur];
    }
    case 'alt': {
      const s = m.add(k);
      const t = m.add(k);
      for (const item of e.items) {
        const [a, b] = build(m, rules, item, k, chain, recursive, machineOf);
        m.eps[s].push(a);
        m.eps[b].push(t);
      }
      return [s, t];
    }
    case 'rep': {
      const s = m.add(k);
      let cur = s;
      for (let i = 0; i < e.min; i++) {
        const [a, b] = build(m, rules, e.item, k, chain, recursive, machineOf);
        m.eps[cur].push(a);
        cur = b;
      }
      const t = m.add(k);
      if (e.max === Infinity) {
        const [a, b] = build(m, rules, e.item, k, chain, recursive, machineOf);
        m.eps[cur].push(a, t);
        m.eps[b].push(cur);
      } else {
        for (let i = e.min; i < e.max; i++) {
          const [a, b] = build(m, rules, e.item, k, chain, recursive, machineOf);
          m.eps[cur].push(a, t);
          cur = b;
        }
        m.eps[cur].push(t);
      }
      return [s, t];
    }
    case 'ref': {
      const body = Object.prototype.hasOwnProperty.call(rules, e.name) ? rules[e.name] : undefined;
      if (!body) throw new NotMachines(`unknown rule ${e.name}`);
      if (!recursive.has(e.name) || !chain.includes(e.name)) {
        if (recursive.has(e.name)) chain.push(e.name);
        try {
          return build(m, rules, body, k, chain, recursive, machineOf);
        } finally {
          if (recursive.has(e.name)) chain.pop();
        }
      }
      // A reference that closes a cycle: a call.
      const s = m.add(k);
      const t = m.add(k);
      m.callTo[s] = machineOf(e.name);
      m.next[s] = t;
      m.weight[s] = chain.length;
      return [s, t];
    }
  }
}

const SURROGATES: readonly number[] = [0xd800, 0xdfff];

/** Sorts the code points into classes, and records which classes each character state takes. */
function classify(m: Machines): void {
  const charStates: number[] = [];
  const bounds = new Set<number>([0, 0x80, 0xd800, 0xe000, 0x10000, 0x110000]);
  for (let s = 0; s < m.ranges.length; s++) {
    const r = m.ranges[s];
    if (!r) continue;
    charStates.push(s);
    for (let i = 0; i < r.length; i += 2) bounds.add(r[i]).add(r[i + 1] + 1);
  }
  const starts = [...bounds].filter((b) => b <= 0x10ffff).sort((a, b) => a - b);
  // Each state's ranges mark the intervals they cover (every range's ends are interval starts).
  const at = new Map<number, number>(starts.map((b, i) => [b, i]));
  const covers: number[][] = starts.map(() => []);
  let work = 0;
  for (const s of charStates) {
    const r = m.ranges[s]!;
    for (let i = 0; i < r.length; i += 2) {
      const from = at.get(r[i])!;
      const to = r[i + 1] + 1 > 0x10ffff ? starts.length : at.get(r[i + 1] + 1)!;
      if ((work += to - from) > 20_000_000) throw new NotMachines('too many character classes');
      for (let j = from; j < to; j++) covers[j].push(s);
    }
  }
  const bySignature = new Map<string, number>([['', 0]]);
  const intervalClass: number[] = [];
  const members: number[][] = [[]];
  for (let i = 0; i < starts.length; i++) {
    const sig = hasCodePoint(SURROGATES, starts[i]) ? [] : covers[i];
    const key = sig.join(',');
    let c = bySignature.get(key);
    if (c === undefined) {
      bySignature.set(key, (c = bySignature.size));
      members.push(sig);
    }
    intervalClass.push(c);
  }
  if (bySignature.size > MAX_CLASSES) throw new NotMachines('too many character classes');
  m.nc = bySignature.size;
  const nc = m.nc;
  m.takes = new Uint8Array(m.ranges.length * nc);
  for (let c = 1; c < members.length; c++) for (const s of members[c]) m.takes[s * nc + c] = 1;
  const bmp = new Uint16Array(0x10000 - 128);
  for (let i = 0; i < starts.length; i++) {
    const lo = starts[i];
    const hi = (i + 1 < starts.length ? starts[i + 1] : 0x110000) - 1;
    const c = intervalClass[i];
    for (let cp = lo; cp <= Math.min(hi, 127); cp++) m.ascii[cp] = c;
    if (hi >= 128 && lo <= 0xffff) bmp.fill(c, Math.max(lo, 128) - 128, Math.min(hi, 0xffff) + 1 - 128);
    if (hi >= 0x10000) {
      m.astralFrom.push(Math.max(lo, 0x10000));
      m.astralClass.push(c);
    }
  }
  m.bmp = bmp;
}

/** `nullable`, `first`, `follow` per machine and `tail` per state: fixpoints over the machines. */
function analyze(m: Machines): void {
  const nm = m.rule.length;
  const nc = m.nc;
  m.nullable = new Array<boolean>(nm).fill(false);
  m.first = Array.from({ length: nm }, () => new Uint8Array(nc));
  m.follow = Array.from({ length: nm }, () => new Uint8Array(nc));
  const or = (into: Uint8Array, from: Uint8Array): boolean => {
    let changed = false;
    for (let c = 0; c < nc; c++) if (from[c] && !into[c]) { into[c] = 1; changed = true; }
    return changed;
  };
  /** What `from`'s closure can read first, and whether it can reach its machine's end reading nothing. */
  const look = (from: number): { first: Uint8Array; ends: boolean } => {
    const first = new Uint8Array(nc);
    let ends = false;
    const seen = new Uint8Array(m.eps.length);
    const stack = [from];
    seen[from] = 1;
    while (stack.length) {
      const s = stack.pop()!;
      if (s === m.accept[m.owner[s]]) ends = true;
      if (m.ranges[s]) for (let c = 1; c < nc; c++) if (m.takes[s * nc + c]) first[c] = 1;
      const callee = m.callTo[s];
      if (callee >= 0) {
        or(first, m.first[callee]);
        if (m.nullable[callee] && !seen[m.next[s]]) { seen[m.next[s]] = 1; stack.push(m.next[s]); }
      }
      for (const t of m.eps[s]) if (!seen[t]) { seen[t] = 1; stack.push(t); }
    }
    return { first, ends };
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = 0; k < nm; k++) {
      const l = look(m.start[k]);
      if (or(m.first[k], l.first)) changed = true;
      if (l.ends && !m.nullable[k]) { m.nullable[k] = true; changed = true; }
    }
  }
  const calls: number[] = [];
  for (let s = 0; s < m.callTo.length; s++) if (m.callTo[s] >= 0) calls.push(s);
  const after = calls.map((s) => look(m.next[s]));
  for (let changed = true; changed; ) {
    changed = false;
    calls.forEach((s, i) => {
      const callee = m.callTo[s];
      if (or(m.follow[callee], after[i].first)) changed = true;
      if (after[i].ends && or(m.follow[callee], m.follow[m.owner[s]])) changed = true;
    });
  }
  m.tail = new Array<boolean>(m.eps.length).fill(false);
  for (const s of calls) {
    const r = m.next[s];
    const l = look(r);
    // Nothing to read after the call: only empty moves to the end (no character, no call on the way).
    let reads = false;
    const seen = new Set<number>([r]);
    const stack = [r];
    while (stack.length && !reads) {
      const x = stack.pop()!;
      if (m.ranges[x] || m.callTo[x] >= 0) reads = true;
      for (const t of m.eps[x]) if (!seen.has(t)) { seen.add(t); stack.push(t); }
    }
    m.tail[r] = l.ends && !reads;
  }
  m.rootLoop = calls.some((c) => m.callTo[c] === 0)
    && calls.every((c) => m.callTo[c] !== 0 || (m.owner[c] === 0 && loopReturn(m, m.next[c])));
}

/** Does return state `r` read nothing, reach its machine's end, and call only what it returned from, returning to `r`? */
function loopReturn(m: Machines, r: number): boolean {
  const end = m.accept[m.owner[r]];
  let ends = false;
  const seen = new Set<number>([r]);
  const stack = [r];
  while (stack.length) {
    const x = stack.pop()!;
    if (m.ranges[x]) return false;
    if (m.callTo[x] >= 0 && (m.callTo[x] !== 0 || m.next[x] !== r)) return false;
    if (x === end) ends = true;
    for (const t of m.eps[x]) if (!seen.has(t)) { seen.add(t); stack.push(t); }
  }
  return ends;
}
