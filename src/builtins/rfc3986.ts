/**
 * RFC 3986 as a `Grammar`: the verdict, error and tree come from the built-in module's fast
 * paths (the driver), and the parsimmon parsers, rule texts, expressions and alternatives
 * from grammar/rfc3986.abnf compiled by the engine (loaded on first use). The tests check that
 * the two give the same verdicts, errors and trees for every rule.
 */
import type P from 'parsimmon';
import { compileAbnf } from '../engine/text/abnf';
import type { Expr } from '../engine/expr';
import type { Grammar, GrammarValidation, TreeOptions, ValidateOptions } from '../engine/grammar/types';
import type { RuleGrammar } from '../engine/grammar/ruleGrammar';
import type { TreeNode } from '../engine/tree';
import { RFC3986_ABNF } from '../generated/texts';
import { LABEL_RULES, LEXICAL_RULES, RULE_NAMES, type RuleName } from '../uri/driver';
import { isValid, parseTree, validate } from '../uri/validate';
import { walk } from '../uri/walk';
import type { TreeVisitor } from '../engine/trees/flatTree';

let fromText: RuleGrammar<RuleName> | undefined;

/** RFC 3986 Appendix A compiled from its text, with the module's rule metadata. */
export function rfc3986FromText(): RuleGrammar<RuleName> {
  fromText ??= compileAbnf(RFC3986_ABNF, {
    name: 'rfc3986',
    lexicalRules: [...LEXICAL_RULES],
    labelRules: [...LABEL_RULES],
  }) as RuleGrammar<RuleName>;
  return fromText;
}

export const rfc3986Grammar: Grammar<RuleName> = Object.freeze({
  name: 'rfc3986',
  rules: RULE_NAMES,
  isValid: (input: string, rule: RuleName) => isValid(input, rule),
  validate: (input: string, rule: RuleName, options?: ValidateOptions): GrammarValidation => validate(input, rule, options),
  parseTree: (input: string, rule: RuleName, options?: TreeOptions): TreeNode<RuleName> => parseTree(input, rule, options),
  walk: (input: string, rule: RuleName, visitor: TreeVisitor<RuleName>, options?: TreeOptions): void => walk(input, rule, visitor, options),
  parser: (rule: RuleName): P.Parser<TreeNode<RuleName>> => rfc3986FromText().parser(rule),
  ruleText: (rule: RuleName): string => rfc3986FromText().ruleText(rule),
  expr: (rule: RuleName): Expr => rfc3986FromText().expr(rule),
  alternativeOf: (rule: RuleName, text: string): number => rfc3986FromText().alternativeOf(rule, text),
});
