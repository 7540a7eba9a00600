/**
 * uri-grammar: RFC 3986 as named parser combinators, with exact validation, typed parse
 * trees, precise errors, components, resolution and normalization.
 */
export { RULE_NAMES, CHILD_RULES, type RuleName, type ChildRule, type UriNode } from './uri/rules';
export { isValid, validate, parseTree, type ValidationResult } from './uri/validate';
export { UriSyntaxError } from './uri/errors';
export { GrammarSyntaxError, AbnfSyntaxError, type AbnfProblem } from './engine/errors';
export { compileAbnf, CORE_RULES, type CompileOptions } from './engine/text/abnf';
export type { Grammar, GrammarValidation, ValidationOf } from './engine/grammar/types';
export type { Expr } from './engine/expr';
export type { TreeSink } from './engine/tree';
export { RuleGrammar } from './engine/grammar/grammar';
export type { GrammarHooks } from './engine/grammar/hooks';
export { fromCompiled, COMPILED_FORMAT, COMPILED_VERSION, COMPILED_KEY, type CompiledGrammar, type EncodedExpr } from './engine/grammar/fromCompiled';
export { toModule, toTypes, type ModuleOptions } from './engine/build/compiled';
export { registerNotation, ABNF, type Notation, type NotationReader } from './engine/text/notation';
export { grammarByName, GRAMMAR_NAMES } from './builtins/registry';
export { rfc3986Grammar as rfc3986, type Rfc3986Children } from './builtins/rfc3986';
export { rfc2396, RFC2396_LEXICAL_RULES, type Rfc2396Grammar, type Rfc2396Children, type Rfc2396Rule, type Rfc2396Components, type Rfc2396HostKind, type Rfc2396PathRule } from './builtins/rfc2396';
export { RFC2396_NOTATION } from './engine/text/notationRfc2396';
export { rfc2732, type Rfc2732Rule, type Rfc2732Children } from './builtins/rfc2732';
export { json, rfc5322, abnf, type JsonRule, type JsonChildren, type Rfc5322Rule, type Rfc5322Children, type AbnfRule, type AbnfChildren } from './builtins/recursive';
export type { Node, TreeNode, ChildMap, TreeNodeOf } from './engine/tree';
export type { TypedGrammar } from './engine/grammar/typedTrees';
export type { TreeOptions } from './engine/grammar/types';
export { parse, type UriComponents, type HostKind, type ComponentRule } from './uri/components';
export { recompose, type ComponentsInput } from './uri/recompose';
export { resolve, type ResolveOptions } from './uri/resolve';
export { removeDotSegments } from './uri/removeDotSegments';
export { normalize, equivalent, DEFAULT_PORTS, type NormalizeOptions } from './uri/normalize';
export { percentEncode, percentDecode, type EncodeComponent, type DecodeOptions } from './uri/percent';
export { redact } from './uri/redact';
export { toUri, toIri, hostToAscii, hostToUnicode, IdnaError, rfc3987, RFC3987_RULES, IRI_COMPONENT_RULES, type ToUriOptions, type ToIriOptions, type Rfc3987Rule, type Rfc3987Children, type IriComponentRule, type IriCheckOptions, type IriValidationResult } from './iri';
export { rfc6874, type Rfc6874Rule, type Rfc6874Children, type ZonedUriComponents } from './builtins/rfc6874';
export {
  createValidator, UriPolicyError, policyPresets, POLICY_OPTIONS, POLICY_OPTION_SCHEMAS,
  type PolicyOptions, type PolicyResult, type PolicyComponent,
} from './uri/policy';
export { walk, type TreeVisitor } from './uri/walk';
export { TreeLimitError } from './engine/trees/flatTree';
export { NestingLimitError, WorkLimitError, DEFAULT_MAX_NESTING, DEFAULT_WORK_LIMIT } from './engine/recursive/ends';
export {
  analyze, generate, shadows, compare, coverage, arbitrary,
  type GrammarAnalysis, type GenerateOptions, type Generated, type NearMiss, type Uncovered, type Target,
  type ShadowEntry, type ShadowOptions, type CompareOptions, type Comparison, type Relation,
  type Coverage, type AlternativeCount, type ArbitraryOptions, type FastCheckLike, type RuleArbitraries,
} from './engine/analysis';
