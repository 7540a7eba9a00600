/**
 * The first-match-wins tree of a regular grammar, exactly, in time and memory linear in the
 * input (after Frisch and Cardelli, "Greedy regular expression matching", ICALP 2004).
 *
 * The tree wanted is the one a backtracking parser finds first: alternatives in the order
 * written, repetitions greedy, `[x]` before nothing, an iteration past the minimum that
 * consumes nothing failing (as in JavaScript's RegExp). It is found left to right with no
 * backtracking. At each character position the parser's own search runs within the position:
 * a depth-first walk of the moves that consume nothing, in priority order, from the character
 * state that took the previous character to a character state that takes this one (or, at the
 * end, to the accept state). The marks passed on the way (Open/Close) are the tree; a walk
 * state is (NFA state, outermost repetition whose current iteration began in this walk), so
 * the empty-iteration rule is honoured exactly.
 *
 * Which of the reachable character states the backtracking parser ends up in is the first, in
 * the walk's order, from which the rest of the input can still be matched. Most of the time
 * only one of them takes the character, and then the answer needs nothing but the state and
 * the character's class: it is computed once and kept in a table (the step table, below), so
 * that a step costs a class look-up and a table look-up. Where several take it (RFC 3986:
 * `userinfo "@"` or `host` at the start of an authority, `"//"` or `path-absolute`, an
 * IPv4address or a reg-name, the dec-octet alternatives, `h16 ":"` before "::"; see
 * docs/ARCHITECTURE.md), the rest of the input decides:
 *
 * - first by looking ahead: each candidate's future (the set of character states it can be in
 *   after each further character, an automaton built as needed) is followed until one
 *   candidate is left, or the survivors' futures are the same set (the earliest then wins,
 *   since the rest of the input treats them alike), or the input ends (./forward.ts, the
 *   futures; ./race.ts, the candidates' race as one automaton);
 * - past a budget of lookahead characters in one input (a grammar and input built to make
 *   every position look far ahead), by T(i), computed once for the whole input by a right-to-
 *   left pass of a DFA over sets of character states (Frisch and Cardelli's first pass): the
 *   character states that take the character at i and from which the rest of the input can be
 *   matched to the end (./backward.ts).
 *
 * The work is O(n) per input with either: the lookahead is bounded by the budget, which is
 * linear in the input, and the pass is one DFA step per character.
 */
import { charLength, Classes } from '../automata/codepoints';
import type { ClassesParts } from '../automata/codepoints';
import { Kind, Nfa } from '../automata/nfa';
import type { TreeSink } from '../tree';
import type { IdSink } from './flatTree';
import { Backward } from './backward';
import { Forward, type ForwardParts } from './forward';
import { Race, RACE_NONE, RACE_TOO_COSTLY, RACE_UNKNOWN, RACE_WON, type RaceParts } from './race';
import { computed, fromComputed, lastCell } from './tableParts';

/** Do two paths pass the same marks? */
function samePath(a: Path | undefined, b: Path | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return false;
  return true;
}

/** A step-table entry not computed yet. */
const UNKNOWN = 0;
/** No character state reachable from the row takes the class: the input does not match. */
const DEAD = -1;
/** Several do: which one is first depends on the rest of the input (`choices`). As a plan writes it. */
const AMBIGUOUS = -2;
/**
 * As the builder holds an ambiguous cell: CHOICE0 - the index of its Choice in `choices` (a
 * step reaches its candidates with no look-up by cell; `parts` writes AMBIGUOUS), unless the
 * entry goes to the choice's pending row (see FirstMatch.addChoice).
 */
const CHOICE0 = -3;
/**
 * In a pending row: this character does not decide the step before it (the lookahead, or T,
 * does). The value of AMBIGUOUS, which a builder's table never holds (`restore` replaces it).
 */
const UNDECIDED = -2;

/** The candidates of an ambiguous step, in the walk's order. */
interface Choice {
  /** Its cell in the step table. */
  readonly cell: number;
  /** The character state of each candidate. */
  readonly states: readonly number[];
  /** The step-table entry of each: 2 × the target row's offset (row × columns), + 1 with marks. */
  readonly entries: readonly number[];
  readonly marks: readonly (Path | undefined)[];
  /** The race of the candidates' futures after the character (see Race), once computed. */
  race?: number;
  /**
   * Per class of the next character (the last: the end of the input): the candidate the race
   * picks after that one character, or -1 when one character does not decide (-2: not known
   * yet). Most ambiguous steps are decided by the next character; this answers them with a
   * look-up.
   */
  afterOne?: Int32Array;
}

/**
 * An NFA not built yet (./plan.ts): what a builder needs of it at once, and how to build it
 * when it needs the rest (a step its tables do not hold yet).
 */
export interface LaterNfa {
  readonly size: number;
  readonly maxDepth: number;
  /** The classes of its character sets (../automata/codepoints.ts). */
  readonly classes: ClassesParts;
  readonly start: number;
  readonly accept: number;
  build(): Nfa;
}

/** An ambiguous cell's Choice as data (see FirstMatch.parts). */
export interface ChoiceParts {
  readonly cell: number;
  readonly states: readonly number[];
  readonly entries: readonly number[];
  readonly marks: readonly (readonly number[] | null)[];
  readonly race: number | null;
  /** The decided entries of Choice.afterOne, as [class, candidate] pairs, flat. */
  readonly afterOne: readonly number[] | null;
}

/** A FirstMatch's tables as data (see FirstMatch.parts). */
export interface FirstMatchParts {
  /** The NFA state of each row, in row order. */
  readonly rows: readonly number[];
  /** rows × columns entries, as in the table (0: not computed yet). */
  readonly steps: readonly number[];
  /** The marks of the cells whose entries pass some: [cell, rule ids and -1 for a close]. */
  readonly marks: ReadonlyArray<readonly [number, readonly number[]]>;
  readonly choices: readonly ChoiceParts[];
  readonly forward: ForwardParts | null;
  readonly race: RaceParts | null;
}

/**
 * The marks a step passes, in order: a rule id to open, -1 to close. Plain arrays (of small
 * integers, which V8 stores unboxed): a restored plan's are the plan's own, with no copy.
 */
type Path = readonly number[];

/** A character state the walk from a row reaches, with the marks on the way. */
interface Leaf {
  readonly state: number;
  readonly marks: Path | undefined;
}

/** The first-match tree builder of one rule (with its tree marks). */
export class FirstMatch {
  /**
   * The lookahead budget of one input: `perCharacter` × its length + `base` characters, past
   * which the ambiguous steps ask T (see the header). The tests set both to 0 to run every
   * ambiguous step on T, and compare.
   */
  static lookaheadBudget = { perCharacter: 4, base: 256 };

  private backwardPass: Backward | undefined;
  private forwardPass: Forward | undefined;
  private racePass: Race | undefined;
  /** Walk states: NFA state × (depth 0..maxDepth, or `none` = maxDepth + 1). */
  private readonly span: number;
  private stamp = 0;
  private seen: Int32Array;
  private parent: Int32Array;
  /** Per walk state: the nearest walk state with a mark (Open/Close) on its path, itself included (-1: none). */
  private markParent: Int32Array;
  private stack = new Int32Array(256);

  /*
   * The step table. A row is where a position's walk begins: the rule's start, or the
   * character state that took the previous character. Its column is the class of the
   * character at the position (the last column: the end of the input). The walk from a row,
   * run once without stopping, lists the character states it reaches in the order it reaches
   * them, each with the marks on its path (`leaves`). When only one of them takes the class
   * (at the end: the accept state), the first-match path must go there, by that path: the
   * entry is 2 × the target row's offset (row × columns), + 1 if the path passes marks (kept in
   * `marks`). When several do, the entry is CHOICE0 - i (AMBIGUOUS in a plan) and
   * `choices[i]` holds the candidates in the walk's order: the first one from which the rest
   * of the input can be matched is the answer (the walk is depth-first, so it reaches that
   * one, by that path, before any later one). When the candidates pass the same marks, the
   * entry goes to a pending row instead, where the next character decides (see `addChoice`).
   */
  /** The step table's columns: the classes, and the end of the input. */
  readonly columns: number;
  private steps: Int32Array;
  private readonly marks: (Path | undefined)[];
  /** The ambiguous cells' candidates, by index (the cell's entry: CHOICE0 - the index, or to a pending row). */
  private readonly choices: Choice[] = [];
  /**
   * Row of each NFA state used as one (-1: none yet); the NFA state of each row, or for a
   * pending row (see `addChoice`) -1 - the index of its choice. How many rows are of states.
   */
  private rowOf: Int32Array;
  private readonly stateOfRow: number[] = [];
  private stateRows = 0;
  private readonly leafLists: (Leaf[] | undefined)[] = [];
  private readonly startRow: number;
  private readonly acceptRow: number;
  /** The character classes of the NFA's character sets (../automata/codepoints.ts). */
  readonly classes: Classes;
  private readonly ruleIndex = new Map<string, number>();
  /** The open stack of `parseTo` (node indices in the sink), reused. */
  private openNodes = new Int32Array(64);

  /** The NFA, once built (see LaterNfa). */
  private built: Nfa | undefined;
  private readonly later: LaterNfa | undefined;

  private get nfa(): Nfa {
    return (this.built ??= this.later!.build());
  }

  /**
   * `names` is the rule-name table of the trees it writes (ids are indices in it); names the
   * NFA's marks use and it lacks are added. `nfa` may be one not built yet, with `parts` the
   * tables a plan holds (./plan.ts).
   */
  constructor(nfa: Nfa | LaterNfa, readonly names: string[] = [], parts?: FirstMatchParts, keep = false) {
    names.forEach((n, id) => { if (!this.ruleIndex.has(n)) this.ruleIndex.set(n, id); });
    if (nfa instanceof Nfa) this.built = nfa;
    else this.later = nfa;
    this.classes = nfa instanceof Nfa ? new Classes(nfa.charSets) : new Classes([], nfa.classes);
    this.span = nfa.maxDepth + 2;
    // The walk's tables: sized when a walk first needs them (a builder from a plan may never walk).
    const walkSize = this.built ? nfa.size * this.span : 0;
    this.seen = new Int32Array(walkSize);
    this.parent = new Int32Array(walkSize);
    this.markParent = new Int32Array(walkSize);
    this.columns = this.classes.count + 1;
    this.rowOf = new Int32Array(nfa.size).fill(-1);
    this.steps = new Int32Array(Math.max(16, parts ? parts.rows.length + 2 : 0) * this.columns);
    // Indexed by cell: made at once to the last cell the plan fills (growing one by writes past
    // its end would copy it again and again).
    this.marks = parts ? new Array(lastCell(parts.marks, (m) => m[0]) + 1) : [];
    if (parts) this.restore(parts, keep);
    this.startRow = this.row(nfa.start);
    this.acceptRow = this.row(nfa.accept);
  }

  /**
   * What the builder has found so far, as data: the rows, the step table, the marks and the
   * candidates of its cells, the lookahead's states. A builder made with these parts (and the
   * NFA's, ./plan.ts) answers from them at once, and goes on building past them as any does.
   */
  parts(): FirstMatchParts {
    const columns = this.columns;
    // The rows of states, renumbered without the pending rows (made again from the choices).
    const renumbered = new Int32Array(this.stateOfRow.length).fill(-1);
    const rows: number[] = [];
    for (let r = 0; r < this.stateOfRow.length; r++) {
      if (this.stateOfRow[r] >= 0) renumbered[r] = rows.push(this.stateOfRow[r]) - 1;
    }
    const entry = (e: number) => (e > 0 ? 2 * renumbered[(e >> 1) / columns] * columns + (e & 1) : e);
    const steps: number[] = new Array(rows.length * columns);
    const marks: Array<[number, number[]]> = [];
    const choices: ChoiceParts[] = [];
    for (let r = 0; r < this.stateOfRow.length; r++) {
      if (renumbered[r] < 0) continue;
      for (let k = 0; k < columns; k++) {
        const e = this.steps[r * columns + k];
        const cell = renumbered[r] * columns + k;
        const id = this.choiceOf(e);
        if (id < 0) {
          steps[cell] = entry(e);
          const m = this.marks[r * columns + k];
          if (m) marks.push([cell, [...m]]);
          continue;
        }
        const c = this.choices[id];
        steps[cell] = AMBIGUOUS;
        choices.push({
          cell,
          states: [...c.states],
          entries: c.entries.map(entry),
          marks: c.marks.map((x) => (x ? [...x] : null)),
          race: c.race ?? null,
          afterOne: c.afterOne ? computed(c.afterOne, -2) : null,
        });
      }
    }
    return {
      rows,
      steps,
      marks,
      choices,
      forward: this.forwardPass?.parts() ?? null,
      race: this.racePass?.parts() ?? null,
    };
  }

  /** The choice of an ambiguous cell's entry `e` (a choice's code, or an entry to its pending row), or -1. */
  private choiceOf(e: number): number {
    if (e <= CHOICE0) return CHOICE0 - e;
    const s = e > 0 ? this.stateOfRow[(e >> 1) / this.columns] : 0;
    return s < 0 ? -1 - s : -1;
  }

  /**
   * Fills every cell of the rows found so far (by default), or of every row the table reaches
   * from them, up to `limit` rows: a plan made after this (./plan.ts) takes any character in
   * those rows from its tables (an ambiguous step's lookahead may still build). False when rows
   * past the limit were left unfilled.
   */
  completeRows(limit = this.stateRows): boolean {
    // Rows a filled cell adds are filled too, up to `limit` rows (of states: a plan holds no
    // pending rows).
    for (let r = 0, n = 0; r < this.stateOfRow.length; r++) {
      if (this.stateOfRow[r] < 0) continue;
      if (n++ >= limit) break;
      if (r === this.acceptRow) continue;
      for (let k = 0; k < this.columns; k++) {
        const cell = r * this.columns + k;
        if (this.steps[cell] === UNKNOWN) this.fill(r, k);
      }
    }
    return this.stateRows <= limit;
  }

  /**
   * Makes what the lookahead of every ambiguous step holds: each choice's candidate after one
   * character of every class, and every state of the race with every class, up to
   * `maxRaceStates` states. After `completeRows`, what a plan made with no input holds
   * (../build/treePlan.ts `completePlan`), so that its builder answers any input without its
   * NFA (but for the right-to-left pass, past the lookahead budget). False when the race has
   * more states.
   */
  completeLookahead(maxRaceStates: number): boolean {
    for (let id = 0; id < this.choices.length; id++) {
      for (let k = 0; k < this.columns; k++) this.afterOne(this.choices[id], k);
    }
    if (!this.racePass) return true;
    const race = this.racePass;
    for (let p = 0; p < race.size; p++) {
      if (p >= maxRaceStates) return false;
      for (let k = 0; k < race.width; k++) race.step(p, k);
    }
    return true;
  }

  /**
   * Takes the tables of `parts`. `keep`: the parts are this builder's to keep (a plan this
   * library wrote, parsed for it alone), so their arrays are used as they are; otherwise each is
   * copied (data a caller may still hold and change). Index loops: a process's first tree runs
   * this before V8 has optimized anything, where each `for … of` allocates.
   */
  private restore(parts: FirstMatchParts, keep: boolean): void {
    const own = keep ? (a: readonly number[]) => a : (a: readonly number[]) => a.slice();
    const rows = parts.rows;
    for (let k = 0; k < rows.length; k++) this.row(rows[k]);
    const columns = this.columns;
    this.steps.set(parts.steps);
    const marks = parts.marks;
    for (let k = 0; k < marks.length; k++) this.marks[marks[k][0]] = own(marks[k][1]);
    const choices = parts.choices;
    for (let k = 0; k < choices.length; k++) {
      const c = choices[k];
      const cellMarks: (Path | undefined)[] = new Array(c.marks.length);
      for (let j = 0; j < c.marks.length; j++) {
        const m = c.marks[j];
        cellMarks[j] = m ? own(m) : undefined;
      }
      const choice: Choice = { cell: c.cell, states: own(c.states), entries: own(c.entries), marks: cellMarks };
      if (c.race !== null) choice.race = c.race;
      if (c.afterOne) choice.afterOne = fromComputed(columns, -2, c.afterOne);
      this.addChoice(choice);
    }
    if (parts.forward) this.forward.restore(parts.forward, keep);
    if (parts.race) this.race.restore(parts.race);
  }

  /**
   * Adds an ambiguous cell's choice and sets the cell's entry. When its candidates pass the
   * same marks (most often none: RFC 2396's host name labels, where each character is a middle
   * one or the last), the entry goes, with those marks, to a pending row of its own: there the
   * next character's class decides which candidate took this one (Choice.afterOne), and the
   * cell is that candidate's step on the class, so the step loop takes both characters as it
   * takes any, with no look-up of its own. Where the next character does not decide, the cell
   * is UNDECIDED and the step is taken again the long way (`parseTo`).
   */
  private addChoice(choice: Choice): void {
    const id = this.choices.push(choice) - 1;
    const m = choice.marks[0];
    if (choice.marks.every((x) => samePath(x, m))) {
      const p = this.newRow(-1 - id);
      this.steps[choice.cell] = 2 * p * this.columns + (m ? 1 : 0);
      if (m) this.marks[choice.cell] = m;
    } else this.steps[choice.cell] = CHOICE0 - id;
  }

  /** The entry of pending row `p` (of choice `id`) on class `k` (see `addChoice`). */
  private fillPending(p: number, k: number, id: number): number {
    const columns = this.columns;
    const choice = this.choices[id];
    const j = this.afterOne(choice, k);
    const cell = p * columns + k;
    if (j < 0) return (this.steps[cell] = UNDECIDED);
    // The candidate's row, and its step on this class.
    const target = choice.entries[j] >> 1;
    let e = this.steps[target + k];
    if (e === UNKNOWN) e = this.fill(target / columns, k);
    if (e > 0 && (e & 1) === 1) this.marks[cell] = this.marks[target + k];
    return (this.steps[cell] = e);
  }

  private get backward(): Backward {
    return (this.backwardPass ??= new Backward(this.nfa, this.classes));
  }

  private get forward(): Forward {
    return (this.forwardPass ??= new Forward(() => this.nfa, this.classes));
  }

  /** The class of the character at `i` (whose length `charLength` gives). */
  private classAt(input: string, i: number): number {
    const c = input.charCodeAt(i);
    return c < 128 ? this.classes.ascii[c] : this.classes.wideClass(input.codePointAt(i)!);
  }

  /** The row of NFA state `s` (the start, the accept state, or a character state). */
  private row(s: number): number {
    if (s >= this.rowOf.length) {
      const bigger = new Int32Array(Math.max(2 * this.rowOf.length, this.nfa.size)).fill(-1);
      bigger.set(this.rowOf);
      this.rowOf = bigger;
    }
    let r = this.rowOf[s];
    if (r < 0) {
      r = this.rowOf[s] = this.newRow(s);
      this.stateRows++;
    }
    return r;
  }

  /** A new row of the step table, for NFA state `s` (or a pending row's code, see stateOfRow). */
  private newRow(s: number): number {
    const r = this.stateOfRow.push(s) - 1;
    if ((r + 1) * this.columns > this.steps.length) {
      const bigger = new Int32Array(this.steps.length * 2);
      bigger.set(this.steps);
      this.steps = bigger;
    }
    return r;
  }

  private ruleId(rule: string): number {
    let id = this.ruleIndex.get(rule);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(rule);
      this.ruleIndex.set(rule, id);
    }
    return id;
  }

  /**
   * The walk from row `r`, run to the end: the character states (and the accept state) it
   * reaches, in the order it reaches them, each once, with the marks on its path.
   */
  private leaves(r: number): Leaf[] {
    let list = this.leafLists[r];
    if (list) return list;
    list = [];
    const nfa = this.nfa;
    const s0 = this.stateOfRow[r];
    const key = (s0 === nfa.start ? s0 : nfa.out[s0][0]) * this.span + this.span - 1;
    const found = new Set<number>();
    this.walk(key, (k) => {
      const s = (k / this.span) | 0;
      if (!found.has(s)) {
        found.add(s);
        const path = this.path(k);
        list!.push({ state: s, marks: path.length ? path : undefined });
      }
      return false;
    });
    this.leafLists[r] = list;
    return list;
  }

  /** Computes the entry of row `r`, column `k` (see the step table). */
  private fill(r: number, k: number): number {
    const s0 = this.stateOfRow[r];
    if (s0 < 0) return this.fillPending(r, k, -1 - s0);
    const nfa = this.nfa;
    const cell = r * this.columns + k;
    const end = k === this.columns - 1;
    const takers = this.leaves(r).filter(({ state: s }) => end
      ? nfa.kind[s] === Kind.Accept
      : nfa.kind[s] === Kind.Char && this.classes.inSet(k, nfa.ranges[s]!));
    if (takers.length === 0) return (this.steps[cell] = DEAD);
    // The target as its row's offset in the table (row × columns), so that a step adds the class.
    const entries = takers.map(({ state, marks }) => 2 * this.row(state) * this.columns + (marks ? 1 : 0));
    if (takers.length === 1) {
      this.marks[cell] = takers[0].marks;
      return (this.steps[cell] = entries[0]);
    }
    this.addChoice({
      cell,
      states: takers.map((l) => l.state),
      entries,
      marks: takers.map((l) => l.marks),
    });
    return this.steps[cell];
  }

  /**
   * Every step of the table that the rest of the input decides (see the step table), found by
   * filling the whole table from the start: the character state before (-1: the start), the
   * class, and the candidates in the walk's order. Static: no input is read.
   */
  ambiguousSteps(): Array<{ after: number; sample: number; candidates: readonly number[] }> {
    const out: Array<{ after: number; sample: number; candidates: readonly number[] }> = [];
    for (let r = 0; r < this.stateOfRow.length; r++) {
      if (r === this.acceptRow || this.stateOfRow[r] < 0) continue;
      for (let k = 1; k < this.columns; k++) {
        const cell = r * this.columns + k;
        let e = this.steps[cell];
        if (e === UNKNOWN) e = this.fill(r, k);
        const id = this.choiceOf(e);
        if (id < 0) continue;
        const s = this.stateOfRow[r];
        out.push({ after: s === this.nfa.start ? -1 : s, sample: this.classes.sample[k], candidates: [...this.choices[id].states] });
      }
    }
    return out;
  }

  /**
   * Sends the first-match tree of `input.slice(from, to)` to `sink`, with offsets into the
   * whole `input`. Returns false if the slice does not match the rule (what was sent is then
   * meaningless): each step goes where a match must go, and reaching the accept state is one.
   */
  parse(input: string, from: number, to: number, sink: TreeSink): boolean {
    const names = this.names;
    return this.parseTo(input, from, to, {
      length: 0,
      open(id: number, start: number): number { sink.open(names[id], start); return 0; },
      close(_node: number, end: number): void { sink.close(end); },
      truncate(): void {},
    });
  }

  /** `parse`, writing rule ids (indices in `names`) to an IdSink such as ./flatTree.ts's store. */
  parseTo(input: string, from: number, to: number, sink: IdSink): boolean {
    const columns = this.columns;
    const endColumn = columns - 1;
    const ascii = this.classes.ascii;
    let steps = this.steps;
    let t: Int32Array | undefined;
    // Lookahead characters this input may still spend before T is computed (see the header).
    let budget = FirstMatch.lookaheadBudget.perCharacter * (to - from) + FirstMatch.lookaheadBudget.base;
    // r: the current row's offset in the table (row × columns).
    let r = this.startRow * columns;
    const accept = this.acceptRow * columns;
    let open = this.openNodes;
    let depth = 0;
    for (let i = from; ; ) {
      // The common case first: ASCII characters whose steps are known and pass no marks.
      let e = 0;
      let k = endColumn;
      while (i < to) {
        const c = input.charCodeAt(i);
        if (c >= 128) { k = this.classAt(input, i); break; }
        k = ascii[c];
        e = steps[r + k];
        if (e <= 0 || (e & 1) === 1) break;
        r = e >> 1;
        i++;
        k = endColumn;
        e = 0;
      }
      const cell = r + k;
      if (e === UNKNOWN) {
        e = steps[cell];
        if (e === UNKNOWN) {
          e = this.fill(r / columns, k);
          steps = this.steps; // it may have grown
        }
      }
      let path: Path | undefined;
      // The step before this character was ambiguous, and this one does not decide it (see
      // addChoice): back to that character, whose step is taken here again the long way (its
      // marks, the same for every candidate, were passed on the way to the pending row).
      let again = false;
      if (e === UNDECIDED) {
        const s = this.stateOfRow[r / columns];
        // Only a pending row holds it (in a row of a state it would be a plan's AMBIGUOUS with no choice).
        if (s >= 0) throw new Error('grammar engine internal error: a tree plan\'s ambiguous step has no choice');
        const id = -1 - s;
        e = CHOICE0 - id;
        const back = i - 1;
        i = back > from && charLength(input, back - 1) === 2 ? back - 1 : back;
        again = true;
      }
      if (e > 0) {
        if (e & 1) path = this.marks[cell];
      } else if (e === DEAD) {
        return false;
      } else {
        const id = CHOICE0 - e;
        const choice = this.choices[id];
        let j: number;
        if (t === undefined) {
          const next = i + charLength(input, i);
          const k2 = next < to ? this.classAt(input, next) : endColumn;
          j = this.afterOne(choice, k2);
          if (j < 0) {
            j = this.lookahead(choice, input, next, to, budget);
            if (j === -2) {
              try {
                t = this.rightToLeft(input, from, to);
                j = this.firstInT(choice, t[i - from]);
              } catch (e) {
                // The pass needs the whole automaton, which may pass the NFA's limit (a large
                // bounded repetition) where the part this input reaches does not: look ahead
                // without a budget instead (exact; slower only on inputs built for it).
                if (!(e instanceof RangeError)) throw e;
                budget = Infinity;
                j = this.lookahead(choice, input, next, to, budget);
                if (j === -2) throw e;
              }
            } else budget -= this.spent;
          }
        } else j = this.firstInT(choice, t[i - from]);
        if (j < 0) return false;
        e = choice.entries[j];
        if ((e & 1) === 1 && !again) path = choice.marks[j];
      }
      r = e >> 1;
      if (path !== undefined) {
        for (let j = 0; j < path.length; j++) {
          const m = path[j];
          if (m >= 0) {
            if (depth === open.length) {
              const bigger = new Int32Array(open.length * 2);
              bigger.set(open);
              this.openNodes = open = bigger;
            }
            open[depth++] = sink.open(m, i);
          } else sink.close(open[--depth], i);
        }
      }
      if (i >= to) return r === accept;
      i += charLength(input, i);
    }
  }

  /** The candidate the race picks after one character of class `k`, or -1: Choice.afterOne's entry, made when first asked for. */
  private afterOne(choice: Choice, k: number): number {
    const one = (choice.afterOne ??= new Int32Array(this.columns).fill(-2));
    const j = one[k];
    return j === -2 ? (one[k] = this.decidedAfterOne(choice, k)) : j;
  }

  /** The candidate the race picks after one character of class `k` (see Choice.afterOne), or -1. */
  private decidedAfterOne(choice: Choice, k: number): number {
    const race = this.race;
    const p = this.raceStart(choice);
    if (p <= RACE_WON) return RACE_WON - p;
    if (p < 0) return -1;
    const e = race.step(p, k);
    return e <= RACE_WON ? RACE_WON - e : -1;
  }

  private get race(): Race {
    return (this.racePass ??= new Race(this.forward, this.classes.count));
  }

  /** The race of `choice`'s candidates as the character is taken (a state, or a decision). */
  private raceStart(choice: Choice): number {
    const forward = this.forward;
    return (choice.race ??= this.race.enter(Array.from(choice.states, (_s, j) => j), Array.from(choice.states, (c) => forward.after(c))));
  }

  /** Characters the last `lookahead` read. */
  private spent = 0;

  /**
   * The first candidate of `choice` from which `input.slice(next, to)` can be matched to the
   * end (-1: none), by following each candidate's future; -2 when that takes more than
   * `budget` characters (or the lookahead automaton its bound).
   */
  private lookahead(choice: Choice, input: string, next: number, to: number, budget: number): number {
    const race = this.race;
    let p = this.raceStart(choice);
    const ascii = this.classes.ascii;
    const width = race.width;
    let table = race.table;
    let spent = 0;
    let i = next;
    // Characters while the race is on (a state, not yet a decision).
    while (p >= 0 && i < to) {
      if (++spent > budget) {
        this.spent = spent;
        return -2;
      }
      const c = input.charCodeAt(i);
      const k = c < 128 ? ascii[c] : this.classAt(input, i);
      let e = table[p * width + k];
      if (e === RACE_UNKNOWN) {
        e = race.step(p, k);
        table = race.table; // it may have grown
      }
      p = e;
      i += c < 128 ? 1 : charLength(input, i);
    }
    // The end of the input, if the race is still on there.
    if (p >= 0) p = race.step(p, width - 1);
    this.spent = spent;
    if (p === RACE_TOO_COSTLY) return -2;
    if (p === RACE_NONE || p >= 0) return -1;
    return RACE_WON - p;
  }

  /** The first candidate of `choice` in T (reverse state `rs`), -1 if none. */
  private firstInT(choice: Choice, rs: number): number {
    const canFinish = this.backward.canFinish[rs];
    for (let j = 0; j < choice.states.length; j++) if (canFinish[choice.states[j]] === 1) return j;
    return -1;
  }

  /** Pass 1: T(i) for every character position of the slice, right to left. */
  private rightToLeft(input: string, from: number, to: number): Int32Array {
    const backward = this.backward;
    const t = new Int32Array(to - from + 1);
    let r = backward.end;
    t[to - from] = r;
    for (let i = to - 1; i >= from; i--) {
      let at = i;
      const c = input.charCodeAt(i);
      if (c >= 0xdc00 && c <= 0xdfff && i > from && charLength(input, i - 1) === 2) at = i - 1;
      r = backward.step(r, this.classAt(input, at));
      t[at - from] = r;
      i = at;
    }
    return t;
  }

  /**
   * Depth-first, in priority order, from walk state `key` through moves that consume nothing;
   * `leaf` is called on each character or accept state reached (with its walk state), and the
   * walk stops when it returns true. An iteration that began in this walk and reaches its end
   * having consumed nothing fails. `path` then reads the marks on the way to a walk state.
   */
  private walk(key: number, leaf: (k: number) => boolean): void {
    const nfa = this.nfa;
    const span = this.span;
    const none = span - 1;
    const stamp = ++this.stamp;
    // The NFA may have grown since the tables were sized (a walk, or the right-to-left pass, expanded it).
    if (nfa.size * span > this.seen.length) this.grow();
    let seen = this.seen;
    let parent = this.parent;
    let markParent = this.markParent;
    // The stack holds pairs (walk state, the walk state it was reached from); it is reused.
    let stack = this.stack;
    let top = 0;
    stack[top++] = key;
    stack[top++] = -1;
    while (top > 0) {
      const from = stack[--top];
      const k = stack[--top];
      if (seen[k] === stamp) continue;
      seen[k] = stamp;
      parent[k] = from;
      const s = (k / span) | 0;
      let d = k - s * span;
      if (nfa.kind[s] === Kind.Lazy) {
        // Built now, as it is first reached (../automata/nfa.ts); the walk's tables grow with the NFA.
        nfa.expand(s);
        if (nfa.size * span > seen.length) {
          this.grow();
          seen = this.seen;
          parent = this.parent;
          markParent = this.markParent;
        }
      }
      // After the expansion: a lazy state may have become an Open mark.
      const kindNow = nfa.kind[s];
      markParent[k] = kindNow === Kind.Open || kindNow === Kind.Close ? k : from < 0 ? -1 : markParent[from];
      switch (nfa.kind[s]) {
        case Kind.Char:
        case Kind.Accept:
          if (leaf(k)) return;
          continue;
        case Kind.IterStart:
          d = Math.min(d, nfa.depth[s]);
          break;
        case Kind.IterEnd:
          // An iteration that began in this walk has consumed nothing: it fails.
          if (d !== none && d <= nfa.depth[s]) continue;
          break;
        default:
          break;
      }
      const out = nfa.out[s];
      if (top + 2 * out.length > stack.length) {
        const bigger = new Int32Array(2 * (stack.length + 2 * out.length));
        bigger.set(stack);
        this.stack = stack = bigger;
      }
      for (let j = out.length - 1; j >= 0; j--) {
        stack[top++] = out[j] * span + d;
        stack[top++] = k;
      }
    }
  }

  /** Room in the walk's tables for every state of the NFA as it is now. */
  private grow(): void {
    const n = Math.max(2 * this.seen.length, this.nfa.size * this.span);
    const seen = new Int32Array(n);
    seen.set(this.seen);
    const parent = new Int32Array(n);
    parent.set(this.parent);
    const markParent = new Int32Array(n);
    markParent.set(this.markParent);
    this.seen = seen;
    this.parent = parent;
    this.markParent = markParent;
  }

  /** The marks on the walk's path to walk state `k`, in order: a rule id to open, -1 to close. */
  private path(k: number): number[] {
    const nfa = this.nfa;
    const marks: number[] = [];
    // From mark to mark (markParent), not through every state of the path.
    for (let x = this.markParent[k]; x >= 0; x = this.parent[x] < 0 ? -1 : this.markParent[this.parent[x]]) {
      const s = (x / this.span) | 0;
      if (nfa.kind[s] === Kind.Open) marks.push(this.ruleId(nfa.rule[s]));
      else marks.push(-1);
    }
    return marks.reverse();
  }

}
