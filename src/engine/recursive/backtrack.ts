/**
 * The first-match tree of a valid input by backtracking: the grammar compiled to a small program
 * (characters, ordered splits, calls, node marks) run on explicit stacks, never JavaScript's.
 * It finds what a backtracking parser finds first by being one: alternatives in order,
 * repetitions greedy, an iteration past the minimum that consumes nothing ends the repetition
 * (ECMA-262 RepeatMatcher), the whole run anchored at the end of the input.
 *
 * It is fast where the grammar is nearly deterministic (JSON, ABNF, RFC 5322 on the texts people
 * write): a split looks at the next character and does not leave a choice point where a branch
 * cannot begin with it (FIRST sets over the program, where a branch that can reach the end of a
 * called rule having read nothing is always taken). Backtracking can be exponential, so the run
 * has a budget of steps proportional to the input; past it, or past the nesting limit, it gives
 * way (`undefined`) and ./ends.ts builds the tree, exactly, as before.
 *
 * Rules that reach no recursion, and recursive rules until a reference closes a cycle, are
 * expanded in place (as ./machines.ts does): only the references that close a cycle are calls,
 * each adding the rules then in progress to the nesting (what ./ends.ts counts).
 */
import { foldedRanges, hasCodePoint, normalize } from '../automata/codepoints';
import { matchesEmpty, type Expr, type Rules } from '../expr';
import type { TreeSink } from '../tree';
import { DEFAULT_MAX_NODES, FlatTree } from '../trees/flatTree';
import { nullableRules } from './analysis';
import { GAVE_WAY, NO_MATCH } from './answers';

export { GAVE_WAY, NO_MATCH };

/**
 * Chars: read one character of test A. Tok: the same, as a node of rule B (a rule that is one
 * character: `unescaped`, `DIGIT`). Split: try A, then B. Call: the rule at A, adding B rules in
 * progress to the nesting. IStart/IEnd: an optional iteration of a repetition that may read nothing.
 * Span: `*x` where x is one character of test A (white space): read greedily, with one choice
 * point that gives the characters back one at a time (what a choice point an iteration would do),
 * none when B is 0 (what follows cannot begin with a character of the test, nor end a call).
 */
const enum Op { Chars, Split, Jmp, Open, Close, Call, Ret, End, IStart, IEnd, Tok, Span }

/** Past this many instructions a grammar is left to ./ends.ts. */
export const MAX_PROGRAM = 100_000;
/** Past this many splits a grammar is left to ./ends.ts (each has a table of 130 ways). */
const MAX_SPLITS = 20_000;
const FAIL = -1;
/** The numbers of a choice point: where to go, offset, call, iteration, nesting, nodes, call and iteration stores, a span's start (-1 none), the open node. */
const CP = 10;
const BOTH = -2;
const UNKNOWN = -3;
/** Steps a character (plus one) before the run gives way to ./ends.ts. */
export const BACKTRACK_STEPS = 100;
/** References expanded in place within one another, at most (deeper: left to ./ends.ts). */
const MAX_INLINE_DEPTH = 500;

class NotCompiled extends Error {}

/** A character test: ASCII as a table, the rest as ranges. */
interface Test { readonly ascii: Uint8Array; readonly more: readonly number[] }

export class Backtracker {
  private readonly op: number[] = [];
  private readonly a: number[] = [];
  private readonly b: number[] = [];
  private readonly tests: Test[] = [];
  private readonly names: string[] = [];
  /** Per instruction: what it can read first (ASCII bits, words 0-3; word 4: anything above ASCII). */
  private first = new Uint32Array(0);
  /** Per instruction: it can reach the end of its called rule, or of the run, reading nothing. */
  private nul = new Uint8Array(0);

  // The run's stacks, kept between runs (grown as needed).
  private cp = new Int32Array(CP * 64);
  private calls = new Int32Array(4 * 64);
  private iters = new Int32Array(2 * 64);

  constructor(private readonly rules: Rules, root: string, recursive: ReadonlySet<string>, nodeRules: ReadonlySet<string>) {
    const nullable = nullableRules(rules);
    const emptyOk = (e: Expr): boolean => matchesEmpty(e, (r) => nullable.has(r));
    const entries = new Map<string, number>();
    const calls: Array<{ at: number; name: string }> = [];
    const queue: string[] = [];
    const node = new Map<string, number>();
    const emit = (op: Op, a = 0, b = 0): number => {
      if (this.op.length >= MAX_PROGRAM) throw new NotCompiled();
      this.op.push(op);
      this.a.push(a);
      this.b.push(b);
      return this.op.length - 1;
    };
    // One test for each table (the same `chars` or quoted character reads alike everywhere).
    const testIds = new Map<Uint8Array, number>();
    const testOf = (ascii: Uint8Array, more: readonly number[]): number => {
      const known = more.length ? undefined : testIds.get(ascii);
      if (known !== undefined) return known;
      const k = this.tests.push({ ascii, more }) - 1;
      if (!more.length) testIds.set(ascii, k);
      return k;
    };
    const ruleIndex = (name: string): number => {
      let k = node.get(name);
      if (k === undefined) node.set(name, (k = this.names.push(name) - 1));
      return k;
    };
    const chain: string[] = [];
    const singles = new Map<Expr, Test | null>();
    /**
     * An expression that always reads exactly one character and gives no node (`%x20 / %x09 /
     * %x0A / %x0D`) as one test: every way through it reads the character and ends in the same
     * place writing nothing, so the first match is the same and no choice point is left.
     */
    const single = (e: Expr, depth: number): Test | null => {
      if (depth > MAX_INLINE_DEPTH) return null;
      let t = singles.get(e);
      if (t !== undefined) return t;
      t = null;
      if (e.t === 'chars') t = { ascii: e.set, more: e.more ?? [] };
      else if (e.t === 'lit' && [...e.text].length === 1) t = foldedTest(e.text);
      else if (e.t === 'seq' && e.items.length === 1) t = single(e.items[0], depth + 1);
      else if (e.t === 'rep' && e.min === 1 && e.max === 1) t = single(e.item, depth + 1);
      else if (e.t === 'ref' && !nodeRules.has(e.name) && !recursive.has(e.name) && Object.prototype.hasOwnProperty.call(rules, e.name)) t = single(rules[e.name], depth + 1);
      else if (e.t === 'alt' && e.items.length) {
        const parts = e.items.map((x) => single(x, depth + 1));
        if (parts.every((x) => x)) {
          const ascii = new Uint8Array(128);
          const more: number[] = [];
          for (const x of parts as Test[]) {
            for (let c = 0; c < 128; c++) ascii[c] |= x.ascii[c];
            more.push(...x.more);
          }
          t = { ascii, more: normalize(more) };
        }
      }
      singles.set(e, t);
      return t;
    };
    const code = (e: Expr, depth: number): void => {
      if (depth > MAX_INLINE_DEPTH) throw new NotCompiled();
      if (e.t !== 'chars') {
        const t = single(e, depth);
        if (t) { emit(Op.Chars, testOf(t.ascii, t.more)); return; }
      }
      switch (e.t) {
        case 'chars': emit(Op.Chars, testOf(e.set, e.more ?? [])); return;
        case 'lit':
          for (const ch of e.text) {
            const t = foldedTest(ch);
            emit(Op.Chars, testOf(t.ascii, t.more));
          }
          return;
        case 'seq': for (const x of e.items) code(x, depth + 1); return;
        case 'alt': {
          const jumps: number[] = [];
          for (let k = 0; k < e.items.length; k++) {
            if (k === e.items.length - 1) { code(e.items[k], depth + 1); break; }
            const s = emit(Op.Split, 0, 0);
            this.a[s] = s + 1;
            code(e.items[k], depth + 1);
            jumps.push(emit(Op.Jmp));
            this.b[s] = this.op.length;
          }
          for (const j of jumps) this.a[j] = this.op.length;
          return;
        }
        case 'rep': {
          for (let k = 0; k < e.min; k++) code(e.item, depth + 1);
          const checked = emptyOk(e.item);
          const once = () => {
            if (checked) emit(Op.IStart);
            code(e.item, depth + 1);
            if (checked) emit(Op.IEnd);
          };
          const one = single(e.item, depth + 1);
          if (e.max === Infinity && one) {
            emit(Op.Span, testOf(one.ascii, one.more), 1);
            return;
          }
          if (e.max === Infinity) {
            const s = emit(Op.Split);
            this.a[s] = s + 1;
            once();
            emit(Op.Jmp, s);
            this.b[s] = this.op.length;
          } else {
            const splits: number[] = [];
            for (let k = e.min; k < e.max; k++) {
              const s = emit(Op.Split);
              this.a[s] = s + 1;
              splits.push(s);
              once();
            }
            for (const s of splits) this.b[s] = this.op.length;
          }
          return;
        }
        case 'ref': {
          const body = Object.prototype.hasOwnProperty.call(rules, e.name) ? rules[e.name] : undefined;
          if (!body) throw new NotCompiled();
          const rec = recursive.has(e.name);
          if (rec && chain.includes(e.name)) {
            // A reference that closes a cycle: a call, adding the rules in progress here.
            if (!entries.has(e.name)) { entries.set(e.name, -1); queue.push(e.name); }
            calls.push({ at: emit(Op.Call, 0, chain.length), name: e.name });
            return;
          }
          const marked = nodeRules.has(e.name);
          const one = marked && !rec ? single(body, depth + 1) : null;
          if (one) { emit(Op.Tok, testOf(one.ascii, one.more), ruleIndex(e.name)); return; }
          if (marked) emit(Op.Open, ruleIndex(e.name));
          if (rec) chain.push(e.name);
          code(body, depth + 1);
          if (rec) chain.pop();
          if (marked) emit(Op.Close);
          return;
        }
      }
    };
    code({ t: 'ref', name: root }, 0);
    emit(Op.End);
    while (queue.length) {
      const name = queue.shift()!;
      entries.set(name, this.op.length);
      const marked = nodeRules.has(name);
      if (marked) emit(Op.Open, ruleIndex(name));
      chain.push(name);
      code(rules[name], 0);
      chain.pop();
      if (marked) emit(Op.Close);
      emit(Op.Ret);
    }
    for (const c of calls) this.a[c.at] = entries.get(c.name)!;
    // Jumps to jumps go straight to where they lead.
    for (let pc = 0; pc < this.op.length; pc++) {
      if (this.op[pc] === Op.Jmp || this.op[pc] === Op.Split) this.a[pc] = land(this.op, this.a, this.a[pc]);
      if (this.op[pc] === Op.Split) this.b[pc] = land(this.op, this.a, this.b[pc]);
      if (this.op[pc] === Op.Call) this.a[pc] = land(this.op, this.a, this.a[pc]);
    }
    this.analyze();
    this.pack();
  }

  // The program as typed arrays for the run: opcodes, operands, each test's ASCII table
  // (128 bytes from `test * 128`), and each split's decision table: for each ASCII character,
  // the end of the input (128) and anything above ASCII (129), bit 1 "the first branch may
  // match", bit 2 "the second may".
  private ops = new Uint8Array(0);
  private as = new Int32Array(0);
  private bs = new Int32Array(0);
  private cs = new Int32Array(0);
  private testAscii = new Uint8Array(0);
  private jumps = new Int32Array(0);
  private tails = new Int32Array(0);
  private ns = new Int32Array(0);

  private pack(): void {
    const n = this.op.length;
    for (let pc = 0; pc < n; pc++) {
      if (this.op[pc] !== Op.Span) continue;
      // Giving a character back can only help when what follows may begin with one, or may end a call.
      const t = this.tests[this.a[pc]];
      let meets = this.nul[pc + 1] === 1 || (t.more.length > 0 && this.first[5 * (pc + 1) + 4] !== 0);
      for (let c = 0; c < 128 && !meets; c++) if (t.ascii[c] && this.may(pc + 1, c)) meets = true;
      this.b[pc] = meets ? 1 : 0;
    }
    this.ops = Uint8Array.from(this.op);
    this.as = Int32Array.from(this.a);
    this.bs = Int32Array.from(this.b);
    this.cs = new Int32Array(n);
    this.testAscii = new Uint8Array(128 * this.tests.length);
    this.tests.forEach((t, k) => this.testAscii.set(t.ascii, 128 * k));
    let splits = 0;
    for (let pc = 0; pc < n; pc++) if (this.op[pc] === Op.Split) this.cs[pc] = 130 * splits++;
    if (splits > MAX_SPLITS) throw new NotCompiled();
    // Each split's way for each character (ASCII, 128 the end of the input, 129 above ASCII),
    // worked out on first use (`decide`).
    this.jumps = new Int32Array(130 * splits).fill(UNKNOWN);
    // Calls in tail position: how many closes lie between each and a return (-1: not in tail position).
    this.tails = new Int32Array(n).fill(-1);
    for (let pc = 0; pc < n; pc++) {
      if (this.op[pc] !== Op.Call) continue;
      let q = land(this.op, this.a, pc + 1);
      let k = 0;
      while (this.op[q] === Op.Close && k < 1 << 20) { q = land(this.op, this.a, q + 1); k++; }
      if (this.op[q] === Op.Ret) this.tails[pc] = k;
    }
    // Where each instruction goes on to, past jumps.
    this.ns = new Int32Array(n);
    for (let pc = 0; pc < n; pc++) this.ns[pc] = pc + 1 < n ? land(this.op, this.a, pc + 1) : pc + 1;
  }

  /** `first` and `nul` of every instruction: a work list over the program's edges. */
  private analyze(): void {
    const n = this.op.length;
    const op = this.op;
    const A = this.a;
    const first = new Uint32Array(5 * n);
    const nul = new Uint8Array(n);
    // Who depends on whom: an instruction on its successors (none for one that reads or ends).
    const succ = (pc: number, out: number[]): void => {
      switch (op[pc]) {
        case Op.Chars: case Op.Tok: case Op.Ret: case Op.End: return;
        case Op.Split: out.push(A[pc], this.b[pc]); return;
        case Op.Jmp: out.push(A[pc]); return;
        case Op.Call: out.push(A[pc], pc + 1); return;
        default: out.push(pc + 1);
      }
    };
    const preds: number[][] = Array.from({ length: n }, () => []);
    const out: number[] = [];
    for (let pc = 0; pc < n; pc++) {
      out.length = 0;
      succ(pc, out);
      for (let k = 0; k < out.length; k++) preds[out[k]].push(pc);
    }
    // What reads first: the test's characters (each test's bits made once).
    const masks = this.tests.map((t) => {
      const w = new Uint32Array(5);
      for (let c = 0; c < 128; c++) if (t.ascii[c]) w[c >> 5] |= 1 << (c & 31);
      if (t.more.length) w[4] = 1;
      return w;
    });
    for (let pc = 0; pc < n; pc++) {
      if (op[pc] !== Op.Chars && op[pc] !== Op.Tok && op[pc] !== Op.Span) continue;
      first.set(masks[A[pc]], 5 * pc);
    }
    /** ORs q's facts into pc's; true when they grew. */
    const take = (pc: number, q: number, nulToo: boolean): boolean => {
      let grew = false;
      for (let w = 0; w < 5; w++) {
        const v = (first[5 * pc + w] | first[5 * q + w]) >>> 0;
        if (v !== first[5 * pc + w]) { first[5 * pc + w] = v; grew = true; }
      }
      if (nulToo && nul[q] && !nul[pc]) { nul[pc] = 1; grew = true; }
      return grew;
    };
    const update = (pc: number): boolean => {
      switch (op[pc]) {
        case Op.Chars: case Op.Tok: return false;
        case Op.Ret: case Op.End: if (nul[pc]) return false; nul[pc] = 1; return true;
        case Op.Span: return take(pc, pc + 1, true);
        case Op.Split: { const x = take(pc, A[pc], true); const y = take(pc, this.b[pc], true); return x || y; }
        case Op.Jmp: return take(pc, A[pc], true);
        case Op.Call: {
          const x = take(pc, A[pc], false);
          const y = nul[A[pc]] ? take(pc, pc + 1, true) : false;
          return x || y;
        }
        default: return take(pc, pc + 1, true);
      }
    };
    // A work list, last instructions first (most depend on the ones after them).
    const todo: number[] = [];
    const queued = new Uint8Array(n);
    for (let pc = 0; pc < n; pc++) { todo.push(pc); queued[pc] = 1; }
    while (todo.length) {
      const pc = todo.pop()!;
      queued[pc] = 0;
      if (!update(pc)) continue;
      const ps = preds[pc];
      for (let k = 0; k < ps.length; k++) if (!queued[ps[k]]) { queued[ps[k]] = 1; todo.push(ps[k]); }
    }
    this.first = first;
    this.nul = nul;
  }

  /**
   * The first-match tree of the whole `input` into `sink`: true; or false when the run gave way
   * (budget, nesting, node limit) or found no match, and nothing was written.
   */
  tree(input: string, sink: TreeSink, maxNesting: number, maxNodes = DEFAULT_MAX_NODES): boolean {
    if (this.run(input, maxNesting, maxNodes) < 0) return false;
    this.replay(sink);
    return true;
  }

  /** Runs so far: a run's nodes stay readable until the next run (`replay`, `take` of run `runs`). */
  runs = 0;

  /** The nodes of the last run, in document order, into `sink`. */
  replay(sink: TreeSink): void {
    const { rules, starts, ends, sizes } = this.store;
    const count = this.count;
    const open: number[] = [];
    for (let k = 0; k < count; k++) {
      while (open.length && k >= open[open.length - 1] + sizes[open[open.length - 1]]) sink.close(ends[open.pop()!]);
      sink.open(this.names[rules[k]], starts[k]);
      open.push(k);
    }
    while (open.length) sink.close(ends[open.pop()!]);
  }

  /** The nodes of the last run as a tree of its own (the store is handed over: the next run makes another). */
  take(maxNodes: number, inputLength: number): FlatTree {
    const t = new FlatTree(this.names, maxNodes, inputLength, 1);
    t.rules = this.store.rules;
    t.starts = this.store.starts;
    t.ends = this.store.ends;
    t.sizes = this.store.sizes;
    t.length = this.count;
    this.store = emptyStore();
    return t;
  }

  /** The nodes a run writes (preorder: a node's index is the number of nodes opened before it), and each open node's parent. */
  private store: Store = emptyStore();
  private parents = new Int32Array(256);
  private count = 0;
  /** Nodes a character in the last tree (the store's first size for the next run). */
  private perChar = 1;

  /** Room for at least `need` nodes (doubling). */
  private room(need: number): void {
    const st = this.store;
    const size = Math.max(256, need, 2 * st.rules.length);
    const widen = <T extends Uint16Array | Uint32Array>(a: T, b: T): T => { b.set(a); return b; };
    this.store = {
      rules: widen(st.rules, new Uint16Array(size)),
      starts: widen(st.starts, new Uint32Array(size)),
      ends: widen(st.ends, new Uint32Array(size)),
      sizes: widen(st.sizes, new Uint32Array(size)),
    };
    if (this.parents.length < size) {
      const p = new Int32Array(size);
      p.set(this.parents);
      this.parents = p;
    }
  }

  /**
   * The way of the split at `pc` for character class `k` (ASCII, 128 the end of the input, 129
   * above ASCII): where to go, FAIL or BOTH, followed through the splits after it while one way
   * alone may match (a chain of alternatives that the next character decides, `value`'s seven,
   * is one step).
   */
  private decide(pc: number, k: number): number {
    const c = k < 128 ? k : k === 128 ? -1 : 128;
    const way = (q: number): number => (this.may(this.a[q], c) ? 1 : 0) | (this.may(this.b[q], c) ? 2 : 0);
    const d = way(pc);
    if (d === 0) return FAIL;
    if (d === 3) return BOTH;
    let q = d === 1 ? this.a[pc] : this.b[pc];
    for (let j = 0; this.op[q] === Op.Split && j < 64; j++) {
      const e = way(q);
      if (e === 0) return FAIL;
      if (e === 3) return q;
      q = e === 1 ? this.a[q] : this.b[q];
    }
    return q;
  }

  /** Does the branch at `pc` stand a chance at `pos`? */
  private may(pc: number, c: number): boolean {
    if (this.nul[pc]) return true;
    if (c < 0) return false;
    const f = this.first;
    return c < 128 ? (f[5 * pc + (c >> 5)] & (1 << (c & 31))) !== 0 : f[5 * pc + 4] !== 0;
  }

  /**
   * The first match of the whole of `s`: the number of nodes written (readable by `replay` and
   * `take` until the next run), NO_MATCH when every way was tried and none matches, GAVE_WAY.
   */
  run(s: string, maxNesting: number, maxNodes = DEFAULT_MAX_NODES): number {
    this.runs++;
    const n = s.length;
    // Room for as many nodes a character as the last tree had (the store was handed over with it).
    const guess = Math.min(maxNodes, Math.ceil(n * this.perChar * 1.1) + 64);
    if (this.store.rules.length < guess) this.room(guess);
    const op = this.ops;
    const A = this.as;
    const B = this.bs;
    const C = this.cs;
    const tests = this.tests;
    const testAscii = this.testAscii;
    const jumps = this.jumps;
    const N = this.ns;
    const T = this.tails;
    let budget = BACKTRACK_STEPS * (n + 1);
    let pc = 0;
    let pos = 0;
    let call = -1;
    let iter = -1;
    let depth = 0;
    let nodes = 0;
    let cur = -1;
    let cps = 0;
    let callTop = 0;
    let iterTop = 0;
    let cp = this.cp;
    let { rules, starts, ends, sizes } = this.store;
    let parents = this.parents;
    let calls = this.calls;
    let iters = this.iters;
    // Each instruction that goes on `continue`s; one that fails `break`s to the backtracking below.
    for (;;) {
      switch (op[pc]) {
        case Op.Chars: {
          if (pos < n) {
            const c = s.charCodeAt(pos);
            const w = c < 128 ? testAscii[(A[pc] << 7) + c] : wide(s, pos, c, tests[A[pc]].more);
            if (w > 0) { pos += w; pc = N[pc]; continue; }
          }
          break;
        }
        case Op.Split: {
          // The budget counts splits, calls and failures: every loop and every recursion passes one.
          if (--budget < 0) return GAVE_WAY;
          const c = pos < n ? s.charCodeAt(pos) : -1;
          const k = c < 0 ? 128 : c < 128 ? c : 129;
          let d = jumps[C[pc] + k];
          if (d === UNKNOWN) d = jumps[C[pc] + k] = this.decide(pc, k);
          if (d >= 0) { pc = d; continue; }
          if (d === BOTH) {
            if (CP * cps + CP > cp.length) cp = this.cp = grow(cp);
            const o = CP * cps++;
            cp[o] = B[pc]; cp[o + 1] = pos; cp[o + 2] = call; cp[o + 3] = iter;
            cp[o + 4] = depth; cp[o + 5] = nodes; cp[o + 6] = callTop; cp[o + 7] = iterTop; cp[o + 8] = -1; cp[o + 9] = cur;
            pc = A[pc];
            continue;
          }
          break;
        }
        case Op.Jmp: pc = A[pc]; continue;
        case Op.Tok: {
          if (pos < n) {
            const c = s.charCodeAt(pos);
            const w = c < 128 ? testAscii[(A[pc] << 7) + c] : wide(s, pos, c, tests[A[pc]].more);
            if (w > 0) {
              if (nodes === rules.length) {
                if (nodes >= maxNodes) return GAVE_WAY;
                this.room(nodes + 1);
                ({ rules, starts, ends, sizes } = this.store);
                parents = this.parents;
              }
              rules[nodes] = B[pc];
              starts[nodes] = pos;
              pos += w;
              ends[nodes] = pos;
              sizes[nodes++] = 1;
              pc = N[pc];
              continue;
            }
          }
          break;
        }
        case Op.Span: {
          const from = pos;
          const base = A[pc] << 7;
          while (pos < n) {
            const c = s.charCodeAt(pos);
            const w = c < 128 ? testAscii[base + c] : wide(s, pos, c, tests[A[pc]].more);
            if (w === 0) break;
            pos += w;
          }
          if (pos > from && B[pc] === 1) {
            if (--budget < 0) return GAVE_WAY;
            if (CP * cps + CP > cp.length) cp = this.cp = grow(cp);
            const o = CP * cps++;
            cp[o] = N[pc]; cp[o + 1] = pos; cp[o + 2] = call; cp[o + 3] = iter;
            cp[o + 4] = depth; cp[o + 5] = nodes; cp[o + 6] = callTop; cp[o + 7] = iterTop; cp[o + 8] = from; cp[o + 9] = cur;
          }
          pc = N[pc];
          continue;
        }
        case Op.Open: {
          if (nodes === rules.length) {
            if (nodes >= maxNodes) return GAVE_WAY;
            this.room(nodes + 1);
            ({ rules, starts, ends, sizes } = this.store);
            parents = this.parents;
          }
          rules[nodes] = A[pc];
          starts[nodes] = pos;
          parents[nodes] = cur;
          cur = nodes++;
          pc = N[pc];
          continue;
        }
        case Op.Close: {
          // The innermost open node ends here (written again if a backtrack reopens it).
          ends[cur] = pos;
          sizes[cur] = nodes - cur;
          cur = parents[cur];
          pc = N[pc];
          continue;
        }
        case Op.Call: {
          if (--budget < 0) return GAVE_WAY;
          if (4 * callTop + 4 > calls.length) calls = this.calls = grow(calls);
          const o = 4 * callTop;
          const closes = T[pc];
          if (closes >= 0 && call >= 0) {
            // A call in tail position (only closes between it and the return): a frame like the
            // caller's, with those closes to make on return; no nesting added. A list is a loop.
            const f = 4 * call;
            calls[o] = calls[f];
            calls[o + 1] = calls[f + 1];
            calls[o + 2] = calls[f + 2];
            calls[o + 3] = calls[f + 3] + closes;
          } else {
            if ((depth += B[pc]) > maxNesting) return GAVE_WAY;
            calls[o] = N[pc];
            calls[o + 1] = call;
            calls[o + 2] = B[pc];
            calls[o + 3] = 0;
          }
          call = callTop++;
          pc = A[pc];
          continue;
        }
        case Op.Ret: {
          const f = 4 * call;
          for (let k = calls[f + 3]; k > 0; k--) {
            ends[cur] = pos;
            sizes[cur] = nodes - cur;
            cur = parents[cur];
          }
          pc = calls[f];
          depth -= calls[f + 2];
          call = calls[f + 1];
          continue;
        }
        case Op.End:
          if (pos === n) {
            this.count = nodes;
            if (n > 0 && nodes > 0) this.perChar = nodes / n;
            return nodes;
          }
          break;
        case Op.IStart:
          if (2 * iterTop + 2 > iters.length) iters = this.iters = grow(iters);
          iters[2 * iterTop] = pos;
          iters[2 * iterTop + 1] = iter;
          iter = iterTop++;
          pc = N[pc];
          continue;
        case Op.IEnd:
          if (iters[2 * iter] === pos) break; // an empty iteration past the minimum: a dead path
          iter = iters[2 * iter + 1];
          pc = N[pc];
          continue;
      }
      // Back to the last choice point, as it was.
      if (cps === 0) return NO_MATCH;
      if (--budget < 0) return GAVE_WAY;
      const o = CP * (cps - 1);
      const from = cp[o + 8];
      if (from < 0) {
        cps--;
        pos = cp[o + 1];
      } else {
        // A span's choice point: one character fewer (a surrogate pair is one), until none.
        pos = cp[o + 1];
        pos -= pos - 2 >= from && isLow(s.charCodeAt(pos - 1)) && isHigh(s.charCodeAt(pos - 2)) ? 2 : 1;
        if (pos === from) cps--;
        else cp[o + 1] = pos;
      }
      pc = cp[o]; call = cp[o + 2]; iter = cp[o + 3];
      depth = cp[o + 4]; nodes = cp[o + 5]; callTop = cp[o + 6]; iterTop = cp[o + 7]; cur = cp[o + 9];
    }
  }
}

/** Where a jump at `t` leads (a chain of jumps followed). */
function land(op: readonly number[], a: readonly number[], t: number): number {
  for (let k = 0; op[t] === Op.Jmp && k < 64; k++) t = a[t];
  return t;
}

/**
 * How many code units the character at `pos` (its first unit `c`, above ASCII) takes when the
 * code points `more` hold it: 1, 2 for a surrogate pair, 0 when they do not (a lone surrogate never).
 */
function wide(s: string, pos: number, c: number, more: readonly number[]): number {
  if (!isHigh(c) && !isLow(c)) return hasCodePoint(more, c) ? 1 : 0;
  const d = pos + 1 < s.length ? s.charCodeAt(pos + 1) : 0;
  return isHigh(c) && isLow(d) && hasCodePoint(more, ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000) ? 2 : 0;
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** The test of one character of a quoted string (ASCII letters in both cases). */
const foldedTests = new Map<string, Test>();

function foldedTest(ch: string): Test {
  const known = foldedTests.get(ch);
  if (known) return known;
  const r = foldedRanges(ch);
  const ascii = new Uint8Array(128);
  const more: number[] = [];
  for (let i = 0; i < r.length; i += 2) {
    if (r[i] < 128) ascii[r[i]] = 1;
    else more.push(r[i], r[i + 1]);
  }
  const t = { ascii, more };
  foldedTests.set(ch, t);
  return t;
}

/** A run's nodes: FlatTree's arrays (../trees/flatTree.ts). */
interface Store { rules: Uint16Array; starts: Uint32Array; ends: Uint32Array; sizes: Uint32Array }

function emptyStore(): Store {
  return { rules: new Uint16Array(0), starts: new Uint32Array(0), ends: new Uint32Array(0), sizes: new Uint32Array(0) };
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** The backtracker of `rule` for the tree with nodes for `nodeRules`; null where the grammar is too large for it. */
export function backtrackerOf(rules: Rules, rule: string, recursive: ReadonlySet<string>, nodeRules: ReadonlySet<string>): Backtracker | null {
  try {
    return new Backtracker(rules, rule, recursive, nodeRules);
  } catch (e) {
    if (!(e instanceof NotCompiled)) throw e;
    return null;
  }
}
