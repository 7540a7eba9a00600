/**
 * uri-grammar: RFC 3986 as named parser combinators, with exact validation, typed parse
 * trees, precise errors, components, resolution and normalization.
 */
export { RULE_NAMES, CHILD_RULES, type RuleName, type ChildRule, type UriNode } from './grammar';
export { isValid, validate, parseTree, type ValidationResult } from './validate';
export { UriSyntaxError } from './errors';
export { GrammarSyntaxError, AbnfSyntaxError, type AbnfProblem } from './engine/errors';
export { compileAbnf, CORE_RULES, type CompileOptions } from './engine/abnf';
export type { Grammar, GrammarValidation } from './engine/grammar';
export type { Expr } from './engine/expr';
export type { TreeSink } from './engine/firstMatch';
export { RuleGrammar } from './engine/ruleGrammar';
export { registerNotation, ABNF, type Notation, type NotationReader } from './engine/notation';
export { grammarByName, GRAMMAR_NAMES } from './grammars';
export { rfc3986Grammar as rfc3986 } from './rfc3986Grammar';
export { rfc2396, RFC2396_LEXICAL_RULES, type Rfc2396Grammar, type Rfc2396Rule, type Rfc2396Components, type Rfc2396HostKind, type Rfc2396PathRule } from './rfc2396';
export { RFC2396_NOTATION } from './engine/notation-rfc2396';
export { rfc2732, type Rfc2732Rule } from './rfc2396-rfc2732';
export type { Node, TreeNode } from './engine/tree';
export type { TreeOptions } from './engine/grammar';
export { parse, type UriComponents, type HostKind, type ComponentRule } from './components';
export { recompose, type ComponentsInput } from './recompose';
export { resolve, type ResolveOptions } from './resolve';
export { removeDotSegments } from './removeDotSegments';
export { normalize, equivalent, DEFAULT_PORTS, type NormalizeOptions } from './normalize';
export { percentEncode, percentDecode, type EncodeComponent, type DecodeOptions } from './percent';
export { redact } from './redact';
export { toUri, toIri, hostToAscii, hostToUnicode, IdnaError, rfc3987, RFC3987_RULES, IRI_COMPONENT_RULES, type ToUriOptions, type ToIriOptions, type Rfc3987Rule, type IriComponentRule, type IriCheckOptions, type IriValidationResult, rfc6874, type ZonedUriComponents } from './iri';
export {
  createValidator, UriPolicyError, policyPresets,
  type PolicyOptions, type PolicyResult, type PolicyComponent,
} from './policy';
export { walk, type TreeVisitor } from './walk';
export { TreeLimitError } from './engine/compactTree';
