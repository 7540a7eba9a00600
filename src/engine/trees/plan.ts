/**
 * Tree plans: what a first-match builder (./firstMatch.ts) has found, as JSON data made ahead of
 * time.
 *
 * A fresh process's first tree is slow for a reason that has nothing to do with the input: the
 * builder walks the NFA, fills its step table and builds its lookahead states in code that has
 * never run (V8 interprets it). A plan made at build time by parsing sample inputs (real URIs)
 * carries those tables: a builder made from it reads them, and for inputs like the samples never
 * runs that code at all. It is the same builder: past what the plan holds it builds on, as any
 * builder does, from the same NFA numbered alike — the NFA is a function of the grammar and the
 * order its lazy states were built in (../automata/nfa.ts), which the plan keeps and replays when the
 * builder first needs the NFA. So its trees are exactly those of a builder made from nothing
 * (test/engine/trees/plan.test.ts holds the two to each other).
 *
 * `treePlan` (../build/treePlan.ts) writes one at build time; `planBuilder` reads one at run
 * time, checking its shape and every index in it, so that a malformed plan is a TypeError and never an out-of-range read. (What the entries say is
 * trusted as written, as the packed verdict tables are, ../grammar/fromCompiled.ts.)
 */
import { Classes, type ClassesParts } from '../automata/codepoints';
import type { Rules } from '../expr';
import { FirstMatch, type FirstMatchParts } from './firstMatch';
import { buildNfa, Kind, type Nfa } from '../automata/nfa';

export interface TreePlan {
  readonly rule: string;
  readonly lexical: boolean;
  /** The builder's rule-name table (the ids its marks use). */
  readonly names: readonly string[];
  /** The character classes of the NFA's sets (../automata/codepoints.ts). */
  readonly classes: ClassesParts;
  readonly maxDepth: number;
  /** The NFA's states, start and accept state when the plan was made. */
  readonly size: number;
  readonly start: number;
  readonly accept: number;
  /** The lazy states the NFA had built, in order (../automata/nfa.ts `expanded`): replayed to build it alike. */
  readonly expanded: readonly number[];
  readonly tables: FirstMatchParts;
}

/**
 * The NFA of `rule`'s tree with nodes for `nodeRules`, as every tree builder reads it: a plan's
 * replay (`planBuilder`) must build the NFA its plan was made on, state for state.
 */
export function treeNfa(grammar: Rules, rule: string, nodeRules: ReadonlySet<string>): Nfa {
  return buildNfa(grammar, { t: 'ref', name: rule }, { nodeRules, mergeCharacters: true });
}

/** The key of a rule's plan: `"rule"` for its structural tree, `"rule lexical"` for its lexical one. */
export const planKey = (rule: string, lexical: boolean): string => (lexical ? `${rule} lexical` : rule);

/** Where a grammar's builders find their plans (./driverTrees.ts). */
export interface PlanSource {
  /** The plan of a key (`planKey`), as data, or undefined. */
  plan(key: string): unknown;
  /** Made and tested by this library (not checked when read). */
  readonly trusted: boolean;
  /** Parsed for this grammar alone: a builder keeps a plan's arrays as they are (no copies). */
  readonly owned: boolean;
  /** The error of a malformed plan. */
  bad(why: string): Error;
}

/** Plans given as data (`RuleGrammar`'s `plans` option): checked when first read. */
export class GivenPlans implements PlanSource {
  readonly trusted = false;
  /** `owned`: the plans were parsed for this grammar alone (`fromCompiled` of a JSON text). */
  constructor(private readonly plans: Readonly<Record<string, unknown>>, private readonly name: string | undefined, readonly owned = false) {}
  plan(key: string): unknown {
    return Object.prototype.hasOwnProperty.call(this.plans, key) ? this.plans[key] : undefined;
  }
  bad(why: string): Error {
    return new TypeError(`${this.name ?? 'grammar'}: ${why}`);
  }
}

/**
 * Plans this library made at build time (src/generated/), each as JSON text read when it is
 * first asked for: tested where they are made, so not checked again when read.
 */
export class ShippedPlans implements PlanSource {
  readonly trusted = true;
  readonly owned = true;
  /** `load(key)`: the plan of a plan key, parsed (src/generated/load.ts), or undefined. */
  constructor(private readonly load: (key: string) => unknown) {}
  bad(why: string): Error {
    return new TypeError(why);
  }
  plan(key: string): unknown {
    return this.load(key);
  }
}

/** Checks of a plan read from data: each throws `bad(what)` when the plan is not as `treePlan` writes it. */
class Checker {
  constructor(private readonly bad: (why: string) => Error) {}
  fail(why: string): never { throw this.bad(`tree plan: ${why}`); }
  array(v: unknown, what: string): readonly unknown[] {
    if (!Array.isArray(v)) this.fail(`${what} is not an array`);
    return v;
  }
  int(v: unknown, lo: number, hi: number, what: string): number {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v >= hi) this.fail(`${what} out of range`);
    return v;
  }
  ints(v: unknown, lo: number, hi: number, what: string, length?: number): number[] {
    const a = this.array(v, what);
    if (length !== undefined && a.length !== length) this.fail(`${what} has the wrong length`);
    // One tight loop (a first tree pays for it: no call per element).
    for (let k = 0; k < a.length; k++) {
      const x = a[k];
      if (typeof x !== 'number' || (x | 0) !== x || x < lo || x >= hi) this.fail(`${what} out of range`);
    }
    return a as number[];
  }
  strings(v: unknown, what: string): string[] {
    const a = this.array(v, what);
    if (a.some((x) => typeof x !== 'string')) this.fail(`${what} holds a non-string`);
    return a as string[];
  }
}

/** The checks of a plan this library made and tested (ShippedPlans): the values as they are. */
class Trusting extends Checker {
  override array(v: unknown): readonly unknown[] { return v as unknown[]; }
  override int(v: unknown): number { return v as number; }
  override ints(v: unknown): number[] { return v as number[]; }
  override strings(v: unknown): string[] { return v as string[]; }
}

const own = (o: unknown, k: string): unknown => (typeof o === 'object' && o !== null && Object.prototype.hasOwnProperty.call(o, k) ? (o as Record<string, unknown>)[k] : undefined);

/**
 * The builder of `plan` (of `rule` in `grammar`, with tree nodes for `nodeRules`): its tables
 * restored, its NFA built again (the plan's expansions replayed) when it first needs it. `bad`
 * makes the error of a malformed plan; `check` false for the library's own (ShippedPlans).
 */
export function planBuilder(grammar: Rules, rule: string, nodeRules: ReadonlySet<string>, plan: unknown, bad: (why: string) => Error, check = true, keep = !check): FirstMatch {
  const c = check ? new Checker(bad) : new Trusting(bad);
  if (own(plan, 'rule') !== rule) c.fail('not of this rule');
  const names = c.strings(own(plan, 'names'), 'names');
  const classes = checkClasses(c, own(plan, 'classes'));
  const maxDepth = c.int(own(plan, 'maxDepth'), 0, 2 ** 16, 'maxDepth');
  const size = c.int(own(plan, 'size'), 2, 2 ** 31, 'size');
  const start = c.int(own(plan, 'start'), 0, size, 'start');
  const accept = c.int(own(plan, 'accept'), 0, size, 'accept');
  const expanded = c.ints(own(plan, 'expanded'), 0, size, 'expanded');
  const tables = check ? checkTables(c, own(plan, 'tables'), size, names.length) : (own(plan, 'tables') as FirstMatchParts);
  const build = (): Nfa => {
    const nfa = treeNfa(grammar, rule, nodeRules);
    for (let k = 0; k < expanded.length; k++) nfa.expand(expanded[k]);
    // The same NFA, or the plan is not of this grammar.
    if (nfa.size !== size || nfa.start !== start || nfa.accept !== accept || nfa.maxDepth !== maxDepth || nfa.kind[accept] !== Kind.Accept
      || JSON.stringify(new Classes(nfa.charSets).parts()) !== JSON.stringify(classes)) {
      return c.fail('its NFA is not this grammar\'s');
    }
    return nfa;
  };
  // A plan parsed for this builder alone (`keep`): its arrays are kept as they are.
  const builder = new FirstMatch({ size, maxDepth, classes, start, accept, build }, [...names], tables, keep);
  // The classes come with the plan: the table's width must be theirs.
  if (builder.columns * tables.rows.length !== tables.steps.length) c.fail('tables.steps do not fit the classes');
  return builder;
}

/** [index, entry] pairs, flat: indices below `cells`, entries in [lo, hi). */
function pairs(c: Checker, v: unknown, cells: number, lo: number, hi: number, what: string): number[] {
  const a = c.ints(v, Math.min(lo, 0), Math.max(hi, cells), what);
  if (a.length % 2 !== 0) c.fail(`${what}: not pairs`);
  for (let j = 0; j < a.length; j += 2) {
    if (a[j] < 0 || a[j] >= cells || a[j + 1] < lo || a[j + 1] >= hi) c.fail(`${what} out of range`);
  }
  return a;
}

/** The classes' shape (../automata/codepoints.ts). */
function checkClasses(c: Checker, v: unknown): ClassesParts {
  const sample = c.ints(own(v, 'sample'), -1, 0x110000, 'classes.sample');
  if (sample.length === 0) c.fail('classes.sample is empty');
  const ascii = c.ints(own(v, 'ascii'), 0, sample.length, 'classes.ascii', 128);
  const bounds = c.ints(own(v, 'bounds'), 128, 0x110001, 'classes.bounds');
  if (bounds.some((b, k) => k > 0 && b <= bounds[k - 1])) c.fail('classes.bounds not ascending');
  const boundClass = c.ints(own(v, 'boundClass'), 0, sample.length, 'classes.boundClass', bounds.length);
  return { ascii, bounds, boundClass, sample };
}

/** The tables' shape and indices (entries: see FirstMatch). */
function checkTables(c: Checker, t: unknown, size: number, names: number): FirstMatchParts {
  const rows = c.ints(own(t, 'rows'), 0, size, 'tables.rows');
  if (new Set(rows).size !== rows.length) c.fail('tables.rows: a state twice');
  const steps = c.ints(own(t, 'steps'), -2, 2 ** 31, 'tables.steps');
  if (rows.length === 0 || steps.length % rows.length !== 0) c.fail('tables.steps: not rows × columns');
  const columns = steps.length / rows.length;
  const cells = steps.length;
  // A step: 2 × the target row's offset (row × columns), + 1 when it passes marks. (Index loops
  // with the checks written out, here and for the marks: a first tree runs them before V8 has
  // optimized anything, where a call per element costs more than the check.)
  const checkEntries = (list: readonly number[], what: string) => {
    for (let k = 0; k < list.length; k++) {
      const e = list[k];
      if (e > 0 && ((e >> 1) % columns !== 0 || e >> 1 >= cells)) c.fail(`${what}: an entry to no row`);
    }
  };
  checkEntries(steps, 'tables.steps');
  const path = (v: unknown) => c.ints(v, -1, names, 'tables.marks');
  // Each [cell, path] pair is checked where it stands and handed on as it is.
  const marks = c.array(own(t, 'marks'), 'tables.marks') as ReadonlyArray<readonly [number, readonly number[]]>;
  for (let k = 0; k < marks.length; k++) {
    const pair = marks[k] as unknown;
    if (!Array.isArray(pair) || pair.length !== 2) c.fail('tables.marks: not a pair');
    const cell = pair[0] as unknown;
    if (typeof cell !== 'number' || (cell | 0) !== cell || cell < 0 || cell >= cells) c.fail('tables.marks cell out of range');
    const ids = pair[1] as unknown;
    if (!Array.isArray(ids)) c.fail('tables.marks is not an array');
    for (let j = 0; j < ids.length; j++) {
      const x = ids[j] as unknown;
      if (typeof x !== 'number' || (x | 0) !== x || x < -1 || x >= names) c.fail('tables.marks out of range');
    }
  }
  const forwardIn = own(t, 'forward');
  const raceIn = own(t, 'race');
  const forwardStates = forwardIn === null || forwardIn === undefined ? 0 : c.array(own(forwardIn, 'sets'), 'tables.forward.sets').length;
  const raceStates = raceIn === null || raceIn === undefined ? 0 : c.array(own(raceIn, 'cands'), 'tables.race.cands').length;
  const choices = c.array(own(t, 'choices'), 'tables.choices').map((x) => {
    const states = c.ints(own(x, 'states'), 0, size, 'tables.choices states');
    const entries = c.ints(own(x, 'entries'), 1, 2 ** 31, 'tables.choices entries', states.length);
    checkEntries(entries, 'tables.choices');
    const m = c.array(own(x, 'marks'), 'tables.choices marks');
    if (m.length !== states.length) c.fail('tables.choices marks has the wrong length');
    const race = own(x, 'race');
    const afterOne = own(x, 'afterOne');
    return {
      cell: c.int(own(x, 'cell'), 0, cells, 'tables.choices cell'),
      states,
      entries,
      marks: m.map((p) => (p === null ? null : path(p))),
      race: race === null ? null : c.int(race, -3 - states.length, raceStates, 'tables.choices race'),
      afterOne: afterOne === null ? null : pairs(c, afterOne, columns, -1, states.length, 'tables.choices afterOne'),
    };
  });
  // Each ambiguous step (-2) has its choice, and each choice is of one: the builder reaches a
  // choice from its step's entry.
  let ambiguous = 0;
  for (let k = 0; k < steps.length; k++) if (steps[k] === -2) ambiguous++;
  const choiceCells = new Set<number>();
  for (const x of choices) {
    if (steps[x.cell] !== -2 || choiceCells.has(x.cell)) c.fail('tables.choices: a cell that is not an ambiguous step, or one twice');
    choiceCells.add(x.cell);
  }
  if (choiceCells.size !== ambiguous) c.fail('tables.steps: an ambiguous step with no choice');
  let forward: FirstMatchParts['forward'] = null;
  if (forwardIn !== null && forwardIn !== undefined) {
    const sets = c.array(own(forwardIn, 'sets'), 'tables.forward.sets').map((s) => c.ints(s, 0, size, 'tables.forward.sets'));
    const accepting = c.array(own(forwardIn, 'accepting'), 'tables.forward.accepting');
    if (accepting.length !== sets.length || accepting.some((a) => typeof a !== 'boolean')) c.fail('tables.forward.accepting');
    const table = pairs(c, own(forwardIn, 'table'), sets.length * (columns - 1), 0, sets.length, 'tables.forward.table');
    const afterChar = c.array(own(forwardIn, 'afterChar'), 'tables.forward.afterChar').map((p) => {
      const pair = c.ints(p, 0, size, 'tables.forward.afterChar', 2);
      c.int(pair[1], 0, sets.length, 'tables.forward.afterChar');
      return [pair[0], pair[1]] as const;
    });
    forward = { sets, accepting: accepting as boolean[], table, afterChar };
  }
  let race: FirstMatchParts['race'] = null;
  if (raceIn !== null && raceIn !== undefined) {
    const cands = c.array(own(raceIn, 'cands'), 'tables.race.cands').map((x) => c.ints(x, 0, 2 ** 31, 'tables.race.cands'));
    const futures = c.array(own(raceIn, 'futures'), 'tables.race.futures').map((x, k) => c.ints(x, 0, forwardStates, 'tables.race.futures', cands[k]?.length));
    if (futures.length !== cands.length) c.fail('tables.race.futures has the wrong length');
    const widest = Math.max(0, ...cands.map((x) => Math.max(0, ...x)));
    const table = pairs(c, own(raceIn, 'table'), cands.length * columns, -4 - widest, cands.length, 'tables.race.table');
    race = { cands, futures, table };
  }
  return { rows, steps, marks, choices, forward, race };
}
