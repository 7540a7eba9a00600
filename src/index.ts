/**
 * uri-grammar: RFC 3986 as named parser combinators, with exact validation, typed parse
 * trees, precise errors, components, resolution and normalization.
 */
export { RULE_NAMES, type RuleName } from './grammar';
export { isValid, validate, parseTree, type ValidationResult } from './validate';
export { UriSyntaxError } from './errors';
export type { Node, TreeNode } from './engine/tree';
export type { TreeOptions } from './engine/driver';
export { parse, type UriComponents, type HostKind } from './components';
export { recompose, type ComponentsInput } from './recompose';
export { resolve, type ResolveOptions } from './resolve';
export { removeDotSegments } from './removeDotSegments';
export { normalize, equivalent, DEFAULT_PORTS, type NormalizeOptions } from './normalize';
export { percentEncode, percentDecode, type EncodeComponent, type DecodeOptions } from './percent';
export { redact } from './redact';
export {
  createValidator, UriPolicyError, policyPresets,
  type PolicyOptions, type PolicyResult, type PolicyComponent,
} from './policy';
