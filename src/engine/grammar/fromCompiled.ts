/**
 * Loading a precompiled grammar at run time: the data `toModule` wrote (../build/compiled.ts,
 * the build-time half) read back into a `RuleGrammar`, every part checked on load
 * (./compiledData.ts) so that a damaged or edited module fails there, with a TypeError, and not
 * later inside a verdict.
 *
 * The data (`CompiledGrammar`) holds the grammar's rule names, each rule's expression (the data
 * `compileAbnf` read from the text, written compactly), each rule's text, the options it was
 * compiled with, and the DFAs of its regular rules, minimized and packed as the built-in RFC
 * 3986's are (../automata/tableDfa.ts). `fromCompiled(data)` makes a grammar of it that
 * answers exactly as `compileAbnf(text)` does. A regular grammar with tables answers its first
 * calls through a front (./compiledFront.ts): verdicts from the packed tables, trees of short
 * inputs by a bounded backtracking search (../trees/backtrack.ts); the grammar class is made
 * (`grammarOf`) on the first call the front does not answer. Its trees come from the
 * first-match builder, which builds the part of its automaton an input reaches
 * (../automata/nfa.ts), or, with a tree plan the data carries, from the tables the plan holds
 * (../trees/plan.ts). `shippedGrammar` loads the library's own (src/generated/), taken as written.
 */
import type { Expr, Rules } from '../expr';
import { GivenPlans, ShippedPlans } from '../trees/plan';
import { RuleGrammar, type RuleGrammarOptions } from './grammar';
import { analyzeRecursion, leftRecursionReason } from '../recursive/analysis';
import { COMPILED_VERSION, decode, readData, type CompiledGrammar, type GivenData, type ReadData } from './compiledData';
import { loadCompiled } from './compiledFront';

export { COMPILED_FORMAT, COMPILED_VERSION, MAX_EXPR_DEPTH, checkRuleNames, type CompiledGrammar, type EncodedExpr } from './compiledData';

/**
 * A grammar from its compiled data (what a module written by `toModule` calls), as an object or
 * as its JSON text. Everything is checked now (a damaged module fails on load); each rule's
 * expression is made when it is first read (a verdict from the tables and a tree from a plan
 * read none), and the rules that reach recursion are found from the references the check
 * collects. Data given as text is parsed for the grammar alone, which then keeps its plans'
 * arrays as they are; an object's are copied when read (its caller may still change them).
 */
export function fromCompiled<R extends string = string>(data: CompiledGrammar | string): RuleGrammar<R> {
  return loadCompiled(data, grammarOfRead) as RuleGrammar<R>;
}

/** The grammar class of data given and read (./compiledData.ts): what the front makes when a call needs it. */
export function grammarOfRead<R extends string = string>(given: GivenData, read: ReadData): RuleGrammar<R> {
  return grammarOf<R>(given.data, read, given.plans ? { plans: given.plans } : {});
}

/**
 * A grammar this library ships (src/generated/): its compiled data, and its tree plans (a
 * function that loads the plan of a plan key, src/generated/load.ts), read when a tree first
 * asks for one (../trees/plan.ts).
 */
export function shippedGrammar<R extends string = string>(data: CompiledGrammar, plans: (key: string) => unknown): RuleGrammar<R> {
  return grammarOf<R>(data, readData(data, 'shipped'), { plans: new ShippedPlans(plans), recursive: data.recursive });
}

function grammarOf<R extends string>(data: CompiledGrammar, read: ReadData, more: Pick<RuleGrammarOptions, 'plans' | 'recursive'>): RuleGrammar<R> {
  const { decoding, rules, encoded } = read;
  const exprs: Record<string, Expr> = {};
  const named = new Set(rules);
  for (let k = 0; k < rules.length; k++) {
    const rule = rules[k];
    const e = encoded[rule];
    // Checked on load (readData), made when read.
    lazily(exprs, rule, decoding === 'shipped' ? () => decode(e, { tree: true }) : () => decode(e, { named, tree: decoding === 'owned' }));
  }
  const recursive = read.recursive;
  // Left recursion, refused as compileAbnf refuses it (only a grammar with recursion can have it;
  // finding it makes every expression now).
  if (recursive?.length) {
    const cycle = analyzeRecursion(exprs).leftCycle;
    if (cycle) throw new TypeError(`fromCompiled: ${leftRecursionReason(cycle)}`);
  }
  // Plans parsed for this grammar alone: its tree builders keep their arrays without copies.
  const owned = decoding === 'owned' && more.plans ? { plans: new GivenPlans(more.plans as Readonly<Record<string, unknown>>, read.name, true) } : {};
  return new RuleGrammar<R>(exprs as Rules<R>, rules as R[], {
    name: read.name,
    texts: read.texts,
    lexicalRules: read.lexicalRules,
    labelRules: read.labelRules,
    alternation: read.alternation,
    maxNesting: read.maxNesting,
    workLimit: read.workLimit,
    tables: read.tables,
    ...(recursive !== undefined ? { recursive } : {}),
    ...more,
    ...owned,
  });
}

/** `record[key]` made by `make` when first read, then kept as a plain property. */
function lazily<T>(record: Record<string, T>, key: string, make: () => T): void {
  Object.defineProperty(record, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = make();
      Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
      return value;
    },
  });
}

/**
 * Where Node's entry of this library (dist/cjs/entry.js, written by scripts/bundle.js) leaves
 * `fromCompiled` on `globalThis` (a `Symbol.for` key: not enumerable, no name a program sees),
 * for the CommonJS modules `toModule` writes with the default library name: a module in another
 * directory than the program then does not resolve "uri-grammar" again (about 0.5 ms, and a
 * RegExp compile in Node's resolver), and its grammar's errors are the program's own classes.
 * The first copy loaded keeps the key; the data's version is part of it, so a copy that cannot
 * read a module's data is never asked to (the module then requires its own).
 */
export const COMPILED_KEY = `uri-grammar/fromCompiled@${COMPILED_VERSION}`;
