/**
 * A precompiled grammar's data (what `toModule` writes, ../build/compiled.ts) read and checked:
 * its format, digest, rule names, every expression's shape, depth and references, its options
 * and its tables' shape, so that a damaged or edited module fails on load with a TypeError.
 * Apart from the grammar class (./fromCompiled.ts builds one of what is read here; ./compiledFront.ts
 * answers a precompiled module's first calls without it), so that a precompiled module's
 * `require` loads this and the tables' walk alone (scripts/bundle.js, dist/cjs/compiled.js).
 */
import type { Expr } from '../expr';
import { codePoints } from '../expr';
import { own } from '../options';
import type { TreePlan } from '../trees/plan';
import type { PackedDfa } from '../automata/tableDfa';
import { rulesReachingCycles } from './cycles';
import { DIGEST, digestOf } from '../digest';
import { jsString } from '../jsText';
import { programFault } from '../trees/backtrack';
import type { EncodedExpr, EncodedProgram } from './encoded';

export type { EncodedExpr, EncodedProgram } from './encoded';

/** The format tag and version of the data (a module written by another version is refused). */
export const COMPILED_FORMAT = 'uri-grammar/compiled';
/** 2: the data carries its digest (version 1 had none). */
export const COMPILED_VERSION = 2;

export interface CompiledGrammar {
  /**
   * The digest (../digest.ts) of the data's JSON text without this member, which comes first:
   * checked on load, so that data changed after it was written is refused, not trusted. It
   * detects changes, not intent: it is no signature.
   */
  readonly digest: string;
  readonly format: typeof COMPILED_FORMAT;
  readonly version: number;
  readonly name?: string;
  readonly rules: readonly string[];
  readonly exprs: Readonly<Record<string, EncodedExpr>>;
  readonly texts: Readonly<Record<string, string>>;
  readonly lexicalRules: readonly string[];
  readonly labelRules: readonly string[];
  readonly alternation: string;
  readonly maxNesting: number;
  /** The work limit (steps per character), when not the default. */
  readonly workLimit?: number;
  /** The regular rules' DFAs, packed (recursive rules have none). */
  readonly tables?: PackedDfa;
  /** The rules that reach recursion (for the library's own grammars, which skip that analysis). */
  readonly recursive?: readonly string[];
  /** Tree plans (../trees/plan.ts) by plan key (`"rule"`): checked when a tree first reads one. */
  readonly plans?: Readonly<Record<string, TreePlan>>;
  /**
   * The program of the structural trees of every rule but the lexical ones, for the front's
   * search (./compiledFront.ts, ../trees/backtrack.ts): what `toModule` writes for a regular
   * grammar, so that a module's first tree compiles nothing. Checked on load.
   */
  readonly program?: EncodedProgram;
}
export const bad = (why: string): TypeError => new TypeError(`fromCompiled: argument "data" is not a compiled grammar (${why}); write it again with \`uri-grammar compile\` of this version`);

/**
 * How deep an expression may nest: what compileAbnf can make (groups nest at most
 * MAX_GROUP_NESTING deep, ../text/abnf.ts, each a few expression levels), with room to spare. The
 * engine's analyses recurse on expression depth, which the reader bounds; data from elsewhere
 * is bounded here.
 */
export const MAX_EXPR_DEPTH = 1_000;

export interface DecodeOptions {
  /** The rules of the data: every reference must name one (undefined: not checked). */
  readonly named?: ReadonlySet<string>;
  /** False: every check, and no expression made (what the data's check on load needs). */
  readonly build?: boolean;
  /** Where to put the name of every reference met. */
  readonly refs?: Set<string>;
  /** The data is a tree (parsed from JSON): no array can be met twice, so none is tracked. */
  readonly tree?: boolean;
}

/**
 * Iteratively (no recursion on nesting depth), with a check of every node's shape and depth,
 * and of every reference (`named`: the rules of the data; undefined: not checked). A frame a
 * sequence, choice or repetition on the path from the root: its children decoded so far. The
 * same array met again below itself is a cycle (an object, not JSON); met again elsewhere
 * (shared), it is decoded once. A leaf (a character set, a quoted string, a reference) is
 * decoded where it stands: no frame, and it can neither hold a cycle nor, met again, cost more
 * than once. With `tree`, no array is tracked (JSON has no sharing and no cycle). Lean on
 * purpose: a precompiled module checks every rule on load, in code V8 has not optimized yet.
 */
export function decode(root: unknown, { named, build = true, refs, tree = false }: DecodeOptions = {}): Expr {
  const done = new Map<unknown, { e: Expr; depth: number }>();
  const path = new Set<unknown>();
  type Frame = { x: unknown[]; kids: number; next: number; items: Expr[]; depth: number };
  const frames: Frame[] = [];
  const made = (x: unknown[], items: Expr[]): Expr => {
    checkNode(x);
    return build ? node(x, items) : UNBUILT;
  };
  const leaf = (x: unknown[]): Expr => {
    const e = made(x, NO_ITEMS);
    if (x[0] === 'f') {
      if (named && !named.has(x[1] as string)) throw bad(`a reference to ${JSON.stringify(x[1])}, which is not a rule`);
      refs?.add(x[1] as string);
    }
    return e;
  };
  const composite = (x: unknown): x is unknown[] => {
    if (!Array.isArray(x) || typeof x[0] !== 'string') throw bad('an expression is not an array with a tag');
    return x[0] === 's' || x[0] === 'a' || x[0] === 'r';
  };
  const enter = (x: unknown[]): void => {
    if (!tree) {
      if (path.has(x)) throw bad('an expression contains itself');
      path.add(x);
    }
    if (frames.length >= MAX_EXPR_DEPTH) throw bad(`an expression nests deeper than ${MAX_EXPR_DEPTH}, which compileAbnf never makes`);
    // Children: items 1.. of a sequence or choice, item 1 of a repetition.
    frames.push({ x, kids: x[0] === 'r' ? 1 : x.length - 1, next: 0, items: build ? [] : NO_ITEMS, depth: 0 });
  };
  if (!composite(root)) return leaf(root as unknown[]);
  enter(root);
  for (;;) {
    const f = frames[frames.length - 1];
    if (f.next < f.kids) {
      const kid = f.x[1 + f.next++];
      if (!composite(kid)) {
        const e = leaf(kid as unknown[]);
        if (build) f.items.push(e);
        if (f.depth < 1) f.depth = 1;
        continue;
      }
      const seen = tree ? undefined : done.get(kid);
      if (seen) {
        if (build) f.items.push(seen.e);
        if (seen.depth > f.depth) f.depth = seen.depth;
      } else enter(kid);
      continue;
    }
    frames.pop();
    if (!tree) path.delete(f.x);
    const e = made(f.x, f.items);
    const depth = f.depth + 1;
    if (depth > MAX_EXPR_DEPTH) throw bad(`an expression nests deeper than ${MAX_EXPR_DEPTH}, which compileAbnf never makes`);
    if (!tree) done.set(f.x, { e, depth });
    const parent = frames[frames.length - 1];
    if (!parent) return e;
    if (build) parent.items.push(e);
    if (depth > parent.depth) parent.depth = depth;
  }
}

/** What `decode` gives when it only checks. */
const UNBUILT: Expr = { t: 'lit', text: '' };
const NO_ITEMS: Expr[] = [];

/** The checks of one encoded node (its children are checked on their own): a TypeError unless it is as `encode` writes it. */
function checkNode(x: unknown[]): void {
  switch (x[0]) {
    case 'c': {
      const r = x[1] as unknown;
      // Ranges as codePoints expects them: pairs of code points, each lo ≤ hi, ascending.
      if (!Array.isArray(r) || r.length % 2 !== 0 || typeof x[2] !== 'string') throw bad('a character set');
      for (let k = 0; k < r.length; k++) {
        const n = r[k] as unknown;
        if (!(Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 0x10ffff && (k === 0 || (n as number) >= (r[k - 1] as number)))) throw bad('a character set');
      }
      return;
    }
    case 'l':
      if (typeof x[1] !== 'string') throw bad('a quoted string');
      return;
    case 's': case 'a':
      return;
    case 'r':
      if (!Number.isInteger(x[2]) || (x[2] as number) < 0 || !(x[3] === null || (Number.isInteger(x[3]) && (x[3] as number) >= (x[2] as number)))) throw bad('a repetition');
      return;
    case 'f':
      if (typeof x[1] !== 'string') throw bad('a reference');
      return;
    default:
      throw bad(`unknown tag ${JSON.stringify(x[0])}`);
  }
}

/** One encoded node (checked: checkNode), its children decoded (`items`). */
function node(x: unknown[], items: Expr[]): Expr {
  switch (x[0]) {
    case 'c': return codePoints(x[1] as number[], x[2] as string);
    case 'l': return { t: 'lit', text: x[1] as string };
    case 's': case 'a': return { t: x[0] === 's' ? 'seq' : 'alt', items };
    case 'r': return { t: 'rep', item: items[0], min: x[2] as number, max: x[3] === null ? Infinity : x[3] as number };
    default: return { t: 'ref', name: x[1] as string };
  }
}
/** How the JSON text of compiled data begins: its digest first (`{"digest":"…",`). */
const DIGEST_AT = '{"digest":"'.length;
const BODY_AT = DIGEST_AT + 16 + '",'.length;

/**
 * The digest check of data as JSON text (as `toModule` writes it, or an object's
 * JSON.stringify): the digest it carries is the digest of the rest.
 */
export function checkDigest(text: string): void {
  const carried = text.slice(DIGEST_AT, DIGEST_AT + 16);
  if (!text.startsWith('{"digest":"') || !DIGEST.test(carried) || text.slice(DIGEST_AT + 16, BODY_AT) !== '",') throw bad('no digest');
  if (digestOf('{' + text.slice(BODY_AT)) !== carried) {
    throw new TypeError('fromCompiled: the compiled grammar was changed after it was written (its digest does not match its data): ' +
      'it is refused, not trusted; write it again with `uri-grammar compile`');
  }
}

/** Rule names as the grammar readers make them (ABNF's, and RFC 2396's with "_"). */
const RULE_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** An object's JSON text, for its digest (a cycle or a BigInt has none: not data toModule wrote). */
export function jsonOf(data: object): string {
  try {
    return JSON.stringify(data);
  } catch (e) {
    // A cycle (TypeError), or nesting too deep to write (RangeError).
    if (e instanceof TypeError || e instanceof RangeError) throw bad(`not JSON data: ${e.message}`);
    throw e;
  }
}

/** Each rule name as a grammar reader makes it, and none twice (rule names are case-insensitive, RFC 5234 2.1). */
export function checkRuleNames(rules: readonly string[], error: (why: string) => TypeError = bad): void {
  const seen = new Set<string>();
  for (const rule of rules) {
    if (!RULE_NAME.test(rule)) throw error(`rule name ${jsString(rule)} is not a rule name (a letter, then letters, digits, "-" or "_")`);
    const key = rule.toLowerCase();
    if (seen.has(key)) throw error(`rule ${jsString(rule)} is defined twice`);
    seen.add(key);
  }
}

/**
 * The packed tables' shape (../automata/tableDfa.ts), so that what `toModule` did not write fails here
 * with a TypeError rather than later inside a verdict. (Their content is trusted as written.)
 */
export function checkTables(t: PackedDfa, rules: ReadonlySet<string>): void {
  const str = (v: unknown): v is string => typeof v === 'string';
  if (typeof t !== 'object' || t === null) throw bad('tables');
  if (!(Number.isInteger(t.width) && t.width > 0)) throw bad('tables.width');
  if (!str(t.ascii) || t.ascii.length !== 256) throw bad('tables.ascii');
  if (!Array.isArray(t.wide) || t.wide.length % 2 !== 0 || t.wide.some((n) => !Number.isInteger(n))) throw bad('tables.wide');
  if (!str(t.rows) || !str(t.rowAt) || !str(t.accepting) || !str(t.expectedOf) || t.expectedOf.length % 2 !== 0) throw bad('tables rows');
  const states = t.expectedOf.length / 2;
  if (t.rowAt.length !== 3 * (states + 1)) throw bad('tables.rowAt');
  if (!Array.isArray(t.words) || !t.words.every(str) || !Array.isArray(t.expected) || !t.expected.every(str)) throw bad('tables words');
  if (typeof t.starts !== 'object' || t.starts === null) throw bad('tables.starts');
  for (const [rule, start] of Object.entries(t.starts)) {
    if (!rules.has(rule) || !(Number.isInteger(start) && start > 0 && start < states)) throw bad(`tables.starts.${rule}`);
  }
}

/** Data as `fromCompiled` was given it, parsed: the object, its JSON text when given as text, its plans. */
export interface GivenData {
  readonly data: CompiledGrammar;
  readonly text: string | undefined;
  readonly plans: Readonly<Record<string, unknown>> | undefined;
}

/** `fromCompiled`'s argument parsed (a text as JSON), its plans' member checked. */
export function givenData(data: CompiledGrammar | string): GivenData {
  const text = typeof data === 'string' ? data : undefined;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as CompiledGrammar;
    } catch (e) {
      if (e instanceof SyntaxError) throw bad(`not JSON: ${e.message}`);
      throw e;
    }
  }
  const plans = typeof data === 'object' && data !== null ? own(data, 'plans') : undefined;
  if (plans !== undefined && (typeof plans !== 'object' || plans === null || Array.isArray(plans))) throw bad('plans');
  return { data, text, plans: plans as Readonly<Record<string, unknown>> | undefined };
}

/**
 * How the rules' expressions are read. Each is made when first read (a verdict from the tables
 * and a tree from a plan read none). `lazily`: data from a caller, every expression checked on
 * load (shape, depth, references, no cycle) and the rules that reach recursion found from the
 * references the check collects; `owned`: the same for data parsed from JSON for the grammar
 * alone (a tree: no array is met twice, so none is tracked); `shipped`: data this library wrote
 * at build time and its tests check against the grammar's text, taken as written.
 */
export type Decoding = 'lazily' | 'owned' | 'shipped';

/** What `readData` found: the data's members, checked. */
export interface ReadData {
  readonly decoding: Decoding;
  readonly rules: readonly string[];
  readonly encoded: Readonly<Record<string, EncodedExpr>>;
  readonly texts: ReadonlyMap<string, string>;
  readonly maxNesting: number | undefined;
  readonly workLimit: number | undefined;
  readonly tables: PackedDfa | undefined;
  readonly lexicalRules: readonly string[];
  readonly labelRules: readonly string[];
  readonly alternation: string;
  readonly name: string | undefined;
  /** The rules that reach recursion (undefined for `shipped`: the data says). */
  readonly recursive: readonly string[] | undefined;
  /** The program of the structural trees, checked (`CompiledGrammar.program`). */
  readonly program: EncodedProgram | undefined;
}

/**
 * The checks of data on load, in order (the first failure is the TypeError thrown). Own
 * properties only: a polluted Object.prototype must not add tables, rules or texts.
 */
export function readData(data: CompiledGrammar, decoding: Decoding, text?: string): ReadData {
  if (typeof data !== 'object' || data === null) throw bad('not an object');
  const field = <K extends keyof CompiledGrammar>(k: K): CompiledGrammar[K] | undefined => own(data, k);
  if (field('format') !== COMPILED_FORMAT) throw bad(`format ${JSON.stringify(field('format'))}`);
  if (field('version') !== COMPILED_VERSION) throw bad(`version ${JSON.stringify(field('version'))}, this library reads ${COMPILED_VERSION}`);
  // Data changed after it was written is refused before anything of it is read (the tables'
  // content is trusted as written: one edited digit would make verdicts and trees disagree).
  // The library's own data is part of its code, and is checked by its tests instead.
  if (decoding !== 'shipped') checkDigest(text ?? jsonOf(data));
  const rules = field('rules');
  if (!Array.isArray(rules) || rules.some((r) => typeof r !== 'string')) throw bad('rules');
  if (decoding !== 'shipped') checkRuleNames(rules);
  const encoded = field('exprs') ?? {};
  const textsIn = field('texts') ?? {};
  const texts = new Map<string, string>();
  // Every reference names a rule of the data (checked as it is decoded).
  const named = new Set(rules);
  // What each rule refers to (from the check on load: not for `shipped`).
  const refsOf = new Map<string, Set<string>>();
  for (let k = 0; k < rules.length; k++) {
    const rule = rules[k];
    if (!Object.prototype.hasOwnProperty.call(encoded, rule)) throw bad(`no expression for ${JSON.stringify(rule)}`);
    if (decoding !== 'shipped') {
      // Checked now (shape, depth, references: a damaged module fails on load), made when read.
      const refs = new Set<string>();
      decode(encoded[rule], { named, build: false, refs, tree: decoding === 'owned' });
      refsOf.set(rule, refs);
    }
    const t = Object.prototype.hasOwnProperty.call(textsIn, rule) ? textsIn[rule] : '';
    texts.set(rule, typeof t === 'string' ? t : '');
  }
  const maxNesting = field('maxNesting');
  if (maxNesting !== undefined && !(Number.isInteger(maxNesting) && maxNesting > 0)) throw bad('maxNesting');
  const workLimit = field('workLimit');
  if (workLimit !== undefined && !(Number.isSafeInteger(workLimit) && workLimit > 0)) throw bad('workLimit');
  const tables = field('tables');
  if (tables !== undefined) checkTables(tables, named);
  const list = (k: 'lexicalRules' | 'labelRules'): string[] => {
    const v = field(k) ?? [];
    if (!Array.isArray(v) || v.some((r) => typeof r !== 'string')) throw bad(k);
    return v;
  };
  const lexicalRules = list('lexicalRules');
  const labelRules = list('labelRules');
  const program = field('program');
  if (program !== undefined) {
    const fault = programFault(program, named);
    if (fault !== undefined) throw bad(`program: ${fault}`);
  }
  // The rules that reach recursion, found from the references the check collected (the grammar
  // would otherwise find them from the expressions, which would make every one now).
  const recursive = decoding !== 'shipped' ? [...rulesReachingCycles(rules, (r) => refsOf.get(r)!)] : undefined;
  return {
    decoding, rules, encoded, texts, maxNesting, workLimit, tables, lexicalRules, labelRules,
    alternation: field('alternation') ?? '/', name: field('name'), recursive, program,
  };
}
