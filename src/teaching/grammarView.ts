/**
 * What the teaching tools (the playground, `explain`, `railroad`, the tree formats) read from a
 * grammar: a subset of the engine's `Grammar` interface (src/engine/grammar/types.ts), so that every
 * grammar the engine has (the registry's built-ins, or ABNF text through `compileAbnf`) plugs
 * in as it is.
 */
import type { Expr } from '../engine/expr';
import type { Node } from '../engine/tree';
import type { ValidationOf } from '../engine/grammar/types';
import { rfc3986Grammar } from '../builtins/rfc3986';

export interface SyntaxErrorView {
  readonly index: number;
  readonly expected: readonly string[];
  readonly message: string;
}

export interface GrammarView {
  readonly name?: string;
  /** What separates alternatives in the grammar's own notation (`/` when absent). */
  readonly alternation?: string;
  readonly rules: readonly string[];
  validate(input: string, rule: string): ValidationOf<SyntaxErrorView>;
  parseTree(input: string, rule: string, options?: { lexical?: boolean }): Node;
  /** The rule's definition as written (`name = …`, comments and all). */
  ruleText(rule: string): string;
  /** The rule's expression, for diagrams and for naming its alternatives. */
  expr(rule: string): Expr;
  /**
   * The index of the top-level alternative of `rule` the first-match parse of `text` takes; -1
   * when the rule is not a choice. Throws when `text` does not match `rule`.
   */
  alternativeOf(rule: string, text: string): number;
}

/** The alternatives of a rule's expression: the items of a top-level choice, else itself. */
export function alternatives(e: Expr): readonly Expr[] {
  return e.t === 'alt' ? e.items : [e];
}

/**
 * The built-in RFC 3986 grammar. This module imports no other grammar, nor the registry (a grammar
 * by name is `grammarByName`'s): the playground's first view imports it, and loads the other
 * grammars only when one is chosen (issue 38).
 */
export const rfc3986View: GrammarView = rfc3986Grammar;

