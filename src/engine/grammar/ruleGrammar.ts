/**
 * The `Grammar`: one implementation for every grammar, the built-in ones and those from
 * `compileAbnf` alike. A rule that does not reach recursion runs on the grammar's Driver
 * (./driver.ts: the verdict and the error from its DFA, packed tables when the grammar has
 * them; the tree from the first-match builder, ../trees/driverTrees.ts, from a tree plan where there is
 * one), a rule that reaches recursion on ../recursive/ends.ts; parsimmon parsers per rule.
 * Nothing here knows about URIs.
 */
import type P from 'parsimmon';
import { Automaton } from '../automata/automaton';
import { Driver } from './driver';
import { builderOf, flatTree, tree } from '../trees/driverTrees';
import type { PackedDfa } from '../automata/tableDfa';
import { GrammarSyntaxError, type SyntaxErrorClass, withoutFrames } from '../errors';
import type { Expr, Rules } from '../expr';
import { FirstMatch } from '../trees/firstMatch';
import { provedRegexp } from '../automata/linearRegexp';
import type { Grammar, GrammarValidation, TreeOptions, ValidateOptions } from './types';
import { GivenPlans, ShippedPlans, treeNfa, type PlanSource, type TreePlan } from '../trees/plan';
import { treePlan } from '../build/treePlan';
import { NodeBuilder, type Node, type TreeNode, type TreeSink } from '../tree';
import { DEFAULT_MAX_NODES, EAGER_NODES, FlatTree, NamedSink, visit, type TreeVisitor } from '../trees/flatTree';
import { own, readOptions, REVEAL_OPTIONS, TREE_OPTIONS } from '../options';
import { revealed } from '../secrets';
import { parsimmon } from '../parsimmonLib';
import { generalRules } from '../recursive/analysis';
import { DEFAULT_MAX_NESTING, EndsRunner, type RunLimits } from '../recursive/ends';

/** The methods a `walk` visitor may have. */
const VISITOR = { enter: 'function', leave: 'function' } as const;

/**
 * The rows a plan made with no sample fills, at most (`treePlan`): RFC 3986's `URI-reference`
 * reaches 1,643 (its IPv6 literals most of them); a grammar made to unroll (`1*65535"a"`) stops here.
 */
export const PLAN_ROWS = 2_048;

export interface RuleGrammarOptions {
  /** The grammar's name (for messages and the registry). */
  name?: string;
  /** Each rule's definition as written. */
  texts?: ReadonlyMap<string, string>;
  /** Character-level rules: tree nodes only with `{ lexical: true }`. Default: none. */
  lexicalRules?: Iterable<string>;
  /** Rules whose names an error uses for the characters that begin them. Default: none. */
  labelRules?: Iterable<string>;
  /** The class of the syntax errors (a subclass of GrammarSyntaxError). */
  errorClass?: SyntaxErrorClass;
  /** What separates alternatives in the text's notation (default `/`). */
  alternation?: string;
  /** Rule calls in progress at once, at most, for a recursive rule (../recursive/ends.ts). Default 5,000. */
  maxNesting?: number;
  /**
   * Steps per character of input, at most, for a recursive rule (../recursive/ends.ts), past which
   * a `WorkLimitError` (a RangeError). Default 2,000.
   */
  workLimit?: number;
  /** Where to raise the limits, as their errors say (default: the options of compileAbnf). */
  limitsHow?: { readonly nesting: string; readonly work: string };
  /**
   * The rules' DFAs made ahead of time (../automata/tableDfa.ts; a precompiled grammar carries them,
   * ../build/compiled.ts): verdicts and errors read them, and build nothing on a first call.
   */
  tables?: PackedDfa;
  /**
   * Tree plans made ahead of time (../trees/plan.ts), by rule (`"rule"`, or `"rule lexical"` for the
   * lexical tree): the first tree of a planned rule reads its tables instead of building them.
   * Checked when first used (a malformed plan is a TypeError then), unless they are the
   * library's own (ShippedPlans).
   */
  plans?: Readonly<Record<string, unknown>> | ShippedPlans | GivenPlans;
  /**
   * The rules that reach recursion, as `source().recursive` gave them for the same expressions
   * (a build step's: not checked). Default: found from the expressions.
   */
  recursive?: readonly string[];
}

/** What a RuleGrammar is made of (for ../build/compiled.ts, which writes it out). */
export interface RuleGrammarSource<R extends string = string> {
  readonly exprs: Rules<R>;
  readonly names: readonly R[];
  readonly name?: string;
  readonly texts?: ReadonlyMap<string, string>;
  readonly lexicalRules: readonly string[];
  readonly labelRules: readonly string[];
  readonly alternation: string;
  readonly maxNesting: number;
  /** The work limit, when it is not the default. */
  readonly workLimit?: number;
  /** The rules that reach recursion (they have no DFA). */
  readonly recursive: readonly string[];
}

export class RuleGrammar<R extends string = string> implements Grammar<R> {
  readonly name?: string;
  readonly alternation: string;
  readonly rules: readonly R[];
  private readonly byLowerCase = new Map<string, R>();
  private readonly exact: ReadonlySet<string>;
  private readonly texts?: ReadonlyMap<string, string>;
  private readonly lexicalRules: ReadonlySet<string>;
  private readonly labelRules: ReadonlySet<string>;
  private readonly errorClass: SyntaxErrorClass;
  /** What the rules that do not reach recursion compile to: verdicts, errors and trees. */
  private readonly compiled: Driver<R>;
  private readonly alternatives = new Map<string, Automaton[]>();
  private readonly parsers = new Map<string, P.Parser<TreeNode<R>>>();
  /** Rules that reach recursion: run by ../recursive/ends.ts (the others by the automaton and FirstMatch). */
  private readonly general: ReadonlySet<string>;
  private readonly maxNesting: number;
  private readonly workLimit?: number;
  private readonly limits: RunLimits;
  private readonly plans?: PlanSource;

  constructor(private readonly exprs: Rules<R>, names: readonly R[], options: RuleGrammarOptions = {}) {
    // Own properties only, each read once (a polluted Object.prototype must not reach a grammar).
    this.name = own(options, 'name');
    this.alternation = own(options, 'alternation') ?? '/';
    this.rules = Object.freeze([...names]);
    for (let k = 0; k < names.length; k++) this.byLowerCase.set(names[k].toLowerCase(), names[k]);
    this.exact = new Set(names);
    this.lexicalRules = new Set(own(options, 'lexicalRules') ?? []);
    this.labelRules = new Set(own(options, 'labelRules') ?? []);
    this.errorClass = own(options, 'errorClass') ?? GrammarSyntaxError;
    this.texts = own(options, 'texts');
    const recursive = own(options, 'recursive');
    this.general = recursive ? new Set(recursive) : generalRules(exprs);
    this.maxNesting = own(options, 'maxNesting') ?? DEFAULT_MAX_NESTING;
    this.workLimit = own(options, 'workLimit');
    const how = own(options, 'limitsHow');
    this.limits = { maxNesting: this.maxNesting, workLimit: this.workLimit, nestingHow: how?.nesting, workHow: how?.work };
    const tables = own(options, 'tables');
    this.compiled = new Driver<R>(exprs, this.lexicalRules, this.labelRules, this.errorClass, { derived: tables ? { dfas: tables } : undefined, names, regexps: provedRegexp });
    const plans = own(options, 'plans');
    this.plans = plans === undefined ? undefined : plans instanceof ShippedPlans || plans instanceof GivenPlans ? plans : new GivenPlans(plans, this.name);
  }

  /** Is `rule` one that reaches recursion (and so runs on ../recursive/ends.ts)? */
  isRecursive(rule: R): boolean {
    return this.general.has(rule);
  }

  private runner(input: string, prefix = false): EndsRunner {
    return new EndsRunner(this.exprs, input, prefix ? { ...this.limits, prefix } : this.limits);
  }

  /** A recursive rule's verdict: ok, or the error offset and what was expected there. */
  private recursiveCheck(input: string, rule: R, from = 0): { ok: boolean; index: number; expected: string[]; ends: readonly number[] } {
    const run = this.runner(input).run(rule, from);
    if (run.ends.includes(input.length)) return { ok: true, index: input.length, expected: [], ends: run.ends };
    const expected = [...run.expected];
    if (run.ends.includes(run.furthest)) expected.push('end of input');
    return { ok: false, index: run.furthest, expected, ends: run.ends };
  }

  /** The rule's spelling, or a TypeError naming the function. Rule names are case-insensitive. */
  ruleName(rule: unknown, fn: string): R {
    // Spelled as the grammar spells it (the usual case), else in any case (RFC 5234 2.1).
    const r = typeof rule === 'string' ? (this.exact.has(rule) ? (rule as R) : this.byLowerCase.get(rule.toLowerCase())) : undefined;
    if (r === undefined) {
      const got = typeof rule === 'string' ? JSON.stringify(rule) : rule === null ? 'null' : typeof rule;
      throw new TypeError(`${fn}: argument "rule" must be a rule of the grammar${this.name ? ` ${this.name}` : ''} (${this.rules.slice(0, 8).join(', ')}${this.rules.length > 8 ? ', …' : ''}), got ${got}`);
    }
    return r;
  }

  private input(input: unknown, fn: string): asserts input is string {
    if (typeof input !== 'string') {
      const what = input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input;
      throw new TypeError(`${fn}: argument "input" must be a string, got ${what}`);
    }
  }

  automaton(rule: R): Automaton {
    return this.compiled.automaton(rule);
  }

  /** The rules that give tree nodes: all but the lexical ones unless asked for (the root always). */
  private nodeRules(rule: R, lexical: boolean): ReadonlySet<string> {
    return lexical ? this.compiled.names : this.compiled.structural(rule);
  }

  private builder(rule: R, lexical: boolean): FirstMatch {
    return builderOf(this.compiled, rule, lexical, this.plans);
  }

  /**
   * The tree plan (../trees/plan.ts) of `rule`'s builder after parsing `samples` (those the rule
   * accepts), with every cell of the rows they reach filled; when none is accepted, the rows
   * the table reaches from the rule's start, as far as PLAN_ROWS of them. What a build script
   * writes out for the `plans` option (and `toModule` into a module).
   */
  treePlan(rule: R, lexical: boolean, samples: Iterable<string>): TreePlan {
    const r = this.ruleName(rule, 'treePlan');
    if (this.general.has(r)) throw new TypeError(`treePlan: ${r} reaches recursion: its trees do not come from a plan`);
    const nfa = treeNfa(this.exprs, r, this.nodeRules(r, lexical));
    const b = new FirstMatch(nfa);
    const t = new FlatTree(b.names);
    let parsed = 0;
    for (const s of samples) {
      if (typeof s !== 'string') throw new TypeError('treePlan: argument "samples" must hold strings');
      if (this.isValid(s, r)) {
        b.parseTo(s, 0, s.length, t.reset(DEFAULT_MAX_NODES, s.length));
        parsed++;
      }
    }
    // With no sample, every row the table reaches from its start, as far as PLAN_ROWS.
    b.completeRows(parsed ? undefined : PLAN_ROWS);
    return treePlan(r, lexical, nfa, b);
  }

  /** What this grammar is made of (its expressions, names, texts and options). */
  source(): RuleGrammarSource<R> {
    return {
      exprs: this.exprs, names: this.rules, name: this.name, texts: this.texts,
      lexicalRules: [...this.lexicalRules], labelRules: [...this.labelRules],
      alternation: this.alternation, maxNesting: this.maxNesting, recursive: [...this.general],
      ...(this.workLimit !== undefined ? { workLimit: this.workLimit } : {}),
    };
  }

  isValid(input: string, rule: R): boolean {
    // A loop over many inputs asks for one rule: its tester, with the checks done, is kept.
    // (Never before a first call: an omitted rule is `undefined`, as lastRule is then.)
    if (rule === this.lastRule && this.lastTester !== undefined && typeof input === 'string') return this.lastTester(input);
    this.input(input, 'isValid');
    const r = this.ruleName(rule, 'isValid');
    if (this.general.has(r)) return this.runner(input).run(r).ends.includes(input.length);
    this.lastTester = this.compiled.tester(r);
    this.lastRule = rule;
    return this.lastTester(input);
  }

  /** isValid's fast path: the rule (as the caller spelled it) of the last call and its tester. */
  private lastRule: unknown;
  private lastTester: ((input: string) => boolean) | undefined;

  validate(input: string, rule: R, options?: ValidateOptions): GrammarValidation {
    this.input(input, 'validate');
    const r = this.ruleName(rule, 'validate');
    const o = readOptions('validate', options, REVEAL_OPTIONS);
    const v = this.general.has(r) ? this.recursiveCheck(input, r) : this.compiled.verdict(input, r);
    // Handed back, not thrown: no call-site frames (see withoutFrames).
    return v.ok ? { ok: true } : { ok: false, error: revealed(o.revealPasswords, () => withoutFrames(() => new this.errorClass(input, r, v.index, v.expected))) };
  }

  /** Sends the first-match tree of the whole input to `sink` (for compact tree storage). */
  treeTo(input: string, rule: R, sink: TreeSink, options?: TreeOptions): void {
    this.input(input, 'parseTree');
    const r = this.ruleName(rule, 'parseTree');
    // Own properties only, known keys, right types (src/engine/options.ts).
    const o = readOptions('parseTree', options, TREE_OPTIONS);
    if (o.revealPasswords === true) return revealed(true, () => this.treeTo(input, r, sink, { ...o, revealPasswords: false }));
    if (this.general.has(r)) {
      const runner = this.runner(input);
      const run = runner.run(r);
      if (!run.ends.includes(input.length)) {
        const v = this.recursiveCheck(input, r);
        throw new this.errorClass(input, r, v.index, v.expected);
      }
      runner.tree(r, 0, input.length, this.nodeRules(r, o.lexical === true), sink);
      return;
    }
    const v = this.compiled.verdict(input, r);
    if (!v.ok) throw new this.errorClass(input, r, v.index, v.expected);
    if (!this.builder(r, o.lexical === true).parse(input, 0, input.length, sink)) {
      throw new Error(`grammar engine internal error: ${r} accepted ${JSON.stringify(input.slice(0, 80))} but no tree was found`);
    }
  }

  /**
   * The tree, through the compact store (../trees/flatTree.ts): fresh plain objects up to 65,536
   * nodes, views above; a TreeLimitError (RangeError) past `maxNodes` (default 2^26).
   */
  parseTree(input: string, rule: R, options?: TreeOptions): TreeNode<R> {
    this.input(input, 'parseTree');
    const r = this.ruleName(rule, 'parseTree');
    const o = readOptions('parseTree', options, TREE_OPTIONS);
    if (o.revealPasswords === true) return revealed(true, () => this.parseTree(input, r, { ...o, revealPasswords: false }));
    if (!this.general.has(r)) return tree(this.compiled, input, r, o, this.plans);
    return this.recursiveTree(input, r, o).node(0, EAGER_NODES) as TreeNode<R>;
  }

  walk(input: string, rule: R, visitor: TreeVisitor<R>, options?: TreeOptions): void {
    this.input(input, 'walk');
    const r = this.ruleName(rule, 'walk');
    if (visitor === undefined) throw new TypeError('walk: argument "visitor" must be an object, got undefined');
    // Own properties, read once; the methods are then called as plain functions (no `this`).
    const v = readOptions('walk', visitor, VISITOR, { argument: 'visitor', field: 'visitor method' }) as TreeVisitor<string>;
    const o = readOptions('walk', options, TREE_OPTIONS);
    // A store of its own (not the shared one): a visitor may call the grammar again.
    const t = revealed(o.revealPasswords, () => (this.general.has(r) ? this.recursiveTree(input, r, o) : flatTree(this.compiled, input, r, o, this.plans)));
    visit(t, 0, v);
  }

  /** The tree of a recursive rule in the compact store (../trees/flatTree.ts), or the grammar's error. */
  private recursiveTree(input: string, r: R, o: TreeOptions): FlatTree {
    const b = new NamedSink(o.maxNodes ?? DEFAULT_MAX_NODES, input.length);
    this.treeTo(input, r, b, o);
    return b.tree;
  }

  parser(rule: R): P.Parser<TreeNode<R>> {
    const r = this.ruleName(rule, 'parser');
    let p = this.parsers.get(r);
    if (!p && this.general.has(r)) {
      // A recursive rule: the longest prefix that is one, from the offset parsimmon is at.
      const Pm = parsimmon();
      p = Pm((input: string, i: number) => {
        const runner = this.runner(input, true);
        const run = runner.run(r, i);
        if (!run.ends.length) return Pm.makeFailure(run.furthest, run.expected.length ? [...run.expected] : [r]);
        const end = Math.max(...run.ends);
        const b = new NodeBuilder();
        runner.tree(r, i, end, this.nodeRules(r, false), b);
        return Pm.makeSuccess(end, b.roots[0] as TreeNode<R>);
      });
      this.parsers.set(r, p);
    }
    if (!p) {
      const automaton = this.automaton(r);
      const builder = this.builder(r, false);
      const Pm = parsimmon();
      p = Pm((input: string, i: number) => {
        const s = automaton.scan(input, i);
        if (s.end < 0) return Pm.makeFailure(s.index, s.expected.length ? s.expected : [r]);
        const b = new NodeBuilder();
        builder.parse(input, i, s.end, b);
        return Pm.makeSuccess(s.end, b.roots[0] as TreeNode<R>);
      });
      this.parsers.set(r, p);
    }
    return p;
  }

  ruleText(rule: R): string {
    const r = this.ruleName(rule, 'ruleText');
    return this.texts?.get(r) ?? '';
  }

  expr(rule: R): Expr {
    return this.exprs[this.ruleName(rule, 'expr')];
  }

  alternativeOf(rule: R, text: string): number {
    const r = this.ruleName(rule, 'alternativeOf');
    this.input(text, 'alternativeOf');
    if (this.general.has(r)) {
      const v = this.recursiveCheck(text, r);
      if (!v.ok) throw new this.errorClass(text, r, v.index, v.expected);
      const body = this.exprs[r];
      if (body.t !== 'alt') return -1;
      return body.items.findIndex((item) => this.runner(text).ends(item, 0, 0).includes(text.length));
    }
    const v = this.compiled.verdict(text, r);
    if (!v.ok) throw new this.errorClass(text, r, v.index, v.expected);
    const body = this.exprs[r];
    if (body.t !== 'alt') return -1;
    let list = this.alternatives.get(r);
    if (!list) this.alternatives.set(r, (list = body.items.map((item) => new Automaton(this.exprs, item, this.labelRules))));
    return list.findIndex((a) => a.test(text));
  }
}

export type { Node };
