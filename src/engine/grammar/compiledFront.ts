/**
 * A precompiled module's first answers without the grammar class (issue 37: a module's
 * `require` with its first verdict and first tree in a few milliseconds, whatever the input).
 *
 * The grammar class (./grammar.ts) and what it runs are most of the library: a process that
 * loads them and runs them cold spends tens of milliseconds. A regular grammar whose data
 * holds its tables (what `toModule` writes as JSON text) is answered by a front instead: its
 * verdicts from the packed tables (../automata/tableDfa.ts), its trees of inputs shorter than
 * LONG by a bounded backtracking search (../trees/backtrack.ts) on the program the module
 * carries, both exact. Every other call (errors, options, a rule name in another case, the
 * analyses, long inputs, a search past its budget) goes to the grammar class, made on that first
 * call from the data already read and checked (./compiledData.ts: a damaged module still fails
 * on load); so does every call once the front's work passes QUICK_STEPS or QUICK_CHARS, where the class, made
 * once, answers faster. The front counts as a `RuleGrammar` (`instanceof`, ./grammar.ts) and
 * answers as one.
 *
 * Node's `require` of such a module loads this file's bundle alone (dist/cjs/compiled.js,
 * scripts/bundle.js), and the main bundle on the first call the front hands on.
 */
import { givenData, readData, type CompiledGrammar, type GivenData, type ReadData } from './compiledData';
import { TableDfa } from '../automata/tableDfa';
import { backtrackTree, budgetOf, compileTree, decodeProgram, type TreeProgram } from '../trees/backtrack';
import { LONG, QUICK_CHARS, QUICK_STEPS } from '../limits';
import type { RuleGrammar } from './grammar';
import type { Node } from '../tree';
import { FRONT } from './frontMark';

export { isCompiledFront } from './frontMark';

/**
 * A grammar of `data`: a front where one can answer (a regular grammar with tables, given as
 * JSON text), else `build`'s grammar. `build` makes the grammar class of the data read.
 */
export function loadCompiled(data: CompiledGrammar | string, build: (given: GivenData, read: ReadData) => RuleGrammar): RuleGrammar {
  const given = givenData(data);
  const read = readData(given.data, given.text !== undefined ? 'owned' : 'lazily', given.text);
  // An object's members may still change in its caller's hands: the class reads it now.
  if (given.text === undefined || read.tables === undefined || (read.recursive?.length ?? 0) > 0) return build(given, read);
  return new CompiledFront(read, () => build(given, read)) as unknown as RuleGrammar;
}

/** The methods and getters of `RuleGrammar` the front hands on as they are (tested against the class). */
export const HANDED_ON = [
  'reachesRecursion', 'ruleName', 'automaton', 'treePlan', 'source', 'validate', 'treeTo', 'walk', 'parser',
  'ruleText', 'expr', 'alternativeOf', 'generate', 'shadows', 'compare', 'coverage', 'arbitrary',
] as const;
export const HANDED_ON_GETTERS = ['driver', 'texts'] as const;

// How much work the front does before it hands every call on (../limits.ts).
export { QUICK_CHARS, QUICK_STEPS } from '../limits';

class CompiledFront {
  readonly name: string | undefined;
  readonly rules: readonly string[];
  readonly alternation: string;
  private grammar: RuleGrammar | undefined;
  private dfa: TableDfa | undefined;
  private readonly exact: ReadonlySet<string>;
  private readonly programs = new Map<string, TreeProgram | null>();
  /** The front's work so far: steps of its tree searches (QUICK_STEPS), characters of its verdicts (QUICK_CHARS). */
  private readonly work = { steps: 0 };
  private chars = 0;

  constructor(private readonly read: ReadData, private readonly make: () => RuleGrammar) {
    this.name = read.name;
    this.rules = Object.freeze([...read.rules]);
    this.alternation = read.alternation;
    this.exact = new Set(read.rules);
  }

  /** The grammar class of the data, made on the first call the front does not answer. */
  get full(): RuleGrammar {
    return (this.grammar ??= this.make());
  }

  private get tables(): TableDfa {
    return (this.dfa ??= new TableDfa(this.read.tables!));
  }

  /** Does the front answer a call on `input` (a string) by `rule`, with no options? */
  private answers(input: unknown, rule: unknown, options: unknown): boolean {
    return this.grammar === undefined && this.work.steps < QUICK_STEPS && this.chars < QUICK_CHARS && options === undefined &&
      typeof input === 'string' && typeof rule === 'string' && this.exact.has(rule);
  }

  isValid(input: string, rule: string, options?: object): boolean {
    if (this.answers(input, rule, options)) {
      const start = this.tables.startOf(rule);
      if (start !== undefined) {
        this.chars += input.length + 16;
        return this.tables.test(input, start);
      }
    }
    return this.full.isValid(input, rule, options);
  }

  parseTree(input: string, rule: string, options?: object): Node {
    if (this.answers(input, rule, options) && input.length < LONG) {
      const start = this.tables.startOf(rule);
      // An input the rule refuses gets the class's error (a tree is asked for only of a match).
      if (start !== undefined && this.tables.test(input, start)) {
        const p = this.program(rule);
        const tree = p ? backtrackTree(p, rule, input, budgetOf(input.length), this.work) : undefined;
        if (tree) return tree;
      }
    }
    return this.full.parseTree(input, rule, options);
  }

  /**
   * The program of `rule`'s structural tree: the data's own (`toModule` writes one for every rule
   * but the lexical ones), else compiled now (null when too large to write out: ../trees/backtrack.ts).
   */
  private program(rule: string): TreeProgram | null {
    const written = this.read.program;
    if (written !== undefined && Object.prototype.hasOwnProperty.call(written.entries, rule)) return (this.written ??= decodeProgram(written));
    let p = this.programs.get(rule);
    if (p === undefined) {
      // The structural tree's nodes: every rule but the lexical ones, and the root (../trees/driverTrees.ts `structural`).
      const lexical = new Set(this.read.lexicalRules);
      const nodes = new Set(this.read.rules.filter((r) => r === rule || !lexical.has(r)));
      this.programs.set(rule, (p = compileTree(this.read.encoded, rule, nodes) ?? null));
    }
    return p;
  }

  /** The data's program, decoded. */
  private written: TreeProgram | undefined;
}
Object.defineProperty(CompiledFront.prototype, FRONT, { value: true });
for (const method of HANDED_ON) {
  Object.defineProperty(CompiledFront.prototype, method, {
    value(this: CompiledFront, ...args: unknown[]): unknown {
      const g = this.full as unknown as Record<string, (...a: unknown[]) => unknown>;
      return g[method](...args);
    },
    writable: true,
    configurable: true,
  });
}
for (const getter of HANDED_ON_GETTERS) {
  Object.defineProperty(CompiledFront.prototype, getter, {
    get(this: CompiledFront): unknown {
      return (this.full as unknown as Record<string, unknown>)[getter];
    },
    configurable: true,
  });
}
