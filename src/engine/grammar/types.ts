/**
 * The `Grammar` interface: what every grammar offers, whether built in (RFC 3986's module)
 * or loaded from ABNF text with `compileAbnf`. Nothing here knows about URIs.
 */
import type P from 'parsimmon';
import type { GrammarSyntaxError } from '../errors';
import type { Expr } from '../expr';
import type { TreeNode } from '../tree';
import type { TreeVisitor } from '../trees/flatTree';
import type {
  ArbitraryOptions, CompareOptions, Comparison, Coverage, FastCheckLike, GenerateOptions, Generated,
  RuleArbitraries, ShadowEntry, ShadowOptions,
} from './analysisTypes';

/** A rule of a grammar, for `compare`: `{ grammar: rfc2396, rule: 'URI-reference' }`. */
export interface RuleOf {
  readonly grammar: Grammar;
  readonly rule: string;
}

export interface TreeOptions {
  /** Show character-level rules too (for RFC 3986: pchar, unreserved, pct-encoded, h16, dec-octet, …). */
  lexical?: boolean;
  /**
   * The most nodes a tree may have (default 2^26, about 940 MB of typed arrays at 14 bytes a
   * node); a larger tree is a RangeError (`TreeLimitError`) before its arrays grow past it.
   */
  maxNodes?: number;
  /**
   * `true`: a syntax error shows a password in the input as written. Default false: every error
   * shows it as "*"s, in every reading of the text (src/engine/secrets.ts, docs/hardening.md).
   */
  revealPasswords?: boolean;
}

/** The options of `validate`: whether its error may show a password as written (see `TreeOptions`). */
export interface ValidateOptions {
  revealPasswords?: boolean;
}

/**
 * What every `validate` returns, for every grammar: `{ ok: true }`, or `{ ok: false, error }` with
 * the grammar's error class (`GrammarSyntaxError` or a subclass such as `UriSyntaxError`). A
 * policy's result adds the components to the first (`PolicyResult`).
 */
export type ValidationOf<E = GrammarSyntaxError> = { ok: true } | { ok: false; error: E };

export type GrammarValidation = ValidationOf<GrammarSyntaxError>;

export interface Grammar<R extends string = string> {
  /** The registry name (`rfc3986`, …), when the grammar has one. */
  readonly name?: string;
  /** What separates alternatives in the grammar's notation (`/` in ABNF, `|` in RFC 2396's), for showing its rules. */
  readonly alternation?: string;
  /** The rule names, spelled as their definitions spell them, in the order defined. */
  readonly rules: readonly R[];
  /** Does the whole input match `rule`? */
  isValid(input: string, rule: R): boolean;
  /** `{ ok: true }`, or the syntax error (exact offset, `expected` in ABNF words). */
  validate(input: string, rule: R, options?: ValidateOptions): GrammarValidation;
  /** The first-match-wins tree of the whole input as `rule`; a `GrammarSyntaxError` if it does not match. */
  parseTree(input: string, rule: R, options?: TreeOptions): TreeNode<R>;
  /**
   * The same tree as enter and leave events, in document order, with no node objects made (the
   * compact store of ../trees/flatTree.ts); a `GrammarSyntaxError` before any event if it does not match.
   */
  walk(input: string, rule: R, visitor: TreeVisitor<R>, options?: TreeOptions): void;
  /**
   * A parsimmon parser of `rule`: consumes the longest prefix of the remaining input that
   * matches the rule, and yields that prefix's tree (spans are offsets into the whole input).
   */
  parser(rule: R): P.Parser<TreeNode<R>>;
  /** The rule's definition as written (all its `=` and `=/` lines). */
  ruleText(rule: R): string;
  /** The rule's expression (for diagrams). */
  expr(rule: R): Expr;
  /**
   * The index of the top-level alternative of `rule` that the first-match parse of `text` as
   * `rule` takes (the first alternative whose language contains `text`); -1 when the rule's
   * body is not an alternation. A `GrammarSyntaxError` when `text` does not match `rule`.
   */
  alternativeOf(rule: R, text: string): number;

  // The analyses (docs/analysis.md): the same as the free functions of src/engine/analysis/ with
  // this grammar first. Regular rules are answered exactly from the automata; rules that reach
  // recursion by bounded searches, labelled as such.

  /**
   * Strings of `rule`, each checked by the engine: `{ cover: true }` a set whose first-match
   * trees take every alternative, repetition count and range end of the rules it reaches, with
   * near-misses; else `count` random ones, the same for the same `seed`.
   */
  generate(rule: R, options?: GenerateOptions): Generated;
  /** Alternatives first match never takes, and overlapping ones, each with a shortest witness and the reason (all rules when `rule` is omitted). */
  shadows(rule?: R, options?: ShadowOptions): ShadowEntry[];
  /**
   * How `rule`'s language relates to `other`'s: a rule of this grammar (its name), or of another
   * (`{ grammar, rule }`); the shortest string in each and not the other, or a proof of none.
   */
  compare(rule: R, other: R | RuleOf, options?: CompareOptions): Comparison;
  /** The same, with the other grammar and its rule as two arguments (as `analyze(grammar).compare` takes them). */
  compare(rule: R, grammarB: Grammar, ruleB: string, options?: CompareOptions): Comparison;
  /** Which alternatives, repetition counts and characters the inputs' first-match trees take. */
  coverage(rule: R, inputs: Iterable<string>): Coverage;
  /**
   * fast-check arbitraries of `rule`'s strings and near-misses. `fc`: the fast-check module the
   * test uses; omitted, fast-check is required (an optional peer dependency; CommonJS only).
   */
  arbitrary(rule: R, fc?: FastCheckLike, options?: ArbitraryOptions): RuleArbitraries;
}
