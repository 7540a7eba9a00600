/**
 * The PEG reading of a grammar on parsimmon, for the tests: the hand-written RFC 3986 module with
 * its PEG guards (./rfc3986Peg.ts) compiled to named parsimmon parsers that build the parse tree
 * (ordered choice, greedy repetition, the guards as lookaheads). It shares nothing with the
 * engine's first-match builder but the expression constructors' shape, so the tests hold the
 * engine (which runs grammar/rfc3986.abnf as printed) to an independent reading: a person found
 * the guards that make the PEG commit where first match commits; the engine must find the same.
 *
 * Built with parsimmon's public API only (`P(fn)`, `makeSuccess`, `makeFailure`, combinators,
 * `parse`). `nodeRules` decides which rules give tree nodes; a sub-expression that reaches none
 * of them becomes one sticky RegExp (this file's own printer) instead of a chain of parsers.
 */
import type P from 'parsimmon';
import { parsimmon } from '../../src/engine/parsimmonLib';
import type { Node } from '../../src/engine/tree';
import { caseFold, charSet, type CharSet, type PegExpr as Expr, type PegRules as Rules } from './rfc3986Peg';

type Kids = Node[];
const NONE: Kids = [];

export type Language<R extends string> = { readonly [K in R]: P.Parser<Kids> };

/** The outcome of running a parser on a whole input, in the shape the driver and tests read. */
export type Reply = { status: true; index: number; value: Kids; furthest: number; expected: string[] }
  | { status: false; index: number; furthest: number; expected: string[] };

/**
 * Runs `p` on the whole input through parsimmon's public `parse` (which adds the end-of-input
 * check): a success consumed everything; a failure's `index` is parsimmon's furthest failure,
 * the end-of-input check included (so a match that stops short fails where it stopped, or
 * further if something inside got further).
 */
export function run(p: P.Parser<Kids>, input: string): Reply {
  const r = p.parse(input);
  if (r.status) return { status: true, index: input.length, value: r.value, furthest: input.length, expected: [] };
  return { status: false, index: r.index.offset, furthest: r.index.offset, expected: r.expected };
}

/** The current offset, as a parser that consumes nothing (public API: `P(fn)` and `makeSuccess`); made on first use. */
let offsetParser: P.Parser<number> | undefined;
const offset = (): P.Parser<number> => (offsetParser ??= parsimmon()((_input, i) => parsimmon().makeSuccess(i, i)));

/**
 * `runs: false` compiles every character as its own parser, so that parsimmon's furthest
 * failure points at the exact character (used to check the combinators' error offsets).
 */
export function compileParsimmon<R extends string>(
  grammar: Rules<R>,
  nodeRules: ReadonlySet<string>,
  { runs = true }: { runs?: boolean } = {},
): Language<R> {
  const Pm = parsimmon();
  const g = grammar as Rules;
  const rules = new Map<string, P.Parser<Kids>>();

  // Does `e` reach a rule that gives nodes? (No recursion in the grammar: plain memoized walk.)
  const memo = new Map<string, boolean>();
  const reachesNode = (e: Expr): boolean => reaches(g, e, nodeRules, memo);

  const rule = (name: string): P.Parser<Kids> => {
    let p = rules.get(name);
    if (!p) {
      const body = compile(g[name]);
      p = nodeRules.has(name) ? asNode(name, body) : body;
      rules.set(name, p);
    }
    return p;
  };

  const compile = (e: Expr): P.Parser<Kids> => {
    if (runs && e.t !== 'guard' && !reachesNode(e)) return sticky(g, e);
    switch (e.t) {
      case 'chars': return oneChar(e.set, e.label);
      case 'lit': return Pm.seq(...[...e.text].map((ch) => oneChar(charSet(caseFold(ch)), JSON.stringify(e.text)))).result(NONE);
      case 'ref': return Pm.lazy(() => rule(e.name));
      case 'seq': return Pm.seq(...e.items.map(compile)).map(flat);
      case 'alt': return Pm.alt(...e.items.map(compile));
      case 'rep': {
        const item = compile(e.item);
        const r = e.max === Infinity ? item.atLeast(e.min) : item.times(e.min, e.max);
        return r.map(flat);
      }
      case 'guard': return e.not ? Pm.notFollowedBy(compile(e.not)).result(NONE) : Pm.eof.result(NONE);
      default: throw new Error('unreachable');
    }
  };

  const out: Partial<Record<string, P.Parser<Kids>>> = {};
  for (const name of Object.keys(g)) out[name] = rule(name);
  return out as Language<R>;
}

/** Wraps a rule's parser so that its result is one node with its span. */
function asNode(name: string, body: P.Parser<Kids>): P.Parser<Kids> {
  // seqMap merges the furthest failure seen inside, as parsimmon does for every sequence.
  // A fresh array for a childless node: NONE is shared and must never reach a tree.
  const Pm = parsimmon();
  return Pm.seqMap(offset(), body, offset(), (start, children, end): Kids => [{ rule: name, start, end, children: children === NONE ? [] : children }]);
}

/** A node-free sub-expression as one sticky RegExp. */
function sticky(g: Rules, e: Expr): P.Parser<Kids> {
  const expected = describe(e);
  const re = new RegExp(regexpOf(g, e), 'y');
  const Pm = parsimmon();
  return Pm((input, i) => {
    re.lastIndex = i;
    return re.test(input) ? Pm.makeSuccess(re.lastIndex, NONE) : Pm.makeFailure(i, expected);
  });
}

function oneChar(set: CharSet, label: string): P.Parser<Kids> {
  const Pm = parsimmon();
  return Pm((input, i) => {
    const c = input.charCodeAt(i);
    return c < 128 && set[c] ? Pm.makeSuccess(i + 1, NONE) : Pm.makeFailure(i, label);
  });
}

function describe(e: Expr): string {
  switch (e.t) {
    case 'ref': return e.name;
    case 'chars': return e.label;
    case 'lit': return JSON.stringify(e.text);
    default: return 'text';
  }
}

function flat(parts: Kids[]): Kids {
  let n = 0;
  for (const p of parts) n += p.length;
  if (n === 0) return NONE;
  const out: Kids = [];
  for (const p of parts) for (const k of p) out.push(k);
  return out;
}

/** Does `e` refer, directly or through other rules, to one of `rules`? (`memo`: rule to answer.) */
function reaches(grammar: Rules, e: Expr, rules: ReadonlySet<string>, memo: Map<string, boolean>): boolean {
  switch (e.t) {
    case 'ref': {
      if (rules.has(e.name)) return true;
      let r = memo.get(e.name);
      if (r === undefined) memo.set(e.name, (r = reaches(grammar, grammar[e.name], rules, memo)));
      return r;
    }
    case 'seq': case 'alt': return e.items.some((x) => reaches(grammar, x, rules, memo));
    case 'rep': return reaches(grammar, e.item, rules, memo);
    case 'guard': return e.not !== undefined && reaches(grammar, e.not, rules, memo);
    default: return false;
  }
}

/** A RegExp source for `e` (ASCII), read as a PEG: guards become lookaheads. */
function regexpOf(grammar: Rules, e: Expr): string {
  const cls = (set: CharSet): string => {
    let out = '';
    for (let c = 0; c < 128; c++) if (set[c]) out += '\\x' + c.toString(16).padStart(2, '0');
    return '[' + out + ']';
  };
  switch (e.t) {
    case 'chars': return cls(e.set);
    case 'lit': return [...e.text].map((ch) => cls(charSet(caseFold(ch)))).join('');
    case 'seq': return e.items.map((x) => '(?:' + regexpOf(grammar, x) + ')').join('');
    case 'alt': return e.items.map((x) => '(?:' + regexpOf(grammar, x) + ')').join('|');
    case 'rep': return '(?:' + regexpOf(grammar, e.item) + (e.max === Infinity ? `){${e.min},}` : `){${e.min},${e.max}}`);
    case 'ref': return '(?:' + regexpOf(grammar, grammar[e.name]) + ')';
    case 'guard': return e.not ? '(?!' + regexpOf(grammar, e.not) + ')' : '$';
  }
}
