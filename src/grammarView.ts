/**
 * What the teaching tools (the playground, `explain`, `railroad`, the tree formats) read from a
 * grammar: a subset of the engine's `Grammar` interface, so that any grammar the engine loads
 * plugs in as it is. Until the engine exports `Grammar` objects, `rfc3986View` gives the
 * built-in RFC 3986 grammar this shape; `ruleText` and `alternativeOf` are then derived from
 * the grammar expressions (see abnfText.ts).
 */
import type { Expr, Grammar as ExprGrammar } from './engine/expr';
import type { Node } from './engine/tree';
import { regexpSource } from './engine/regexp';
import { exprText, ruleDefinition } from './abnfText';
import * as api from './index';
import { rfc3986, RULE_NAMES, type RuleName } from '../grammar/rfc3986';

export interface SyntaxErrorView {
  readonly index: number;
  readonly expected: readonly string[];
  readonly message: string;
}

export interface GrammarView {
  readonly name?: string;
  readonly rules: readonly string[];
  validate(input: string, rule: string): { ok: true } | { ok: false; error: SyntaxErrorView };
  parseTree(input: string, rule: string, options?: { lexical?: boolean }): Node;
  /** The rule's definition as written (`name = …`). */
  ruleText(rule: string): string;
  /** The rule's expression, for diagrams and for naming its alternatives. */
  expr(rule: string): Expr;
  /**
   * When the rule is a choice: the index (from 0) of the alternative that derives `text`, as
   * a first-match-wins parse of the rule over the whole of `text` takes it.
   */
  alternativeOf?(rule: string, text: string): number | undefined;
}

/** The alternatives of a rule's expression: the items of a top-level choice, else itself. */
export function alternatives(e: Expr): readonly Expr[] {
  return e.t === 'alt' ? e.items : [e];
}

/**
 * The first alternative of `rule` that matches the whole of `text`, from anchored RegExps
 * derived from the expressions (which keep the PEG guards as lookaheads). A node's text is
 * what its rule consumed, and the first-match-wins parse takes the first alternative that can
 * consume it, so this is the alternative the tree went through.
 */
export function firstMatchingAlternative(grammar: ExprGrammar, rule: string, text: string, cache: Map<string, RegExp[]>): number | undefined {
  const e = grammar[rule];
  if (!e || e.t !== 'alt') return undefined;
  let res = cache.get(rule);
  if (!res) cache.set(rule, (res = e.items.map((item) => new RegExp(`^(?:${regexpSource(grammar, item)})$`))));
  const k = res.findIndex((re) => re.test(text));
  return k < 0 ? undefined : k;
}

function isRule(rule: string): rule is RuleName {
  return (RULE_NAMES as readonly string[]).includes(rule);
}

function known(rule: string): RuleName {
  if (!isRule(rule)) throw new TypeError(`rfc3986: unknown rule ${JSON.stringify(rule)}`);
  return rule;
}

const altCache = new Map<string, RegExp[]>();

/** The built-in RFC 3986 grammar (Appendix A) as a GrammarView. */
export const rfc3986View: GrammarView = {
  name: 'rfc3986',
  rules: RULE_NAMES,
  validate: (input, rule) => api.validate(input, known(rule)),
  parseTree: (input, rule, options) => api.parseTree(input, known(rule), options ?? {}),
  ruleText: (rule) => ruleDefinition(known(rule), rfc3986[known(rule)]),
  expr: (rule) => rfc3986[known(rule)],
  alternativeOf: (rule, text) => firstMatchingAlternative(rfc3986, known(rule), text, altCache),
};

/** The grammars the teaching tools offer by name. Engine grammars join here, one line each. */
export const GRAMMAR_VIEWS: ReadonlyMap<string, GrammarView> = new Map<string, GrammarView>([
  ['rfc3986', rfc3986View],
]);

export function grammarView(name: string): GrammarView {
  const g = GRAMMAR_VIEWS.get(name);
  if (!g) throw new TypeError(`unknown grammar ${JSON.stringify(name)}; known: ${[...GRAMMAR_VIEWS.keys()].join(', ')}`);
  return g;
}

/** The text of alternative `k` of `rule` in ABNF. */
export function alternativeText(grammar: GrammarView, rule: string, k: number): string {
  return exprText(alternatives(grammar.expr(rule))[k]);
}
