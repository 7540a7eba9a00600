/**
 * The first-match tree of a regular rule by a backtracking search with a budget: what a
 * precompiled module's first tree runs (../grammar/compiledFront.ts), in place of the
 * first-match builder (./firstMatch.ts), whose automaton and lookahead are built on first use
 * and cost a cold process tens of milliseconds.
 *
 * The tree wanted is the one a backtracking parser finds first (./firstMatch.ts): alternatives
 * in the order written, repetitions greedy, `[x]` before nothing, an iteration past the minimum
 * that consumes nothing failing (as in JavaScript's RegExp). This is that parser, on a small
 * program compiled from the data's expressions as they are written (../grammar/encoded.ts
 * `EncodedExpr`), with a rule reference a call, so that the program is about as large as the
 * grammar's text: `toModule` writes it into the module (`encodeProgram`), and data without one
 * gets it compiled on its first tree. A choice is kept only when the character at hand can
 * begin what it would resume (first sets), so that a URI's characters leave few behind; a rule
 * that always takes one character and holds no node is one step (`unreserved`), and a small
 * rule called inside a repetition without bound is written in place (`pchar` in a query): a
 * query's character is about eight steps.
 *
 * Its work can grow exponentially with the input on some grammars; it stops at a budget linear
 * in the input (`budgetOf`) and answers undefined, and the caller then asks the first-match
 * builder, whose work is linear. So the answer is always the first-match tree, and the work
 * stays linear. Its state is in typed arrays, bounded by the budget too.
 */
import type { EncodedExpr, EncodedProgram } from '../grammar/encoded';
import type { Node } from '../tree';
import { foldedRanges, hasCodePoint, normalize } from '../automata/codepoints';
import { jsString } from '../jsText';

// The instructions: an opcode, then its operand where it has one.
/** Take one character of set `operand`. */
const CHAR = 0;
/**
 * Try the next instruction; on failure, resume at operand 1 at this position. Operand 2: the
 * characters what is resumed can begin with (a first set), or -1 when it can take nothing: the
 * choice is kept only when the character here is one of them (else trying it fails at once).
 * Operand 3: the same for the next instruction's alternative: when the character here cannot
 * begin it, it is not tried, and the search goes on at operand 1 at once (an alternation's
 * alternatives are passed over in one step each, with no choice kept and dropped).
 */
const SPLIT = 1;
const JUMP = 2;
/**
 * An optional iteration: tried when the character here is in first set operand 2 (an iteration
 * past the minimum must take a character), with the way on, operand 1, kept as the choice;
 * else the way on at once.
 */
const ITER = 11;
/** Call rule body at `operand` (its return address pushed). */
const CALL = 3;
const RETURN = 4;
/** An iteration begins: push the position. */
const MARK = 5;
/** An iteration past the minimum ends: fail when it took nothing (the position marked). */
const CHECK = 6;
/** A node of rule `operand` opens here. */
const OPEN = 7;
const CLOSE = 8;
const FAIL = 9;
/** The end: the whole input taken. */
const END = 10;
/**
 * A node of rule operand 1 that takes one character of set operand 2: a rule whose body always
 * takes exactly one character and gives no node (`unreserved = ALPHA / DIGIT / "-" / …`), in one
 * step. Every way through such a body leaves the same marks at the same place, so its choices
 * change nothing and are not kept.
 */
const NODE_CHAR = 12;

/** The program of the trees of one or more rules (`compileTrees`). */
export interface TreeProgram {
  readonly code: Int32Array;
  /** Where each rule's tree begins (its node opened, its body called, the end), by rule. */
  readonly entries: ReadonlyMap<string, number>;
  /** The character sets as the grammar gives them (code-point ranges, flat): what `encodeProgram` writes. */
  readonly sets: readonly (readonly number[])[];
  /** Character sets: the ASCII characters, 128 bits a set (four words), and the ranges above ASCII (flat `[lo, hi, …]`). */
  readonly ascii: Int32Array;
  readonly wide: readonly (readonly number[])[];
  /** The node rules, by id. */
  readonly names: readonly string[];
  /** First sets: the ASCII characters (128 bits a set), and whether any character above ASCII may begin (1). */
  readonly firstAscii: Int32Array;
  readonly firstWide: Uint8Array;
}

/** What an expression can begin with: its first characters (ASCII exactly, above ASCII as one flag), and whether it can take nothing. */
interface First {
  /** The ASCII characters, 128 bits. */
  readonly bits: number[];
  wide: boolean;
  nullable: boolean;
}

/** Sets the bits of ASCII characters `lo` to `hi` (clipped to ASCII) in `bits`. */
function setBits(bits: number[], lo: number, hi: number): void {
  for (let c = lo; c <= Math.min(hi, 127); c++) bits[c >> 5] |= 1 << (c & 31);
}

/** Adds character set `ranges` to a program's sets: its ASCII bits (four words) to `ascii`, its ranges above ASCII to `wide`. */
function addSet(ranges: readonly number[], ascii: number[], wide: number[][]): void {
  const bits = [0, 0, 0, 0];
  const above: number[] = [];
  for (let k = 0; k < ranges.length; k += 2) {
    setBits(bits, ranges[k], ranges[k + 1]);
    if (ranges[k + 1] >= 128) above.push(Math.max(ranges[k], 128), ranges[k + 1]);
  }
  ascii.push(bits[0], bits[1], bits[2], bits[3]);
  wide.push(above);
}

/** The largest rule body (in expressions) written where it is called rather than called. */
const INLINE_SIZE = 12;
/** How many bodies may be written in place within one another (each a few frames of the compile's recursion). */
const INLINE_DEPTH = 8;

/** How large a program may grow (bounded repetitions are written out): past it, no program. */
export const MAX_PROGRAM = 1 << 18;

/**
 * The program of `root`'s tree with nodes for the rules in `nodeRules` (`root` always one), or
 * undefined when it would be larger than MAX_PROGRAM. The data's expressions are those
 * ../grammar/compiledData.ts checked on load: shapes, depth, references to rules of the data,
 * no cycle.
 */
export function compileTree(exprs: Readonly<Record<string, EncodedExpr>>, root: string, nodeRules: ReadonlySet<string>): TreeProgram | undefined {
  return compileTrees(exprs, [root], nodeRules);
}

/**
 * The program of the trees of `roots` (each one of `nodeRules`) with nodes for `nodeRules`: one
 * program, each rule's body written once (what `toModule` writes for every rule of a structural
 * tree, ../build/compiled.ts).
 */
export function compileTrees(exprs: Readonly<Record<string, EncodedExpr>>, roots: readonly string[], nodeRules: ReadonlySet<string>): TreeProgram | undefined {
  const code: number[] = [];
  const sets: number[][] = [];
  const ascii: number[] = [];
  const wide: number[][] = [];
  const setIds = new Map<string, number>();
  const names: string[] = [];
  const nodeIds = new Map<string, number>();
  // Each rule's body is compiled once, where it is first called; calls wait for its address.
  const bodyAt = new Map<string, number>();
  const waiting: Array<[string, number]> = [];
  const queue: string[] = [];

  // An opcode and its operands: no rest parameter, which allocates a call in the code V8 has
  // not optimized yet (all code a module's first tree runs).
  const emit = (op: number, operand?: number, operand2?: number, operand3?: number): number => {
    const at = code.length;
    code.push(op);
    if (operand !== undefined) code.push(operand);
    if (operand2 !== undefined) code.push(operand2);
    if (operand3 !== undefined) code.push(operand3);
    if (code.length > MAX_PROGRAM) throw TOO_LARGE;
    return at;
  };
  // First sets, by expression (a rule's through its body), and their ids in the program.
  const firsts = new Map<EncodedExpr, First>();
  const firstAscii: number[] = [];
  const firstWide: number[] = [];
  const firstOf = (e: EncodedExpr): First => {
    let f = firsts.get(e);
    if (f) return f;
    f = { bits: [0, 0, 0, 0], wide: false, nullable: false };
    const add = (g: First): void => union(f!, g);
    switch (e[0]) {
      case 'c': {
        const r = e[1];
        for (let k = 0; k < r.length; k += 2) {
          setBits(f.bits, r[k], r[k + 1]);
          if (r[k + 1] >= 128) f.wide = true;
        }
        break;
      }
      case 'l': {
        const cp = e[1].codePointAt(0);
        if (cp === undefined) f.nullable = true;
        else if (cp >= 128) f.wide = true;
        else {
          const r = foldedRanges(e[1][0]);
          for (let k = 0; k < r.length; k += 2) setBits(f.bits, r[k], r[k + 1]);
        }
        break;
      }
      case 's': {
        f.nullable = true;
        for (let k = 1; k < e.length && f.nullable; k++) {
          const g = firstOf(e[k] as EncodedExpr);
          add(g);
          f.nullable = g.nullable;
        }
        break;
      }
      case 'a':
        for (let k = 1; k < e.length; k++) {
          const g = firstOf(e[k] as EncodedExpr);
          add(g);
          if (g.nullable) f.nullable = true;
        }
        break;
      case 'r': {
        const max = e[3] === null ? Infinity : e[3];
        if (max > 0) add(firstOf(e[1]));
        f.nullable = e[2] === 0 || firstOf(e[1]).nullable;
        break;
      }
      case 'f': {
        const g = firstOf(exprs[e[1]]);
        add(g);
        f.nullable = g.nullable;
        break;
      }
    }
    firsts.set(e, f);
    return f;
  };
  // A first set's id, by the set (equal sets share one), and by the First it was made from.
  const firstIds = new Map<string, number>();
  const firstIdOf = new Map<First, number>();
  const firstId = (f: First): number => {
    let id = firstIdOf.get(f);
    if (id === undefined) {
      const key = `${f.bits[0]},${f.bits[1]},${f.bits[2]},${f.bits[3]},${f.wide ? 1 : 0}`;
      id = firstIds.get(key);
      if (id === undefined) {
        firstIds.set(key, (id = firstWide.length));
        firstAscii.push(f.bits[0], f.bits[1], f.bits[2], f.bits[3]);
        firstWide.push(f.wide ? 1 : 0);
      }
      firstIdOf.set(f, id);
    }
    return id;
  };
  // The first sets of a choice's alternatives from k on (`rests`), and of each one (`owns`), by
  // choice: a choice under a bounded repetition is written out once a copy.
  const rests = new Map<EncodedExpr, number[]>();
  const owns = new Map<EncodedExpr, number[]>();
  /** The first set of alternatives k.. (to `end`) of choice `e` (-1 when one of them can take nothing). */
  const restOf = (e: EncodedExpr, k: number, end = e.length): number => {
    const memo = end === e.length ? rests : owns;
    let ids = memo.get(e);
    if (!ids) memo.set(e, (ids = []));
    let id = ids[k];
    if (id === undefined) {
      const f: First = { bits: [0, 0, 0, 0], wide: false, nullable: false };
      for (let j = k; j < end && !f.nullable; j++) {
        const g = firstOf(e[j] as EncodedExpr);
        if (g.nullable) f.nullable = true;
        else union(f, g);
      }
      ids[k] = id = f.nullable ? -1 : firstId(f);
    }
    return id;
  };
  // A character set's id, by its ranges (the same array is asked for again and again: by it first).
  const setIdOf = new Map<readonly number[], number>();
  const setOf = (ranges: readonly number[]): number => {
    let id = setIdOf.get(ranges);
    if (id !== undefined) return id;
    const key = ranges.join(',');
    id = setIds.get(key);
    if (id === undefined) {
      setIds.set(key, (id = wide.length));
      sets.push([...ranges]);
      addSet(ranges, ascii, wide);
    }
    setIdOf.set(ranges, id);
    return id;
  };
  const nodeId = (rule: string): number => {
    let id = nodeIds.get(rule);
    if (id === undefined) {
      nodeIds.set(rule, (id = names.length));
      names.push(rule);
    }
    return id;
  };
  // How many repetitions without bound the expression being written lies in (within its rule's body).
  let loops = 0;
  // How many rule bodies written in place the expression being written lies in.
  let inlined = 0;
  // How many expressions an expression holds, its rules' written elsewhere counted as one.
  const sizes = new Map<EncodedExpr, number>();
  const sizeOf = (e: EncodedExpr): number => {
    let n = sizes.get(e);
    if (n !== undefined) return n;
    n = 1;
    if (e[0] === 's' || e[0] === 'a') for (let k = 1; k < e.length; k++) n += sizeOf(e[k] as EncodedExpr);
    else if (e[0] === 'r') n += sizeOf(e[1]);
    sizes.set(e, n);
    return n;
  };
  // The characters of an expression that always takes exactly one and gives no node, or null.
  const singles = new Map<EncodedExpr, number[] | null>();
  const singleOf = (e: EncodedExpr): number[] | null => {
    let r = singles.get(e);
    if (r !== undefined) return r;
    r = null;
    switch (e[0]) {
      case 'c':
        r = [...e[1]];
        break;
      case 'l': {
        const cp = e[1].codePointAt(0);
        if (cp !== undefined && e[1].length === (cp > 0xffff ? 2 : 1)) r = foldedRanges(e[1]);
        break;
      }
      case 'a': {
        const all: number[] = [];
        for (let k = 1; k < e.length; k++) {
          const item = singleOf(e[k] as EncodedExpr);
          if (item === null) {
            all.length = 0;
            break;
          }
          all.push(...item);
        }
        r = all.length ? normalize(all) : null;
        break;
      }
      case 's':
        r = e.length === 2 ? singleOf(e[1] as EncodedExpr) : null;
        break;
      case 'r':
        r = e[2] === 1 && e[3] === 1 ? singleOf(e[1]) : null;
        break;
      case 'f':
        r = nodeRules.has(e[1]) ? null : singleOf(exprs[e[1]]);
        break;
    }
    singles.set(e, r);
    return r;
  };
  const call = (rule: string): void => {
    const node = nodeRules.has(rule);
    const single = singleOf(exprs[rule]);
    if (single) {
      if (node) emit(NODE_CHAR, nodeId(rule), setOf(single));
      else emit(CHAR, setOf(single));
      return;
    }
    if (node) emit(OPEN, nodeId(rule));
    // A small body called from inside a repetition without bound (where an input's characters
    // go round, URI paths and queries) is written where it is called: no call and return to
    // step through a character. (Elsewhere it would only make the program longer to check.)
    // (At most INLINE_DEPTH bodies within one another: a chain of small rules is called past it.)
    if (loops > 0 && inlined < INLINE_DEPTH && sizeOf(exprs[rule]) <= INLINE_SIZE) {
      inlined++;
      build(exprs[rule]);
      inlined--;
      if (node) emit(CLOSE);
      return;
    }
    const at = emit(CALL, -1);
    const body = bodyAt.get(rule);
    if (body !== undefined) code[at + 1] = body;
    else {
      waiting.push([rule, at + 1]);
      if (!queue.includes(rule)) queue.push(rule);
    }
    if (node) emit(CLOSE);
  };
  // An optional iteration: tried first, then what follows it (`exit`, patched by the caller).
  // Only an item that can take nothing needs the check that an iteration took something.
  const iteration = (item: EncodedExpr): number => {
    const first = firstOf(item);
    const split = emit(ITER, -1, firstId(first));
    if (first.nullable) emit(MARK);
    build(item);
    if (first.nullable) emit(CHECK);
    return split;
  };
  const build = (e: EncodedExpr): void => {
    // One character whichever way (no node inside): one set, no choices.
    if (e[0] === 'a' || e[0] === 's' || e[0] === 'r') {
      const single = singleOf(e);
      if (single) {
        emit(CHAR, setOf(single));
        return;
      }
    }
    switch (e[0]) {
      case 'c':
        emit(CHAR, setOf(e[1]));
        return;
      case 'l': {
        // A quoted string: each character in both ASCII cases (RFC 5234 2.3).
        for (const ch of e[1]) emit(CHAR, setOf(foldedRanges(ch)));
        return;
      }
      case 's':
        for (let k = 1; k < e.length; k++) build(e[k] as EncodedExpr);
        return;
      case 'a': {
        if (e.length === 1) {
          emit(FAIL);
          return;
        }
        const jumps: number[] = [];
        for (let k = 1; k < e.length; k++) {
          const split = k + 1 < e.length ? emit(SPLIT, -1, restOf(e, k + 1), restOf(e, k, k + 1)) : -1;
          build(e[k] as EncodedExpr);
          if (split >= 0) {
            jumps.push(emit(JUMP, -1));
            code[split + 1] = code.length;
          }
        }
        for (const j of jumps) code[j + 1] = code.length;
        return;
      }
      case 'r': {
        const item = e[1];
        const min = e[2];
        const max = e[3] === null ? Infinity : e[3];
        for (let k = 0; k < min; k++) build(item);
        if (max === Infinity) {
          const loop = code.length;
          loops++;
          const split = iteration(item);
          loops--;
          emit(JUMP, loop);
          code[split + 1] = code.length;
        } else {
          // The optional copies nest: each tried before the exit, the next only after it.
          const splits: number[] = [];
          for (let k = min; k < max; k++) splits.push(iteration(item));
          for (const s of splits) code[s + 1] = code.length;
        }
        return;
      }
      case 'f':
        call(e[1]);
        return;
    }
  };

  const entries = new Map<string, number>();
  try {
    for (const root of roots) {
      entries.set(root, code.length);
      call(root);
      emit(END);
    }
    while (queue.length) {
      const rule = queue.shift()!;
      bodyAt.set(rule, code.length);
      loops = 0;
      build(exprs[rule]);
      emit(RETURN);
    }
  } catch (e) {
    // Too large to write out; or too deep for the stack left to the caller (the compile recurses
    // on how expressions and references nest: a grammar at the reader's limits, called deep in a
    // program), where the grammar's machinery, which needs less of it, answers instead.
    if (e === TOO_LARGE || e instanceof RangeError) return undefined;
    throw e;
  }
  for (const [rule, at] of waiting) code[at] = bodyAt.get(rule)!;
  threadJumps(code);
  return { code: Int32Array.from(code), entries, sets, ascii: Int32Array.from(ascii), wide, names, firstAscii: Int32Array.from(firstAscii), firstWide: Uint8Array.from(firstWide) };
}

/**
 * A program as data (../grammar/compiledData.ts `EncodedProgram`, in a module `toModule`
 * writes): its instructions, entries, character sets, first sets (five numbers each: the 128
 * bits of ASCII in four words, then 1 when a character above ASCII may begin) and node rules.
 */
export function encodeProgram(p: TreeProgram): EncodedProgram {
  const firsts: number[] = [];
  for (let f = 0; f < p.firstWide.length; f++) firsts.push(p.firstAscii[4 * f], p.firstAscii[4 * f + 1], p.firstAscii[4 * f + 2], p.firstAscii[4 * f + 3], p.firstWide[f]);
  return { code: [...p.code], entries: Object.fromEntries(p.entries), sets: p.sets.map((r) => [...r]), firsts, names: [...p.names] };
}

/** The program of data `encodeProgram` wrote, checked already (`checkProgram`). */
export function decodeProgram(e: EncodedProgram): TreeProgram {
  const ascii: number[] = [];
  const wide: number[][] = [];
  for (const ranges of e.sets) {
    addSet(ranges, ascii, wide);
  }
  const firstAscii = new Int32Array((e.firsts.length / 5) * 4);
  const firstWide = new Uint8Array(e.firsts.length / 5);
  for (let f = 0; f < firstWide.length; f++) {
    for (let w = 0; w < 4; w++) firstAscii[4 * f + w] = e.firsts[5 * f + w];
    firstWide[f] = e.firsts[5 * f + 4];
  }
  return {
    code: Int32Array.from(e.code), entries: new Map(Object.entries(e.entries)), sets: e.sets, ascii: Int32Array.from(ascii), wide,
    names: e.names, firstAscii, firstWide,
  };
}

/** How many operands each instruction takes, by opcode. */
const OPERANDS = [1, 3, 1, 1, 0, 0, 0, 1, 0, 0, 0, 2, 2];

/**
 * Each jump to a jump goes to where the last one goes (the end of an alternative inside a
 * repetition jumps to the repetition's loop): one step fewer a character. A chain is at most as
 * long as the program; a cycle of jumps alone (never written) is left as it is.
 */
function threadJumps(code: number[]): void {
  for (let pc = 0; pc < code.length; pc += 1 + OPERANDS[code[pc]]) {
    if (code[pc] !== JUMP) continue;
    let to = code[pc + 1];
    for (let n = 0; code[to] === JUMP && n < code.length; n++) to = code[to + 1];
    code[pc + 1] = to;
  }
}

/**
 * Why program data is not as `encodeProgram` writes it for rules `rules`, or undefined when it
 * is: every instruction known, every jump and call to an instruction, every set, first set and
 * node rule one the program has, every entry an instruction of a rule. A program so checked
 * cannot make the search read outside its arrays; what it computes is trusted as written, as
 * the packed tables are (the data's digest guards both).
 */
export function programFault(e: EncodedProgram, rules: ReadonlySet<string>): string | undefined {
  const int = (v: unknown): v is number => Number.isInteger(v);
  if (typeof e !== 'object' || e === null) return 'not an object';
  const { code, entries, sets, firsts, names } = e;
  if (!Array.isArray(code) || !code.every(int) || code.length > MAX_PROGRAM) return 'code';
  if (!Array.isArray(sets) || !sets.every((r) => Array.isArray(r) && r.length % 2 === 0 && r.every((n, k) => int(n) && n >= 0 && n <= 0x10ffff && (k % 2 === 0 || n >= r[k - 1])))) return 'sets';
  if (!Array.isArray(firsts) || firsts.length % 5 !== 0 || !firsts.every(int)) return 'firsts';
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string' && rules.has(n))) return 'names';
  const starts = new Set<number>();
  const targets: number[] = [];
  const nFirsts = firsts.length / 5;
  // A first set's id, or (`orNone`) -1: none.
  const first = (f: number, orNone: boolean): boolean => f >= (orNone ? -1 : 0) && f < nFirsts;
  for (let pc = 0; pc < code.length; pc += 1 + OPERANDS[code[pc]]) {
    const op = code[pc];
    if (!(op >= 0 && op < OPERANDS.length) || pc + OPERANDS[op] >= code.length) return `code at ${pc}`;
    starts.add(pc);
    const a = code[pc + 1];
    if (op === CHAR && !(a >= 0 && a < sets.length)) return `code at ${pc}`;
    if ((op === OPEN || op === NODE_CHAR) && !(a >= 0 && a < names.length)) return `code at ${pc}`;
    if (op === NODE_CHAR && !(code[pc + 2] >= 0 && code[pc + 2] < sets.length)) return `code at ${pc}`;
    if (op === SPLIT || op === ITER || op === JUMP || op === CALL) targets.push(a);
    if ((op === SPLIT && !(first(code[pc + 2], true) && first(code[pc + 3], true))) || (op === ITER && !first(code[pc + 2], false))) return `code at ${pc}`;
  }
  if (!targets.every((t) => starts.has(t))) return 'code: a jump to no instruction';
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) return 'entries';
  for (const [rule, at] of Object.entries(entries)) if (!rules.has(rule) || !starts.has(at)) return `entries: ${jsString(rule)}`;
  return undefined;
}

const TOO_LARGE = new Error('program too large');

/** Adds first set `g` to `f`. */
function union(f: First, g: First): void {
  for (let w = 0; w < 4; w++) f.bits[w] |= g.bits[w];
  if (g.wide) f.wide = true;
}

/** The steps a search of an input of `length` characters may take before it gives up. */
export const budgetOf = (length: number): number => 64 * length + 16_384;

/** A copy of `a` twice as long: how the search's arrays grow. */
function grown(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/**
 * The first-match tree of the whole input (plain nodes, as ./flatTree.ts `node` makes them), or
 * null when the input does not match, or undefined when the search took more than `budget`
 * steps. The steps taken are added to `work.steps`.
 */
export function backtrackTree(p: TreeProgram, root: string, input: string, budget: number, work?: { steps: number }): Node | null | undefined {
  return search(p, root, input, budget, work, true);
}

/**
 * Does the whole input match `root` (the verdict of `backtrackTree`, without making its nodes)?
 * Undefined when the search took more than `budget` steps. A search that runs out of choices has
 * tried every way through the program (a backtracking search is complete: an iteration past the
 * minimum that takes nothing can be left out of any match), so false is the rule's verdict.
 */
export function backtrackMatch(p: TreeProgram, root: string, input: string, budget: number, work?: { steps: number }): boolean | undefined {
  const found = search(p, root, input, budget, work, false);
  return found === undefined ? undefined : found !== null;
}

/**
 * The search of `backtrackTree` (with `build`, the tree; without, a node that stands for a match).
 *
 * Its state is in typed arrays in local variables, and the tests of a character are written in
 * the loop: this runs in code V8 has not optimized yet, where every object made brings a
 * young-generation collection nearer (which copies the module's data, young too), and every call
 * costs. The stack of return addresses and iteration marks is cells shared by the choices (each
 * a value and the cell below it, made and never freed, at most one a step); then the choices,
 * and the marks of the tree (a node's id and start, or -1 and a node's end). Each array grows by
 * doubling; none can outgrow the budget, a step adding at most one cell, one choice and one mark.
 */
function search(p: TreeProgram, root: string, input: string, budget: number, work: { steps: number } | undefined, build: boolean): Node | null | undefined {
  const { code, ascii, firstAscii, firstWide } = p;
  const n = input.length;
  let cellValue = new Int32Array(256);
  let cellNext = new Int32Array(256);
  let cells = 1;
  let choicePc = new Int32Array(256);
  let choicePos = new Int32Array(256);
  let choiceStack = new Int32Array(256);
  let choiceMarks = new Int32Array(256);
  let choices = 0;
  let marks = new Int32Array(512);
  let marked = 0;
  let pc = p.entries.get(root)!;
  let pos = 0;
  // The stack: its top cell (0: empty).
  let stack = 0;
  let steps = 0;
  for (;;) {
    if (++steps > budget) {
      if (work) work.steps += steps;
      return undefined;
    }
    let ok = true;
    const op = code[pc];
    if (op === CHAR || op === NODE_CHAR) {
      // Take one character of a set; with NODE_CHAR, as a node of its own.
      const set = code[op === CHAR ? pc + 1 : pc + 2];
      const c = pos < n ? input.charCodeAt(pos) : -1;
      let to = -1;
      if (c >= 0 && c < 128) {
        if (((ascii[4 * set + (c >> 5)] >>> (c & 31)) & 1) === 1) to = pos + 1;
      } else if (c >= 0) to = wideTakes(p, set, input, pos);
      if (to < 0) ok = false;
      else if (op === CHAR) {
        pos = to;
        pc += 2;
      } else {
        if (marked + 4 > marks.length) marks = grown(marks);
        marks[marked++] = code[pc + 1];
        marks[marked++] = pos;
        marks[marked++] = -1;
        marks[marked++] = pos = to;
        pc += 3;
      }
    } else if (op === SPLIT || op === ITER) {
      // Can the character here begin the alternative (first set `own`), and what is resumed (`rest`)?
      const own = code[op === SPLIT ? pc + 3 : pc + 2];
      const c = pos < n ? input.charCodeAt(pos) : -1;
      const ownCan = own < 0 || (c >= 0 && (c < 128 ? ((firstAscii[4 * own + (c >> 5)] >>> (c & 31)) & 1) === 1 : firstWide[own] === 1));
      if (!ownCan) pc = code[pc + 1];
      else {
        // An iteration keeps the way on as its choice; an alternative keeps the rest only when they can begin here.
        const rest = code[pc + 2];
        if (op === ITER || rest < 0 || (c >= 0 && (c < 128 ? ((firstAscii[4 * rest + (c >> 5)] >>> (c & 31)) & 1) === 1 : firstWide[rest] === 1))) {
          if (choices === choicePc.length) {
            choicePc = grown(choicePc);
            choicePos = grown(choicePos);
            choiceStack = grown(choiceStack);
            choiceMarks = grown(choiceMarks);
          }
          choicePc[choices] = code[pc + 1];
          choicePos[choices] = pos;
          choiceStack[choices] = stack;
          choiceMarks[choices++] = marked;
        }
        pc += op === SPLIT ? 4 : 3;
      }
    } else if (op === JUMP) pc = code[pc + 1];
    else if (op === OPEN || op === CLOSE) {
      if (marked + 2 > marks.length) marks = grown(marks);
      marks[marked++] = op === OPEN ? code[pc + 1] : -1;
      marks[marked++] = pos;
      pc += op === OPEN ? 2 : 1;
    } else if (op === CALL || op === MARK) {
      // Push the return address, or the position an iteration began at.
      if (cells === cellValue.length) {
        cellValue = grown(cellValue);
        cellNext = grown(cellNext);
      }
      cellValue[cells] = op === CALL ? pc + 2 : pos;
      cellNext[cells] = stack;
      stack = cells++;
      pc = op === CALL ? code[pc + 1] : pc + 1;
    } else if (op === RETURN) {
      pc = cellValue[stack];
      stack = cellNext[stack];
    } else if (op === CHECK) {
      ok = cellValue[stack] !== pos;
      stack = cellNext[stack];
      pc++;
    } else if (op === END) {
      if (pos === n) {
        if (work) work.steps += steps;
        return build ? treeOf(marks, marked, p.names) : MATCH;
      }
      ok = false;
    } else ok = false; // FAIL
    if (!ok) {
      if (choices === 0) {
        if (work) work.steps += steps;
        return null;
      }
      const k = --choices;
      pc = choicePc[k];
      pos = choicePos[k];
      stack = choiceStack[k];
      marked = choiceMarks[k];
    }
  }
}

/** What `search` finds without building the tree. */
const MATCH: Node = Object.freeze({ rule: '', start: 0, end: 0, children: Object.freeze([]) as unknown as Node[] });

/** Where a character above ASCII of set `set` at `pos` (inside the input) ends, or -1 when it is not one of the set. */
function wideTakes(p: TreeProgram, set: number, input: string, pos: number): number {
  // A pair is one character; a lone surrogate matches nothing (../automata/codepoints.ts).
  const cp = input.codePointAt(pos)!;
  return !(cp >= 0xd800 && cp <= 0xdfff) && hasCodePoint(p.wide[set], cp) ? pos + (cp > 0xffff ? 2 : 1) : -1;
}

/**
 * The nodes of the marks, as plain objects (rule, start, end, children: ./flatTree.ts's order),
 * each node's children made before it and taken at their number (a `push` onto an empty array
 * makes room for 17).
 */
function treeOf(marks: Int32Array, marked: number, names: readonly string[]): Node | undefined {
  // The nodes made and not yet given a parent; for each open node, its id, start and where its children begin among them.
  const made: Node[] = [];
  const open: number[] = [];
  for (let k = 0; k < marked; k += 2) {
    if (marks[k] >= 0) open.push(marks[k], marks[k + 1], made.length);
    else {
      // A close with no node open (only a program not written by compileTrees): no tree.
      if (open.length === 0) return undefined;
      const from = open.pop()!;
      const start = open.pop()!;
      const rule = names[open.pop()!];
      const children = made.length === from ? [] : made.slice(from);
      made.length = from;
      made.push({ rule, start, end: marks[k + 1], children });
    }
  }
  return open.length === 0 && made.length === 1 ? made[0] : undefined;
}
