/**
 * The verdict of a recursive grammar in one pass over the input, on a stack of return states:
 * a deterministic pushdown automaton, built lazily (as RE2 builds its DFA) from the machines of
 * ./machines.ts. Where it is proved deterministic it is exact: the verdict is the language's,
 * which is what ./ends.ts (and a backtracking parser) finds. Where the next character does not
 * decide, it says so (`UNDECIDED`) and the caller runs ./ends.ts instead.
 *
 * A state is a set of items of the machines' NFA (subset construction), each item tagged:
 * - untagged: the machine being run, its return state on top of the stack;
 * - push(r): a machine it may call, entered but not yet committed to (its return state r not yet
 *   pushed): JSON's `member` reads the white space after ":" while `value` may have begun with it;
 * - pop: the caller's items after the return state on top of the stack (a state made for that
 *   return state): after a "]" the white space may be the array's or its caller's.
 * A character that only tagged items take commits: push r, or pop. Tags do not nest: a state
 * that would need it makes the run UNDECIDED.
 *
 * Returning: a state whose machine may end pops on a character it does not take. When it does
 * take it and the character can also follow a call of its machine (`follow`), the state peeks
 * at the return state on top of the stack and goes on in a state made for both. A call in tail
 * position pushes nothing, so right recursion (`list = item [ "," list ]`) is a loop.
 *
 * Work is one table step a character (plus a push or pop at a call or return); memory is the
 * stack, bounded by the nesting, and the states the inputs have visited.
 */
import type { Rules } from '../expr';
import { buildMachines, Machines, NotMachines } from './machines';

import { UNDECIDED } from './answers';

export { UNDECIDED };

/** Past this many states the automaton stops growing: the input is UNDECIDED. */
const MAX_STATES = 20_000;

const UNTAGGED = 0;
const POP = 1;
/** push(r) is tag PUSH + r. */
const PUSH = 2;

// Transition codes: > 0 go to that state; 0 not worked out yet; < 0 an action (index -code).
const enum Act { Dead, Push, Pop, Peek, Undecided }

class Undecided extends Error {}

/** A closure: its character items, whether the untagged (or popped) items may end, and the machine that ends. */
interface Closure { readonly items: number[]; readonly acc: boolean; readonly popAcc: boolean; readonly accMach: number }

export class Pushdown {
  /** Items of each state (codes tag * ns + nfa state), sorted; state 0 is unused. */
  private readonly items: Int32Array[] = [new Int32Array(0)];
  /** 0 pure, 1 with push tags, 2 with pop tags (then `popT` is the return state it was made for). */
  private kind: Uint8Array = new Uint8Array(64);
  /** Pure or push: the untagged items may end (pop once to return); pop: the caller's may (pop twice). */
  private ret: Uint8Array = new Uint8Array(64);
  /** The machine of the untagged items (-1: none), and of the popped ones. */
  private mach: Int32Array = new Int32Array(64);
  private popMach: Int32Array = new Int32Array(64);
  private popT: Int32Array = new Int32Array(64);
  private trans: Int32Array;
  private readonly byKey = new Map<string, number>();
  private readonly actKind: number[] = [0];
  private readonly actTarget: number[] = [0];
  /** Push: the return state (the nesting it adds is its `weightOf`). */
  private readonly actArg: number[] = [0];
  /** Peeks worked out: (state, class, return state) → transition code. */
  private readonly peeks = new Map<number, number>();
  /** The pure state each return state goes on in. */
  private readonly entry = new Map<number, number>();
  private readonly ns: number;
  private readonly nc: number;
  readonly startState: number;
  private stack = new Int32Array(256);
  /** The nesting a frame adds, by its return state (the rules in progress where its call is). */
  private readonly weightOf: Int32Array;
  /** Return states whose frame on a frame of its own kind is the same as one (./machines.ts `rootLoop`): pushed once. */
  private readonly once: Uint8Array;

  constructor(readonly m: Machines, private readonly maxNesting: number) {
    this.ns = m.eps.length;
    this.nc = m.nc;
    this.trans = new Int32Array(64 * this.nc);
    this.weightOf = new Int32Array(this.ns);
    this.once = new Uint8Array(this.ns);
    for (let c = 0; c < this.ns; c++) {
      if (m.callTo[c] < 0) continue;
      this.weightOf[m.next[c]] = m.weight[c];
      if (m.rootLoop && m.callTo[c] === 0) this.once[m.next[c]] = 1;
    }
    this.startState = this.state(this.closure([m.start[0]], -1), -1);
  }

  /** 1 valid, 0 not, UNDECIDED (./ends.ts must answer). */
  test(s: string): number {
    try {
      return this.run(s);
    } catch (e) {
      if (e instanceof Undecided) return UNDECIDED;
      throw e;
    }
  }

  /** The most frames the last run had on its stack at once (its memory: the nesting, not the length). */
  deepest = 0;

  private run(s: string): number {
    this.deepest = 0;
    const n = s.length;
    const m = this.m;
    const ascii = m.ascii;
    const bmp = m.bmp;
    const nc = this.nc;
    let trans = this.trans;
    let st = this.startState;
    let sp = 0;
    let nesting = 0;
    let i = 0;
    while (i < n) {
      const c = s.charCodeAt(i++);
      let k: number;
      if (c < 128) {
        // The common step: an ASCII character, a transition worked out before, no action.
        k = ascii[c];
        const t = trans[st * nc + k];
        if (t > 0) {
          st = t;
          continue;
        }
      }
      if (c < 128) k = ascii[c];
      else if (c < 0xd800 || c > 0xdfff) k = bmp[c - 128];
      else {
        const d = i < n ? s.charCodeAt(i) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          i++;
          k = m.classOf(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
        } else k = 0; // a lone surrogate: no state takes it
      }
      for (;;) {
        let t = trans[st * nc + k];
        if (t === 0) {
          t = this.fill(st, k);
          trans = this.trans;
        }
        if (t > 0) {
          st = t;
          break;
        }
        const a = -t;
        const kind = this.actKind[a];
        if (kind === Act.Push) {
          const r = this.actArg[a];
          // The nesting counts every call, a frame kept once included (so the limit is where it was).
          if ((nesting += this.weightOf[r]) > this.maxNesting) return UNDECIDED;
          if (sp === 0 || this.stack[sp - 1] !== r || this.once[r] === 0) {
            if (sp === this.stack.length) this.grow();
            this.stack[sp++] = r;
            if (sp > this.deepest) this.deepest = sp;
          }
          st = this.actTarget[a];
          break;
        }
        if (kind === Act.Pop) {
          nesting -= this.weightOf[this.stack[--sp]];
          st = this.actTarget[a];
          break;
        }
        if (kind === Act.Peek) {
          if (sp === 0) {
            st = this.actTarget[a];
            break;
          }
          const top = this.stack[sp - 1];
          const key = (st * nc + k) * this.ns + top;
          let p = this.peeks.get(key);
          if (p === undefined) {
            p = this.peek(st, k, top);
            this.peeks.set(key, p);
            trans = this.trans;
          }
          if (p > 0) {
            st = p;
            break;
          }
          const b = -p;
          if (this.actKind[b] === Act.Pop) {
            nesting -= this.weightOf[this.stack[--sp]];
            st = this.actTarget[b];
            break;
          }
          return UNDECIDED;
        }
        if (kind === Act.Undecided) return UNDECIDED;
        // Dead: no item takes the character. Return, if the state may, and read it again.
        const r = this.ret[st];
        if (r === 0 || sp < r) return 0;
        if (r === 2) nesting -= this.weightOf[this.stack[--sp]];
        nesting -= this.weightOf[this.stack[--sp]];
        st = this.entryOf(this.stack[sp]);
      }
    }
    // The end of the input: return while the states may.
    for (;;) {
      const r = this.ret[st];
      if (sp === 0) return r === 1 ? 1 : 0;
      if (r === 0) return 0;
      if (r === 2) {
        if (sp === 1) return 1;
        sp--;
      }
      st = this.entryOf(this.stack[--sp]);
    }
  }

  private grow(): void {
    const s = new Int32Array(this.stack.length * 2);
    s.set(this.stack);
    this.stack = s;
  }

  private entryOf(r: number): number {
    let e = this.entry.get(r);
    if (e === undefined) this.entry.set(r, (e = this.state(this.closure([r], -1), -1)));
    return e;
  }

  private action(kind: Act, target: number, arg = 0): number {
    this.actKind.push(kind);
    this.actTarget.push(target);
    this.actArg.push(arg);
    return -(this.actKind.length - 1);
  }

  /**
   * The closure of `codes` (items): empty moves followed, calls entered (tagged push), ends
   * taken (push: to the return state; untagged: to `popT`'s items tagged pop when there is one).
   * Kept: the character states. Throws Undecided where tags would nest.
   */
  private closure(codes: readonly number[], popT: number): Closure {
    const m = this.m;
    const ns = this.ns;
    const seen = new Set<number>();
    const stack: number[] = [];
    const out: number[] = [];
    let acc = false;
    let popAcc = false;
    let accMach = -1;
    const add = (code: number) => {
      if (!seen.has(code)) {
        seen.add(code);
        stack.push(code);
      }
    };
    for (const c of codes) add(c);
    while (stack.length) {
      const code = stack.pop()!;
      const s = code % ns;
      const tag = (code - s) / ns;
      if (m.ranges[s]) out.push(code);
      const callee = m.callTo[s];
      if (callee >= 0) {
        if (tag !== UNTAGGED) throw new Undecided();
        add((PUSH + m.next[s]) * ns + m.start[callee]);
      }
      if (s === m.accept[m.owner[s]]) {
        if (tag === UNTAGGED) {
          if (popT >= 0) add(POP * ns + popT);
          else {
            acc = true;
            accMach = m.owner[s];
          }
        } else if (tag === POP) popAcc = true;
        else add(tag - PUSH); // the callee ended: its caller goes on, untagged
      }
      const e = m.eps[s];
      for (let j = 0; j < e.length; j++) add(tag * ns + e[j]);
    }
    out.sort((a, b) => a - b);
    return { items: out, acc, popAcc, accMach };
  }

  /** The state of a closure (made once for its items and return state). */
  private state(c: Closure, popT: number): number {
    const ns = this.ns;
    let hasPop = false;
    let hasPush = false;
    let mach = c.accMach;
    let popMach = -1;
    for (const code of c.items) {
      const s = code % ns;
      const tag = (code - s) / ns;
      if (tag === UNTAGGED) mach = this.m.owner[s];
      else if (tag === POP) { hasPop = true; popMach = this.m.owner[s]; }
      else hasPush = true;
    }
    if (hasPop && hasPush) throw new Undecided();
    const pop = hasPop || c.popAcc;
    const key = (pop ? popT : -1) + ':' + (c.acc ? 1 : 0) + (c.popAcc ? 1 : 0) + ':' + c.items.join(',');
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const id = this.items.length;
    if (id >= MAX_STATES) throw new Undecided();
    if (id >= this.kind.length) this.growStates();
    this.items.push(Int32Array.from(c.items));
    this.kind[id] = pop ? 2 : hasPush ? 1 : 0;
    this.ret[id] = pop ? (c.popAcc ? 2 : 0) : c.acc ? 1 : 0;
    this.mach[id] = mach;
    this.popMach[id] = pop ? (popMach >= 0 ? popMach : this.m.owner[popT]) : -1;
    this.popT[id] = pop ? popT : -1;
    this.byKey.set(key, id);
    return id;
  }

  private growStates(): void {
    const n = this.kind.length * 2;
    const grow8 = (a: Uint8Array) => { const b = new Uint8Array(n); b.set(a); return b; };
    const grow32 = (a: Int32Array) => { const b = new Int32Array(n); b.set(a); return b; };
    this.kind = grow8(this.kind);
    this.ret = grow8(this.ret);
    this.mach = grow32(this.mach);
    this.popMach = grow32(this.popMach);
    this.popT = grow32(this.popT);
    const t = new Int32Array(n * this.nc);
    t.set(this.trans);
    this.trans = t;
  }

  /** The items of `codes` that take class `k`, moved past it (tags kept). */
  private step(codes: ArrayLike<number>, k: number): number[] {
    const m = this.m;
    const ns = this.ns;
    const out: number[] = [];
    for (let j = 0; j < codes.length; j++) {
      const s = codes[j] % ns;
      if (m.takes[s * this.nc + k]) out.push(codes[j] - s + m.next[s]);
    }
    return out;
  }

  /** Works out the transition of `st` on class `k`, records it, and returns its code. */
  private fill(st: number, k: number): number {
    let t: number;
    try {
      t = this.transition(st, k);
    } catch (e) {
      if (!(e instanceof Undecided)) throw e;
      t = this.action(Act.Undecided, 0);
    }
    this.trans[st * this.nc + k] = t;
    return t;
  }

  private transition(st: number, k: number): number {
    const m = this.m;
    const raw = this.step(this.items[st], k);
    if (!raw.length) return this.action(Act.Dead, 0);
    const kind = this.kind[st];
    // A return is possible here and the character could be read after it, deeper than this state sees.
    if (kind === 2) {
      if (this.ret[st] === 2 && m.follow[this.popMach[st]][k]) throw new Undecided();
    } else if (this.ret[st] === 1 && m.follow[this.mach[st]][k] && !this.sameAsCalling(st, k)) {
      if (kind === 1) throw new Undecided();
      return this.action(Act.Peek, this.commit(raw, -1).target);
    }
    return this.commit(raw, kind === 2 ? this.popT[st] : -1).code;
  }

  /**
   * In a root machine that is a loop of itself (./machines.ts `rootLoop`), a state that may end
   * and calls the root again on `k`: ending and calling it again from the return state reads `k`
   * the same way with one frame less of the same kind, which changes nothing, so the return need
   * not be weighed (`s = "a" *s` on `aaa…` is decided).
   */
  private sameAsCalling(st: number, k: number): boolean {
    if (!this.m.rootLoop || this.mach[st] !== 0 || !this.m.first[0][k]) return false;
    const ns = this.ns;
    const items = this.items[st];
    for (let j = 0; j < items.length; j++) {
      const s = items[j] % ns;
      const tag = (items[j] - s) / ns;
      if (tag >= PUSH && this.once[tag - PUSH] === 1) return true; // a call of the root, under rootLoop
    }
    return false;
  }

  /** What reading a character that leaves the items `raw` does: go on, push, pop or stay undecided. */
  private commit(raw: number[], popT: number): { code: number; target: number } {
    const ns = this.ns;
    let tags = -2;
    let mixed = false;
    for (const code of raw) {
      const tag = Math.floor(code / ns);
      if (tags === -2) tags = tag;
      else if (tag !== tags) mixed = true;
    }
    if (!mixed && tags === UNTAGGED) {
      const target = this.state(this.closure(raw, -1), -1);
      return { code: target, target };
    }
    if (!mixed) {
      const plain = raw.map((code) => code % ns);
      const target = this.state(this.closure(plain, -1), -1);
      if (tags === POP) return { code: this.action(Act.Pop, target), target };
      const r = tags - PUSH;
      // A call in tail position: its return state has nothing left to read, so no frame.
      if (this.m.tail[r]) return { code: target, target };
      return { code: this.action(Act.Push, target, r), target };
    }
    const target = this.state(this.closure(raw, popT), popT);
    return { code: target, target };
  }

  /** A peek: state `st` (which may end) reads class `k` with `top` on the stack. */
  private peek(st: number, k: number, top: number): number {
    try {
      const m = this.m;
      const mine = this.step(this.items[st], k);
      const theirs = this.closure([POP * this.ns + top], -1);
      if (theirs.popAcc && m.follow[m.owner[top]][k]) throw new Undecided();
      const popped = this.step(theirs.items, k);
      if (!popped.length) return this.commit(mine, -1).code;
      return this.commit([...mine, ...popped], top).code;
    } catch (e) {
      if (!(e instanceof Undecided)) throw e;
      return this.action(Act.Undecided, 0);
    }
  }
}

const built = new WeakMap<Rules, Map<string, Pushdown | null>>();

/** The pushdown automaton of `rule`, made once per grammar and rule; null where the grammar is too large for machines. */
export function pushdownOf(rules: Rules, rule: string, reachesRecursion: ReadonlySet<string>, maxNesting: number): Pushdown | null {
  let byRule = built.get(rules);
  if (!byRule) built.set(rules, (byRule = new Map()));
  const key = `${rule}\u0000${maxNesting}`;
  let p = byRule.get(key);
  if (p === undefined) {
    try {
      p = new Pushdown(buildMachines(rules, rule, reachesRecursion), maxNesting);
    } catch (e) {
      if (!(e instanceof NotMachines) && !(e instanceof Undecided)) throw e;
      p = null;
    }
    byRule.set(key, p);
  }
  return p;
}
