/**
 * The verdicts of a grammar's regular rules (those that do not reach recursion): what
 * ./regularRunner.ts answers `isValid` and `validate` with, for every `Grammar` (./grammar.ts),
 * RFC 3986's (src/uri/rfc3986.ts) included. It knows verdicts and errors only; the trees of the
 * same rules are ../trees/driverTrees.ts's.
 *
 * Every form is compiled from the same grammar expressions. The verdict and the error (exact
 * ABNF language, exact offset, linear time) come from the rule's DFA: tables computed at build
 * time when the grammar has them (../automata/tableDfa.ts), else the automaton built on first use
 * (../automata/automaton.ts); where RegExps are allowed (`regexps`), a rule that is hot hands short inputs
 * to an anchored RegExp. Nothing here knows about URIs.
 *
 * Its verbs: `test` (a yes/no), `tester` (the function that answers it for a rule), `verdict`
 * (yes, or where and what was expected), `syntaxError` (the error of a failed verdict) and
 * `throwError` (throws it).
 */
import { Automaton, type Verdict } from '../automata/automaton';
import type { Rules } from '../expr';
import { LONG } from '../limits';
import { verdictSource } from '../automata/regexp';
import { GrammarSyntaxError, type SyntaxErrorClass } from '../errors';
import { TableDfa, type PackedDfa, type WideAs } from '../automata/tableDfa';

export interface DriverOptions {
  /**
   * The rules' minimized DFAs computed ahead of time, packed together (../automata/tableDfa.ts;
   * scripts/generate-tables.ts writes RFC 3986's into src/generated/), so that a fresh process
   * does not derive them on its first call; the other rules' forms are derived on first use.
   * Or a function that gives them, called on the first verdict that reads them.
   */
  readonly tables?: PackedDfa | (() => PackedDfa);
  /**
   * Whether the verdict may run on RegExps derived from the rules (see `tester`): true for the
   * built-in grammar, whose RegExps the tests hold to the automaton on adversarial inputs. For
   * a grammar from text, a function that gives a hot rule's RegExp only where backtracking over
   * it is proved linear (../automata/linearRegexp.ts's `provedRegexp`; a function, so that the built-in's
   * bundle leaves the proof out), else undefined: the rule keeps to its automaton. Default false.
   */
  readonly regexps?: boolean | ((grammar: Rules, rule: string) => RegExp | undefined);
  /** The grammar's rule names (default: the expressions' keys). */
  readonly names?: Iterable<string>;
}

export class Driver<R extends string> {
  /** The packed DFAs computed ahead of time (see DriverOptions); the other rules' forms are derived on first use. */
  get tables(): PackedDfa | undefined {
    const t = this.tablesGiven;
    return typeof t === 'function' ? (this.tablesGiven = t()) : t;
  }
  /** The tables as given: a function (RFC 3986's, whose module the CommonJS bundle loads on a first verdict) is called once. */
  private tablesGiven: PackedDfa | (() => PackedDfa) | undefined;
  private readonly regexps: boolean | ((grammar: Rules, rule: string) => RegExp | undefined);
  private unpacked: TableDfa | undefined;

  private readonly automata = new Map<string, Automaton>();
  /** The grammar's rule names. */
  readonly names: ReadonlySet<string>;
  private readonly testers = new Map<string, (input: string) => boolean>();

  constructor(
    readonly grammar: Rules<R>,
    /** Rules whose names an error uses for the characters that begin them. */
    readonly labelRules: ReadonlySet<string>,
    /** The class of the errors it throws. */
    readonly errorClass: SyntaxErrorClass = GrammarSyntaxError,
    options: DriverOptions = {},
  ) {
    this.names = new Set(options.names ?? Object.keys(grammar));
    this.tablesGiven = options.tables;
    this.regexps = typeof options.regexps === 'function' ? options.regexps : options.regexps === true;
  }

  hasRule(rule: unknown): rule is R {
    return typeof rule === 'string' && this.names.has(rule);
  }

  automaton(rule: R): Automaton {
    let a = this.automata.get(rule);
    if (!a) this.automata.set(rule, (a = new Automaton(this.grammar, rule, this.labelRules)));
    return a;
  }

  /**
   * The tables computed ahead of time (unpacked on first use) and the offset of the rule's start
   * state in them; undefined when they do not hold the rule.
   */
  private table(rule: R): { tables: TableDfa; start: number } | undefined {
    if (!this.tables) return undefined;
    const tables = (this.unpacked ??= new TableDfa(this.tables));
    const start = tables.startOf(rule);
    return start === undefined ? undefined : { tables, start };
  }

  /**
   * After how many characters a rule's tables hand short inputs to its RegExp. The tables cost
   * nothing to start and about 3 ns a character; V8's native code for the RegExp about 2 ns,
   * after about 12 ms of compiling (URI-reference) on its first executions. A rule that has
   * read 64K characters (a thousand URIs) is in a loop (a batch, a server), where the compile
   * is paid back within the next ten thousand; a config loader or a command-line tool that
   * checks a few URIs never pays it. (A million, as before, left a 30,000-line batch on the
   * tables for half its lines: twice the time of switching early.)
   */
  hotCharacters = 65_536;

  /**
   * The verdict as a function of the input. With a DFA computed ahead of time, its tables: a
   * class and a transition a character, nothing compiled on a first call; once the rule is hot
   * (`hotCharacters`), inputs shorter than LONG go to the RegExp. Without tables, the RegExp on
   * ordinary lengths and the automaton from LONG characters on. The RegExp is derived from the
   * rule (the fastest form V8 runs) and matches exactly its language; the tests check that
   * every form agrees with the others and with an independent reading of the ABNF. Without
   * `regexps`, the tables or the automaton alone. With a `regexps` function (a grammar from
   * text), the tables or the automaton until the rule is hot, then the RegExp it gives (the
   * proof runs once, then), if any.
   */
  tester(rule: R): (input: string) => boolean {
    let t = this.testers.get(rule);
    if (!t) {
      const table = this.table(rule);
      if (!this.regexps) {
        t = this.tableTester(rule);
      } else if (this.regexps === true && !table) {
        // The built-in's rules without tables: the RegExp at once; the automaton only on the
        // first long input (building its NFA costs more than a short input's whole check).
        const re = this.regexp(rule);
        let long: Automaton | undefined;
        t = (input) => (input.length < LONG ? re.test(input) : (long ??= this.automaton(rule)).test(input));
      } else {
        // Hot: the RegExp, if there is one (for a grammar from text, only a proved one).
        let budget = this.hotCharacters;
        let re: RegExp | null | undefined;
        const cold = this.tableTester(rule);
        t = (input) => {
          if (input.length < LONG) {
            if (re) return re.test(input);
            if (re === undefined && (budget -= input.length) < 0) {
              const regexps = this.regexps;
              re = (regexps === true ? this.regexp(rule) : regexps && regexps(this.grammar, rule)) || null;
              if (re) return re.test(input);
            }
          }
          return cold(input);
        };
      }
      this.testers.set(rule, t);
    }
    return t;
  }

  /**
   * The verdict of the tables (or the automaton) alone, never a RegExp: for a batch of mixed
   * input, where a RegExp's compile is not paid back and a refused line makes it backtrack
   * (about 2.6 µs for a real URI with a typo, where the tables stop at the error in 0.1 µs).
   */
  tableTester(rule: R): (input: string) => boolean {
    let t = this.tableTesters.get(rule);
    if (!t) {
      const table = this.table(rule);
      if (table) {
        const { tables, start } = table;
        t = (input) => tables.test(input, start);
      } else {
        const automaton = this.automaton(rule);
        t = (input) => automaton.test(input);
      }
      this.tableTesters.set(rule, t);
    }
    return t;
  }
  private readonly tableTesters = new Map<string, (input: string) => boolean>();

  /**
   * `tableTester` that says where a refused input stopped: -1 for a match, else a failure code
   * for `failureIndex` and `failureExpected` (../automata/tableDfa.ts `locate`). The input is
   * input.slice(from, end), read where it is. Undefined for a rule the tables do not hold.
   */
  tableLocator(rule: R): ((input: string, from: number, end: number) => number) | undefined {
    const table = this.table(rule);
    if (!table) return undefined;
    const { tables, start } = table;
    return (input, from, end) => tables.locate(input, start, from, end);
  }

  /**
   * `tableLocator` of a whole input whose code units above ASCII in `as.units` are read as
   * `as.text` (../automata/tableDfa.ts `locateAs`: RFC 3987's IRIs on RFC 3986's tables).
   * Undefined for a rule the tables do not hold.
   */
  tableLocatorAs(rule: R, as: WideAs): ((input: string) => number) | undefined {
    const table = this.table(rule);
    if (!table) return undefined;
    const { tables, start } = table;
    return (input) => tables.locateAs(input, start, as);
  }

  /** The offset of a failure code from `tableLocator`. */
  failureIndex(code: number): number {
    return this.unpacked!.failureIndex(code);
  }

  /** The `expected` list of a failure code from `tableLocator` (shared and frozen: copy it to keep it). */
  failureExpected(code: number): readonly string[] {
    return this.unpacked!.failureExpected(code);
  }

  /** The anchored verdict RegExp of a rule (for inputs shorter than LONG: see limits.ts). */
  private regexp(rule: R): RegExp {
    return new RegExp(`^(?:${verdictSource(this.grammar, rule)})$`);
  }

  test(input: string, rule: R): boolean {
    return this.tester(rule)(input);
  }

  /** Yes, or the offset of the error and what was expected there. */
  verdict(input: string, rule: R): Verdict {
    const table = this.table(rule);
    if (table) return table.tables.run(input, table.start);
    if (this.regexps === true && this.test(input, rule)) return { ok: true, index: input.length, expected: [] };
    return this.automaton(rule).run(input);
  }

  /** The error of a verdict that is not ok. */
  syntaxError(input: string, rule: R, v: Verdict): GrammarSyntaxError {
    return new this.errorClass(input, rule, v.index, v.expected);
  }

  /** Throws the error for input a parser of `rule` rejected. */
  throwError(input: string, rule: R): never {
    const v = this.verdict(input, rule);
    if (!v.ok) throw this.syntaxError(input, rule, v);
    // The automaton accepted what the first-match-wins parser did not: a grammar bug, never
    // an answer. The tests check that this cannot happen.
    throw new Error(`uri-grammar internal error: the ${rule} combinators and automaton disagree on ${JSON.stringify(input)}`);
  }
}
