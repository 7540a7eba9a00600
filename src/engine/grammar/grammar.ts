/**
 * The `Grammar` (./types.ts): one class for every grammar, the built-in ones (RFC 3986's,
 * src/uri/rfc3986.ts; RFC 3987's; the shipped ones of src/builtins/) and those from
 * `compileAbnf` alike. It checks the input, the rule and the options once, looks the rule up
 * (case-insensitively: RFC 5234 2.1), keeps the tester of the last rule `isValid` was asked
 * for, makes the error, and hands each rule to its runner (./runner.ts), chosen when the grammar
 * is read: ./regularRunner.ts for a rule that does not reach recursion, ./recursiveRunner.ts
 * for one that does. A grammar adds meaning through its hooks (./hooks.ts). A grammar made from
 * a function (`new RuleGrammar(() => …)`) is made on first use. Nothing here knows about URIs.
 */
import type P from 'parsimmon';
import { Automaton } from '../automata/automaton';
import { Driver } from './driver';
import { Trees } from '../trees/driverTrees';
import type { PackedDfa } from '../automata/tableDfa';
import { GrammarSyntaxError, type SyntaxErrorClass, withoutFrames } from '../errors';
import type { Expr, Rules } from '../expr';
import { FirstMatch } from '../trees/firstMatch';
import type { TreeSink } from '../tree';
import { provedRegexp } from '../automata/linearRegexp';
import type { Grammar, GrammarValidation, TreeOptions, ValidateOptions } from './types';
import { GivenPlans, ShippedPlans, treeNfa, type PlanSource, type TreePlan } from '../trees/plan';
import { treePlan } from '../build/treePlan';
import type { Node, TreeNode } from '../tree';
import { DEFAULT_MAX_NODES, FlatTree, visit, type TreeVisitor } from '../trees/flatTree';
import { NO_OPTIONS, own, readOptions, REVEAL_OPTIONS, TREE_OPTIONS, type OptionSpec } from '../options';
import { revealed } from '../secrets';
import { rulesReachingRecursion } from './cycles';
import type { RunLimits } from '../recursive/ends';
import { DEFAULT_MAX_NESTING } from '../limits';
import type { Accepted, RuleRunner, TreeAsk } from './runner';
import { RegularRunner } from './regularRunner';
import type { QuickFactory, QuickRuns } from './quickRuns';
import { RecursiveRunner } from './recursiveRunner';
import type { GrammarHooks } from './hooks';
import { analyses } from './analysisHook';
import { isCompiledFront } from './frontMark';
import type {
  ArbitraryOptions, CompareOptions, Comparison, Coverage, FastCheckLike, GenerateOptions, Generated,
  RuleArbitraries, ShadowEntry, ShadowOptions,
} from './analysisTypes';
import type { RuleOf } from './types';

export type { GrammarHooks };

/** The trees asked of a verdict with no node limit given: structural or lexical, in walk's own store or parseTree's shared one. */
const TREE_ASKS: readonly TreeAsk[] = [false, true].flatMap((lexical) => [false, true].map((shared) => Object.freeze({ lexical, maxNodes: undefined, shared })));

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
  /** Each rule's definition as written (or a function that gives them when first asked). */
  texts?: ReadonlyMap<string, string> | (() => ReadonlyMap<string, string>);
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
   * library's own (ShippedPlans, or a function that gives them on the first tree).
   */
  plans?: Readonly<Record<string, unknown>> | ShippedPlans | GivenPlans | (() => PlanSource);
  /**
   * The rules that reach recursion, as `source().recursive` gave them for the same expressions
   * (a build step's: not checked). Default: found from the expressions.
   */
  reachesRecursion?: readonly string[];
  /** The same as `reachesRecursion` (the name of the field in shipped data, ../build/compiled.ts). */
  recursive?: readonly string[];
  /**
   * Whether verdicts may run on RegExps derived from the rules (./driver.ts `regexps`): `true` for
   * RFC 3986, whose RegExps the tests hold to the automaton. Default: only those proved linear.
   */
  regexps?: true;
  /**
   * The verdicts of the regular rules made elsewhere, shared with the code that calls them
   * directly (RFC 3986's, src/uri/rules.ts: the URI functions below the grammar ask it for a
   * rule's tester). Default: made from the expressions and `tables`.
   */
  verdicts?: Driver<string>;
  /** What the grammar adds (./hooks.ts). */
  hooks?: GrammarHooks;
  /**
   * The backtracking search that answers the first verdicts and trees (./quickRuns.ts `quickRuns`),
   * for a grammar with nothing made ahead of time: what `compileAbnf` gives. Default: none (the
   * grammar's own machinery from the first call; the tests' reference for the search).
   */
  quick?: QuickFactory;
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
  /** The rules that reach recursion (they have no DFA): the field's name in shipped data. */
  readonly recursive: readonly string[];
}

/**
 * A rule's proved RegExp (../automata/linearRegexp.ts), read only when a rule runs hot: in the
 * CommonJS bundle the automata are a part of their own, which naming `provedRegexp` itself
 * would load with every grammar made (a precompiled grammar's first answers come from its tables).
 */
const proved = (grammar: Rules, rule: string): RegExp | undefined => provedRegexp(grammar, rule);

/** What a grammar is once read: its rules, their runners and what they share. */
class Read<R extends string> {
  readonly rules: readonly R[];
  readonly byLowerCase = new Map<string, R>();
  readonly exact: ReadonlySet<string>;
  readonly alternation: string;
  readonly lexicalRules: ReadonlySet<string>;
  readonly labelRules: ReadonlySet<string>;
  readonly errorClass: SyntaxErrorClass;
  /** Rules that reach recursion: run by ./recursiveRunner.ts (the others by ./regularRunner.ts). */
  readonly reachesRecursion: ReadonlySet<string>;
  readonly maxNesting: number;
  readonly workLimit?: number;
  readonly limits: RunLimits;
  /** The verdicts of the rules that do not reach recursion. */
  readonly driver: Driver<R>;
  /** The trees of the same rules. */
  readonly trees: Trees<R>;
  readonly runners = new Map<string, RuleRunner<R>>();
  readonly parsers = new Map<string, P.Parser<TreeNode<R>>>();
  private textsGiven: RuleGrammarOptions['texts'];
  private textsRead: ReadonlyMap<string, string> | undefined;

  constructor(readonly name: string | undefined, readonly exprs: Rules<R>, names: readonly R[], options: RuleGrammarOptions) {
    // Own properties only, each read once (a polluted Object.prototype must not reach a grammar).
    this.alternation = own(options, 'alternation') ?? '/';
    this.rules = Object.freeze([...names]);
    for (let k = 0; k < names.length; k++) this.byLowerCase.set(names[k].toLowerCase(), names[k]);
    this.exact = new Set(names);
    this.lexicalRules = new Set(own(options, 'lexicalRules') ?? []);
    this.labelRules = new Set(own(options, 'labelRules') ?? []);
    this.errorClass = own(options, 'errorClass') ?? GrammarSyntaxError;
    this.textsGiven = own(options, 'texts');
    const reaches = own(options, 'reachesRecursion') ?? own(options, 'recursive');
    this.reachesRecursion = reaches ? new Set(reaches) : rulesReachingRecursion(exprs);
    this.maxNesting = own(options, 'maxNesting') ?? DEFAULT_MAX_NESTING;
    this.workLimit = own(options, 'workLimit');
    const how = own(options, 'limitsHow');
    this.limits = { maxNesting: this.maxNesting, workLimit: this.workLimit, nestingHow: how?.nesting, workHow: how?.work };
    this.driver = (own(options, 'verdicts') as Driver<R> | undefined) ?? new Driver<R>(exprs, this.labelRules, this.errorClass, { tables: own(options, 'tables'), names, regexps: own(options, 'regexps') ?? proved });
    const plans = own(options, 'plans');
    const planSource = (): PlanSource | undefined =>
      plans === undefined ? undefined
        : typeof plans === 'function' ? plans()
          : plans instanceof ShippedPlans || plans instanceof GivenPlans ? plans : new GivenPlans(plans, name);
    // A given plan is checked now (a malformed one is a TypeError when first used, as before).
    const given = typeof plans === 'function' ? undefined : planSource();
    this.trees = new Trees<R>(exprs, new Set(names), this.lexicalRules, typeof plans === 'function' ? planSource : () => given);
    // A grammar from text: its first verdicts and trees by the backtracking search (./quickRuns.ts).
    const quick = own(options, 'quick');
    if (quick) this.quick = quick(exprs, (rule) => this.trees.nodeRules(rule as R, false));
  }

  /** The search that answers the first calls (./quickRuns.ts), for a grammar with nothing made ahead of time. */
  private readonly quick: QuickRuns | undefined;

  get texts(): ReadonlyMap<string, string> | undefined {
    if (typeof this.textsGiven === 'function') {
      this.textsRead = this.textsGiven();
      this.textsGiven = undefined;
    }
    return this.textsRead ?? (this.textsGiven as ReadonlyMap<string, string> | undefined);
  }

  /** The runner of `rule`, chosen by whether the rule reaches recursion. */
  runner(rule: R): RuleRunner<R> {
    // A loop over many inputs asks for one rule: its runner is kept at hand.
    if (rule === this.lastRule) return this.lastRunner!;
    let r = this.runners.get(rule);
    if (!r) {
      r = this.reachesRecursion.has(rule)
        ? new RecursiveRunner<R>(rule, this.exprs, this.limits, (lexical) => this.trees.nodeRules(rule, lexical), this.reachesRecursion)
        : new RegularRunner<R>(rule, this.exprs, this.driver, this.trees, this.labelRules, this.quick);
      this.runners.set(rule, r);
    }
    this.lastRule = rule;
    this.lastRunner = r;
    return r;
  }

  private lastRule: string | undefined;
  private lastRunner: RuleRunner<R> | undefined;
}

export class RuleGrammar<R extends string = string> implements Grammar<R> {
  /**
   * A precompiled module's front (./compiledFront.ts), which answers as the grammar class of its
   * data and makes it on the first call it does not answer itself, counts as one.
   */
  static [Symbol.hasInstance](x: unknown): boolean {
    return Function.prototype[Symbol.hasInstance].call(this, x) || (this === RuleGrammar && isCompiledFront(x));
  }

  readonly name?: string;
  private readonly hooks: GrammarHooks<R>;
  /** The names of the calls on input in their messages (with the hooks' prefix). */
  private readonly fns: { readonly isValid: string; readonly validate: string; readonly parseTree: string; readonly walk: string };
  private readonly validateOptions: OptionSpec;
  private readonly treeOptions: OptionSpec;
  private readonly rulesGiven?: readonly R[];
  private read_: Read<R> | undefined;
  private readonly load: (() => Read<R>) | undefined;

  /**
   * A grammar of the expressions `exprs` (rules `names`, in the order defined); or, with a
   * function in place of the expressions, the grammar it returns, made on first use (`names`,
   * when given, are the rules known before: `rules` then makes nothing). `options.hooks` and
   * `options.name` are this grammar's; the others are the made grammar's.
   */
  constructor(exprs: Rules<R> | (() => RuleGrammar<R>), names?: readonly R[], options: RuleGrammarOptions = {}) {
    this.name = own(options, 'name');
    this.hooks = (own(options, 'hooks') as GrammarHooks<R> | undefined) ?? {};
    const prefix = this.hooks.prefix ?? '';
    this.fns = { isValid: `${prefix}isValid`, validate: `${prefix}validate`, parseTree: `${prefix}parseTree`, walk: `${prefix}walk` };
    const extra = this.hooks.options;
    this.validateOptions = extra ? { ...extra, ...REVEAL_OPTIONS } : REVEAL_OPTIONS;
    this.treeOptions = extra ? { ...extra, ...TREE_OPTIONS } : TREE_OPTIONS;
    if (typeof exprs === 'function') {
      const make = exprs;
      this.load = () => make().g;
      if (names) this.rulesGiven = Object.freeze([...names]);
    } else {
      this.read_ = new Read<R>(this.name, exprs, names ?? (Object.keys(exprs) as R[]), options);
    }
  }

  /** The grammar read (made now, for one made from a function). */
  private get g(): Read<R> {
    return (this.read_ ??= this.load!());
  }

  get rules(): readonly R[] {
    return this.rulesGiven ?? this.g.rules;
  }

  get alternation(): string {
    return this.g.alternation;
  }

  /** Is `rule` one that reaches recursion (and so runs on ../recursive/ends.ts)? */
  reachesRecursion(rule: R): boolean {
    return this.g.reachesRecursion.has(rule);
  }

  /** The rule's spelling, or a TypeError naming the function. Rule names are case-insensitive. */
  ruleName(rule: unknown, fn: string): R {
    const g = this.g;
    // Spelled as the grammar spells it (the usual case), else in any case (RFC 5234 2.1).
    const r = typeof rule === 'string' ? (g.exact.has(rule) ? (rule as R) : g.byLowerCase.get(rule.toLowerCase())) : undefined;
    if (r === undefined) {
      const got = typeof rule === 'string' ? JSON.stringify(rule) : rule === null ? 'null' : typeof rule;
      throw new TypeError(`${fn}: argument "rule" must be a rule of the grammar${this.name ? ` ${this.name}` : ''} (${g.rules.slice(0, 8).join(', ')}${g.rules.length > 8 ? ', …' : ''}), got ${got}`);
    }
    return r;
  }

  /** The rule of a call on input: the default when omitted, in the grammar's words when not one (./hooks.ts). */
  private inputRule(rule: unknown, fn: string, withDefault = true): R {
    const g = this.g;
    if (typeof rule === 'string' && g.exact.has(rule)) return rule as R;
    if (rule === undefined && withDefault && this.hooks.defaultRule !== undefined) return this.hooks.defaultRule;
    if (this.hooks.badRule) {
      const r = typeof rule === 'string' ? g.byLowerCase.get(rule.toLowerCase()) : undefined;
      if (r === undefined) throw this.hooks.badRule(rule, fn);
      return r;
    }
    return this.ruleName(rule, fn);
  }

  private input(input: unknown, fn: string): asserts input is string {
    if (typeof input !== 'string') {
      const what = input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input;
      throw new TypeError(`${fn}: argument "input" must be a string, got ${what}`);
    }
  }

  automaton(rule: R): Automaton {
    return this.g.driver.automaton(rule);
  }

  /** The verdicts of the rules that do not reach recursion (for src/uri/ and the CLI's batches: tables, locators). */
  get driver(): Driver<R> {
    return this.g.driver;
  }

  /**
   * The tree plan (../trees/plan.ts) of `rule`'s builder after parsing `samples` (those the rule
   * accepts), with every cell of the rows they reach filled; when none is accepted, the rows
   * the table reaches from the rule's start, as far as PLAN_ROWS of them. What a build script
   * writes out for the `plans` option (and `toModule` into a module).
   */
  treePlan(rule: R, lexical: boolean, samples: Iterable<string>): TreePlan {
    const r = this.ruleName(rule, 'treePlan');
    const g = this.g;
    if (g.reachesRecursion.has(r)) throw new TypeError(`treePlan: ${r} reaches recursion: its trees do not come from a plan`);
    const nfa = treeNfa(g.exprs, r, g.trees.nodeRules(r, lexical));
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
    const g = this.g;
    return {
      exprs: g.exprs, names: g.rules, name: this.name, texts: g.texts,
      lexicalRules: [...g.lexicalRules], labelRules: [...g.labelRules],
      alternation: g.alternation, maxNesting: g.maxNesting, recursive: [...g.reachesRecursion],
      ...(g.workLimit !== undefined ? { workLimit: g.workLimit } : {}),
    };
  }

  /** The hook's options of a call, read (undefined without hook options). */
  private extra(fn: string, options: unknown): Readonly<Record<string, unknown>> | undefined {
    return this.hooks.options ? readOptions(fn, options, this.hooks.options) : undefined;
  }

  isValid(input: string, rule: R, options?: object): boolean {
    // A loop over many inputs asks for one rule: its tester, with the checks done, is kept.
    // (Never before a first call: an omitted rule is `undefined`, as lastRule is then.) The rest
    // is a method of its own, so that this one is small enough for V8 to inline into a caller.
    if (rule === this.lastRule && this.lastTester !== undefined && options === undefined && typeof input === 'string') return this.lastTester(input);
    return this.isValidFirst(input, rule, options);
  }

  /** `isValid` of a rule other than the last one's, or with options: the checks, then the tester kept. */
  private isValidFirst(input: string, rule: R, options?: object): boolean {
    const fn = this.fns.isValid;
    this.input(input, fn);
    const r = this.inputRule(rule, fn);
    const x = this.extra(fn, options);
    const t = this.hooks.tester?.(r, x) ?? this.g.runner(r).tester();
    if (options === undefined || !this.hooks.options) {
      this.lastTester = t;
      this.lastRule = rule;
    }
    return t(input);
  }

  /** isValid's fast path: the rule (as the caller spelled it) of the last call and its tester. */
  private lastRule: unknown;
  private lastTester: ((input: string) => boolean) | undefined;

  /** The error of an input's verdict, the hook's last word on it included; undefined when the input is one. */
  private failure(input: string, r: R, v: Accepted, x: Readonly<Record<string, unknown>> | undefined, fn: string): GrammarSyntaxError | undefined {
    const e = this.hooks.check?.(input, r, v, x, fn);
    if (e !== undefined || v.ok) return e;
    return new this.g.errorClass(input, r, v.index, v.expected);
  }

  validate(input: string, rule: R, options?: ValidateOptions): GrammarValidation {
    const fn = this.fns.validate;
    this.input(input, fn);
    const r = this.inputRule(rule, fn);
    const o = readOptions(fn, options, this.validateOptions) as ValidateOptions & Record<string, unknown>;
    const v = this.g.runner(r).verdict(input);
    if (v.ok && !this.hooks.check) return { ok: true };
    // Handed back, not thrown: no call-site frames (see withoutFrames).
    const error = revealed(o.revealPasswords, () => {
      const e = withoutFrames(() => this.failure(input, r, v, this.hooks.options ? o : undefined, fn));
      return e && this.hooks.decorate ? this.hooks.decorate(e) : e;
    });
    return error ? { ok: false, error } : { ok: true };
  }

  /**
   * The verdict before a tree, with its run (the tree itself, where the runner builds it as it
   * decides: `shared` for parseTree's store, else walk's own); the error thrown when the input
   * is not one. With a `check` hook, the verdict alone first: the hook's error comes before any
   * tree is built.
   */
  private accepted(runner: RuleRunner<R>, input: string, r: R, o: TreeOptions & Record<string, unknown>, fn: string, shared?: boolean): Accepted {
    // A tree asked for is the verdict too (the first-match builder parses only what the rule
    // matches), a grammar's `check` hook then has its word on the input the tree was made of.
    const tree = shared === undefined ? undefined
      : o.maxNodes === undefined ? TREE_ASKS[(o.lexical === true ? 2 : 0) + (shared ? 1 : 0)]
        : { lexical: o.lexical === true, maxNodes: o.maxNodes, shared };
    const accepted = runner.accept(input, tree);
    const e = !accepted.ok || this.hooks.check ? this.failure(input, r, accepted, this.hooks.options ? o : undefined, fn) : undefined;
    if (e) throw e;
    return accepted;
  }

  /** Sends the first-match tree of the whole input to `sink` (for compact tree storage). */
  treeTo(input: string, rule: R, sink: TreeSink, options?: TreeOptions): void {
    const fn = this.fns.parseTree;
    this.input(input, fn);
    const r = this.inputRule(rule, fn);
    // Own properties only, known keys, right types (src/engine/options.ts).
    const o = readOptions(fn, options, this.treeOptions) as TreeOptions & Record<string, unknown>;
    if (o.revealPasswords === true) return revealed(true, () => this.treeTo(input, r, sink, { ...o, revealPasswords: false }));
    const runner = this.g.runner(r);
    runner.tree(input, this.accepted(runner, input, r, o, fn), o.lexical === true, sink);
  }

  /**
   * The tree, through the compact store (../trees/flatTree.ts): fresh plain objects up to 65,536
   * nodes, views above; a TreeLimitError (RangeError) past `maxNodes` (default 2^26).
   */
  parseTree(input: string, rule: R, options?: TreeOptions): TreeNode<R> {
    const fn = this.fns.parseTree;
    // A loop over many inputs asks for one rule with no options: its runner is kept (as isValid keeps its tester).
    const last = this.lastTreeRunner;
    if (rule === this.lastTreeRule && last !== undefined && options === undefined && typeof input === 'string') {
      return last.node(input, this.accepted(last, input, last.rule, NO_OPTIONS, fn, true), false, undefined);
    }
    this.input(input, fn);
    const r = this.inputRule(rule, fn);
    const o = readOptions(fn, options, this.treeOptions) as TreeOptions & Record<string, unknown>;
    if (o.revealPasswords === true) return revealed(true, () => this.parseTree(input, r, { ...o, revealPasswords: false }));
    const runner = this.g.runner(r);
    if (options === undefined) {
      this.lastTreeRunner = runner;
      this.lastTreeRule = rule;
    }
    return runner.node(input, this.accepted(runner, input, r, o, fn, true), o.lexical === true, o.maxNodes);
  }

  /** parseTree's fast path: the rule (as the caller spelled it) of the last call with no options, and its runner. */
  private lastTreeRule: unknown;
  private lastTreeRunner: RuleRunner<R> | undefined;

  walk(input: string, rule: R, visitor: TreeVisitor<R>, options?: TreeOptions): void {
    const fn = this.fns.walk;
    this.input(input, fn);
    const r = this.inputRule(rule, fn, false);
    if (visitor === undefined) throw new TypeError(`${fn}: argument "visitor" must be an object, got undefined`);
    // Own properties, read once; the methods are then called as plain functions (no `this`).
    const v = readOptions(fn, visitor, VISITOR, { argument: 'visitor', field: 'visitor method' }) as TreeVisitor<string>;
    const o = readOptions(fn, options, this.treeOptions) as TreeOptions & Record<string, unknown>;
    // A store of its own (not the shared one): a visitor may call the grammar again.
    const t = revealed(o.revealPasswords, () => {
      const runner = this.g.runner(r);
      return runner.flat(input, this.accepted(runner, input, r, o, fn, false), o.lexical === true, o.maxNodes);
    });
    visit(t, 0, v);
  }

  parser(rule: R): P.Parser<TreeNode<R>> {
    const r = this.ruleName(rule, 'parser');
    const g = this.g;
    let p = g.parsers.get(r);
    if (!p) g.parsers.set(r, (p = g.runner(r).parser()));
    return p;
  }

  ruleText(rule: R): string {
    const r = this.ruleName(rule, 'ruleText');
    return this.g.texts?.get(r) ?? '';
  }

  expr(rule: R): Expr {
    return this.g.exprs[this.ruleName(rule, 'expr')];
  }

  alternativeOf(rule: R, text: string): number {
    const r = this.ruleName(rule, 'alternativeOf');
    this.input(text, 'alternativeOf');
    const runner = this.g.runner(r);
    const v = runner.verdict(text);
    if (!v.ok) throw new this.g.errorClass(text, r, v.index, v.expected);
    return runner.alternativeOf(text);
  }

  // The analyses (./types.ts), answered by src/engine/analysis/ through ./analysisHook.ts: this
  // module does not import them (the main bundle carries these lines only). They check the
  // arguments: a TypeError names the method.

  generate(rule: R, options?: GenerateOptions): Generated {
    return analyses('generate').generate(this, rule, options);
  }

  shadows(rule?: R, options?: ShadowOptions): ShadowEntry[] {
    return analyses('shadows').shadows(this, rule, options);
  }

  compare(rule: R, other: R | RuleOf, options?: CompareOptions): Comparison;
  compare(rule: R, grammarB: Grammar, ruleB: string, options?: CompareOptions): Comparison;
  compare(rule: R, other: R | RuleOf | Grammar, third?: CompareOptions | string, options?: CompareOptions): Comparison {
    return analyses('compare').compare(this, rule, other, third, options);
  }

  coverage(rule: R, inputs: Iterable<string>): Coverage {
    return analyses('coverage').coverage(this, rule, inputs);
  }

  arbitrary(rule: R, fc?: FastCheckLike, options?: ArbitraryOptions): RuleArbitraries {
    return analyses('arbitrary').arbitrary(this, rule, fc, options);
  }
}

export type { Node };
