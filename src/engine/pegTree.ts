/**
 * The same first-match-wins reading as ./parsimmon.ts, compiled to plain closures.
 *
 * Parsimmon allocates a reply object per parser call and merges failure information as it
 * goes; the structural tree of a typical URI then costs several microseconds. This
 * compiler walks the very same grammar expressions with the same PEG semantics (ordered
 * choice, greedy repetition without backtracking, the rules' PEG guards, one sticky RegExp
 * for every sub-expression that gives no nodes) but keeps no failure information: errors
 * come from the automaton. The tests check that both compilers build the same trees.
 *
 * The nodes go to a IdSink (./tree.ts), in pre-order, as rule ids and offsets: no node
 * object is made while parsing (./flatTree.ts makes them on access). Backtracking is
 * `truncate` to the length before the attempt.
 */
import { caseFold, type CharSet, type Expr, type Rules } from './expr';
import { regexpSource, singleCharSet } from './regexp';
import { firstChars, nullable, reaches } from './firstSets';
import { LONG } from './limits';
import { NullSink } from './flatTree';
import type { IdSink } from './tree';

/** Matches at `i`, emits nodes to `out`; returns the end offset, or -1 (with `out` as it was). */
export type Matcher = (input: string, i: number, out: IdSink) => number;

/** The compiled grammar: a matcher per rule, and the rule-name table of the ids it emits. */
export interface Compiled {
  matcher(rule: string): Matcher;
  /** `names[id]`: the rule of a node id (the node rules, in the order of the set). */
  readonly names: readonly string[];
}

/**
 * What the compiler derives from a grammar's expressions, computed ahead of time (`treePlan`;
 * scripts/generate-trees.ts writes the built-in grammar's into src/generated/), so that a fresh
 * process's first parse runs none of the derivations. Keyed by expression path: the rule name,
 * then `.k` for item k of a sequence or choice, `.*` for a repetition's item, `.!` for a guard's.
 * A path depends on the grammar only, so one plan serves every node set; a path it lacks is
 * derived as usual.
 */
export interface TreePlan {
  /** The RegExp source of each stretch that gives no nodes (and is not a `simpleLeaf`). */
  readonly leaves: Readonly<Record<string, string>>;
  /**
   * Per choice, its alternatives' first characters (`firstChars`) as 32 hex digits, bit c of
   * the 128 for character c; '' for an alternative that can match the empty string.
   */
  readonly starts: Readonly<Record<string, readonly string[]>>;
  /**
   * The stretches whose long form is a run loop: its tables (see RunTables), the sets as above,
   * `plans` by character code.
   */
  readonly runs: Readonly<Record<string, { readonly single: string; readonly plans: Readonly<Record<string, readonly (readonly string[])[]>> }>>;
}

/** A plan being recorded: `compileFast` fills it and compiles everything at once. */
interface Recording {
  leaves: Record<string, string>;
  starts: Record<string, string[]>;
  runs: Record<string, { single: string; plans: Record<string, string[][]> }>;
}

export function compileFast(grammar: Rules, nodeRules: ReadonlySet<string>, plan?: TreePlan): Compiled {
  return compileWith(grammar, nodeRules, plan);
}

/** `compileFast`; with `recording`, every choice is compiled at once and what is derived is written into it. */
function compileWith(grammar: Rules, nodeRules: ReadonlySet<string>, plan?: TreePlan, recording?: Recording): Compiled {
  const rules = new Map<string, Matcher>();
  const names = [...nodeRules];
  const ids = new Map(names.map((n, k) => [n, k]));
  const scratch = new NullSink();

  const memo = new Map<string, boolean>();
  const reachesNode = (e: Expr): boolean => reaches(grammar, e, nodeRules, memo);
  const sets = new Map<string, CharSet>();
  const hexSet = (hex: string): CharSet => sets.get(hex) ?? sets.set(hex, fromHex(hex)).get(hex)!;

  /** The RegExp source of a stretch that gives no nodes. */
  const leafSource = (e: Expr, path: string): string => {
    const source = plan?.leaves[path] ?? regexpSource(grammar, e);
    if (recording) recording.leaves[path] = source;
    return source;
  };

  /**
   * The tables of a run loop (see runAlts, runTables), as a function that makes them (a plan's
   * are unpacked on the first long input), or undefined when the stretch is not a run.
   */
  const runTablesOf = (e: Expr, path: string): (() => RunTables) | undefined => {
    if (plan) {
      const pre = plan.runs[path];
      if (!pre) return undefined;
      return () => {
        const plans: (CharSet[][] | undefined)[] = new Array(128);
        for (const c in pre.plans) plans[+c] = pre.plans[c].map((a) => a.map(hexSet));
        return { single: hexSet(pre.single), plans };
      };
    }
    const alts = runAlts(grammar, e);
    const tables = alts && runTables(alts);
    if (recording && tables) {
      const plans: Record<string, string[][]> = {};
      tables.plans.forEach((p, c) => p && (plans[c] = p.map((a) => a.map(toHex))));
      recording.runs[path] = { single: toHex(tables.single), plans };
    }
    return tables && (() => tables);
  };

  /** Per alternative of a choice, the characters it can begin with; undefined if it can match nothing. */
  const altStarts = (e: Expr & { t: 'alt' }, path: string): (CharSet | undefined)[] => {
    const pre = plan?.starts[path];
    if (pre && pre.length === e.items.length) return pre.map((hex) => (hex ? fromHex(hex) : undefined));
    const starts = e.items.map((item) => (nullable(grammar, item) ? undefined : firstChars(grammar, item)));
    if (recording) recording.starts[path] = starts.map((set) => (set ? toHex(set) : ''));
    return starts;
  };

  // The grammar has no recursion, so each rule compiles once, on first reference; the
  // alternatives of a choice compile when first tried (below), so that a first parse pays only
  // for the rules its input reaches (IPv6address, say, is compiled for the first IP literal).
  const rule = (name: string): Matcher => {
    let m = rules.get(name);
    if (!m) {
      const body = compile(grammar[name], name);
      const id = ids.get(name);
      if (id === undefined) m = body;
      else if (!reachesNode(grammar[name])) {
        // A leaf node: opened once its body matched.
        m = (input, i, out) => {
          const j = body(input, i, out);
          if (j >= 0) out.close(out.open(id, i), j);
          return j;
        };
      } else {
        m = (input, i, out) => {
          const k = out.open(id, i);
          const j = body(input, i, out);
          if (j >= 0) out.close(k, j);
          else out.truncate(k);
          return j;
        };
      }
      rules.set(name, m);
    }
    return m;
  };

  const compile = (e: Expr, path: string): Matcher => {
    if (e.t !== 'guard' && !reachesNode(e)) {
      // A stretch that gives no nodes: one sticky RegExp on ordinary lengths. V8 runs a new
      // RegExp in its bytecode interpreter first, whose backtracking stack grows with every turn
      // of a loop and overflows on inputs of megabytes; from LONG characters on, the same
      // expression runs as a charCodeAt loop or as the closures below, which need no stack (these
      // made on the first long input: most processes never see one). A planned source is never a
      // simple leaf's (a plan records only the others).
      const simple = plan?.leaves[path] === undefined ? simpleLeaf(grammar, e) : undefined;
      if (simple) return simple;
      const re = new RegExp(leafSource(e, path), 'y');
      const run = runTablesOf(e, path);
      if (run) {
        // The run's loop, made now: a fixed callee, which V8 inlines here.
        const long = runLeaf(run, (e as Expr & { t: 'rep' }).min);
        return (input, i, out) => {
          if (input.length - i >= LONG) return long(input, i, out);
          re.lastIndex = i;
          return re.test(input) ? re.lastIndex : -1;
        };
      }
      let long: Matcher | undefined;
      return (input, i, out) => {
        if (input.length - i >= LONG) return (long ??= structural(e, path))(input, i, out);
        re.lastIndex = i;
        return re.test(input) ? re.lastIndex : -1;
      };
    }
    return structural(e, path);
  };

  const structural = (e: Expr, path: string): Matcher => {
    switch (e.t) {
      case 'ref': return rule(e.name);
      case 'seq': {
        const items = e.items.map((x, k) => compile(x, `${path}.${k}`));
        if (items.length === 2) {
          const [a, b] = items;
          return (input, i, out) => {
            const mark = out.length;
            const j = a(input, i, out);
            if (j < 0) return -1;
            const k = b(input, j, out);
            if (k < 0) out.truncate(mark);
            return k;
          };
        }
        return (input, i, out) => {
          const mark = out.length;
          for (let k = 0; k < items.length; k++) {
            i = items[k](input, i, out);
            if (i < 0) {
              out.truncate(mark);
              return -1;
            }
          }
          return i;
        };
      }
      case 'alt': {
        // An alternative that cannot begin with the next character (and cannot match the empty
        // string) would fail: skip it without calling it. Same answers, fewer calls. Each
        // alternative is compiled when first tried.
        const items: (Matcher | undefined)[] = e.items.map((x, k) => (recording ? compile(x, `${path}.${k}`) : undefined));
        const starts = altStarts(e, path);
        return (input, i, out) => {
          const mark = out.length;
          const c = input.charCodeAt(i);
          for (let k = 0; k < items.length; k++) {
            const first = starts[k];
            if (first && !(c < 128 && first[c])) continue;
            const j = (items[k] ?? (items[k] = compile(e.items[k], `${path}.${k}`)))(input, i, out);
            if (j >= 0) return j;
            out.truncate(mark);
          }
          return -1;
        };
      }
      case 'rep': {
        const item = compile(e.item, `${path}.*`);
        const { min, max } = e;
        if (min === 0 && max === 1) {
          return (input, i, out) => {
            const j = item(input, i, out);
            return j >= 0 ? j : i;
          };
        }
        return (input, i, out) => {
          const mark = out.length;
          let n = 0;
          while (n < max) {
            const j = item(input, i, out);
            if (j < 0 || j === i) break;
            i = j;
            n++;
          }
          if (n < min) {
            out.truncate(mark);
            return -1;
          }
          return i;
        };
      }
      case 'guard': {
        if (!e.not) return (input, i) => (i === input.length ? i : -1);
        const not = compile(e.not, `${path}.!`);
        return (input, i) => {
          const j = not(input, i, scratch);
          scratch.truncate(0);
          return j >= 0 ? -1 : i;
        };
      }
      default: return simpleLeaf(grammar, e)!;
    }
  };

  return { matcher: rule, names };
}

/**
 * The plan of `grammar` (see TreePlan): what compiling every rule for each of `nodeSets` derives.
 * The leaves depend on the node set; their sources and the choices' first characters do not.
 */
export function treePlan(grammar: Rules, nodeSets: readonly ReadonlySet<string>[]): TreePlan {
  const recording: Recording = { leaves: {}, starts: {}, runs: {} };
  for (const nodes of nodeSets) {
    const c = compileWith(grammar, nodes, undefined, recording);
    for (const name of Object.keys(grammar)) c.matcher(name);
  }
  const sorted = <T>(o: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { leaves: sorted(recording.leaves), starts: sorted(recording.starts), runs: sorted(recording.runs) };
}

/** A character set as 32 hex digits, bit c for character c (digit k holds characters 4k to 4k + 3). */
function toHex(set: CharSet): string {
  let out = '';
  for (let k = 0; k < 32; k++) out += (set[4 * k] | (set[4 * k + 1] << 1) | (set[4 * k + 2] << 2) | (set[4 * k + 3] << 3)).toString(16);
  return out;
}

function fromHex(hex: string): CharSet {
  const set = new Uint8Array(128);
  for (let k = 0; k < 32; k++) {
    const d = parseInt(hex[k], 16);
    for (let b = 0; b < 4; b++) set[4 * k + b] = (d >> b) & 1;
  }
  return set;
}

/**
 * Leaves too small for a RegExp call to pay: one character class, a run of one, or a quoted
 * string, matched with charCodeAt.
 */
function simpleLeaf(grammar: Rules, e: Expr): Matcher | undefined {
  switch (e.t) {
    case 'chars': return oneOf(e.set);
    case 'lit': return litMatcher(e.text);
    case 'rep': {
      const set = e.item.t === 'chars' ? e.item.set : singleCharSet(grammar, e.item);
      return set && runOf(set, e.min, e.max);
    }
    default: return undefined;
  }
}

/** `min*max` characters of `set`. */
function runOf(set: CharSet, min: number, max: number): Matcher {
  return (input, i) => {
    const start = i;
    const n = input.length;
    const stop = max === Infinity ? n : Math.min(n, i + max);
    while (i < stop) {
      const c = input.charCodeAt(i);
      if (c > 127 || !set[c]) break;
      i++;
    }
    return i - start >= min ? i : -1;
  };
}

/** A quoted string, case-insensitive (RFC 5234 2.3). */
function litMatcher(text: string): Matcher {
  // Without letters (":", "//", "::"): the text as it is.
  if (text.toLowerCase() === text.toUpperCase()) {
    if (text.length === 1) {
      const code = text.charCodeAt(0);
      return (input, i) => (input.charCodeAt(i) === code ? i + 1 : -1);
    }
    return (input, i) => (input.startsWith(text, i) ? i + text.length : -1);
  }
  const sets = [...text].map((ch) => new Set([...caseFold(ch)].map((x) => x.charCodeAt(0))));
  return (input, i) => {
    for (const set of sets) if (!set.has(input.charCodeAt(i++))) return -1;
    return i;
  };
}

function oneOf(set: CharSet): Matcher {
  return (input, i) => {
    const c = input.charCodeAt(i);
    return c < 128 && set[c] ? i + 1 : -1;
  };
}


/**
 * `*( A / B / … )` where each alternative is a fixed run of single characters (`unreserved`,
 * `":"`, `pct-encoded` = "%" HEXDIG HEXDIG, …): the alternatives, each as its characters' sets;
 * undefined for any other expression.
 */
function runAlts(grammar: Rules, e: Expr): CharSet[][] | undefined {
  if (e.t !== 'rep' || e.max !== Infinity) return undefined;
  const alts: CharSet[][] = [];
  const flatten = (x: Expr): boolean => {
    const one = singleCharSet(grammar, x);
    if (one) return alts.push([one]) > 0;
    if (x.t === 'ref') return flatten(grammar[x.name]);
    if (x.t === 'alt') return x.items.every(flatten);
    const sets = fixedWidth(grammar, x);
    return sets !== undefined && alts.push(sets) > 0;
  };
  return flatten(e.item) ? alts : undefined;
}

/**
 * What a run loop reads (see runLeaf): the characters that are a whole alternative by themselves,
 * and for each other character that can begin one, the alternatives that can begin with it, in
 * order, up to the first one-character one (which then always matches).
 */
interface RunTables {
  readonly single: CharSet;
  readonly plans: readonly (readonly CharSet[][] | undefined)[];
}

function runTables(alts: readonly CharSet[][]): RunTables {
  const single = new Uint8Array(128);
  const plans: (CharSet[][] | undefined)[] = new Array(128);
  for (let c = 0; c < 128; c++) {
    const plan: CharSet[][] = [];
    for (const a of alts) {
      if (!a[0][c]) continue;
      plan.push(a);
      if (a.length === 1) break;
    }
    if (plan.length === 1 && plan[0].length === 1) single[c] = 1;
    else if (plan.length) plans[c] = plan;
  }
  return { single, plans };
}

/**
 * At least `min` of the alternatives of a run (see runAlts): a loop that, at each character, tries
 * the alternatives that can begin with it, in order (ordered choice, as the other forms).
 */
function runLeaf(make: () => RunTables, min: number): Matcher {
  let tables: RunTables | undefined;
  return (input, i) => {
    const { single, plans } = (tables ??= make());
    const n = input.length;
    let count = 0;
    scan: while (i < n) {
      const c = input.charCodeAt(i);
      if (c >= 128) break;
      if (single[c]) {
        i++;
        count++;
        continue;
      }
      const plan = plans[c];
      if (!plan) break;
      for (const a of plan) {
        let k = 1;
        while (k < a.length) {
          const d = input.charCodeAt(i + k);
          if (!(d < 128 && a[k][d])) break;
          k++;
        }
        if (k === a.length) {
          i += k;
          count++;
          continue scan;
        }
      }
      break;
    }
    return count >= min ? i : -1;
  };
}

/** The character sets of an expression that always matches one fixed run of single characters. */
function fixedWidth(grammar: Rules, e: Expr): CharSet[] | undefined {
  const one = singleCharSet(grammar, e);
  if (one) return [one];
  switch (e.t) {
    case 'lit': return [...e.text].map((ch) => singleCharSet(grammar, { t: 'lit', text: ch })!);
    case 'ref': return fixedWidth(grammar, grammar[e.name]);
    case 'seq': {
      const out: CharSet[] = [];
      for (const x of e.items) {
        const sets = fixedWidth(grammar, x);
        if (!sets) return undefined;
        out.push(...sets);
      }
      return out;
    }
    default: return undefined;
  }
}
