/**
 * `uri-grammar/ajv`: JSON Schema formats `uri` and `uri-reference` with exactly RFC 3986's
 * meaning, and a keyword for policies, as an ajv plugin (used as ajv-formats is):
 *
 *   const Ajv = require('ajv');
 *   const ajv = require('uri-grammar/ajv')(new Ajv());     // or: import uriGrammar from 'uri-grammar/ajv'
 *   ajv.compile({ type: 'string', format: 'uri', uriPolicy: { schemes: ['https'], host: 'required' } });
 *
 * JSON Schema (draft 7 7.3.5, 2020-12 validation 7.3.5) defines `uri` as RFC 3986's `URI` and
 * `uri-reference` as its `URI-reference`. ajv-formats' own `uri` is a regex with known wrong
 * answers; apply this plugin after ajv-formats (`addFormats(ajv); uriGrammar(ajv)`) so that these
 * two formats are ours and the rest stay ajv-formats'. The plugin never touches
 * `ajv.opts.code.formats` (ajv-formats' standalone-code setup); standalone code generation is not
 * supported for these formats.
 *
 * ajv is an optional peer dependency: only this entry point needs it, and only its types are
 * imported here (the plugin calls methods of the instance it is given).
 */
import type { default as Ajv, ErrorObject, FuncKeywordDefinition } from 'ajv';
import type { DataValidateFunction } from 'ajv/dist/types';
// Through the package's entry, not its modules: the CommonJS bundle of this entry
// (scripts/bundle.js) then requires the main bundle instead of carrying a second copy, so
// both share one UriPolicyError class and one set of caches.
import { isValid, createValidator, policyPresets, UriPolicyError, rfc3987, type PolicyOptions, type ComponentRule } from './index';

/** The rules a policy's `rule` takes: `parse`'s (src/uri/components.ts COMPONENT_RULES; the type below fails if one is missing). */
const COMPONENT_RULES = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'] as const satisfies readonly ComponentRule[];
const allComponentRules: Exclude<ComponentRule, (typeof COMPONENT_RULES)[number]> extends never ? true : false = true;
void allComponentRules;

/** The formats the plugin defines (h11 added the RFC 3987 pair). */
type FormatName = 'uri' | 'uri-reference' | 'iri' | 'iri-reference';
const FORMAT_NAMES: readonly FormatName[] = ['uri', 'uri-reference', 'iri', 'iri-reference'];

export interface UriGrammarAjvOptions {
  /** Which formats to define (default both). `false`: none. */
  readonly formats?: false | ReadonlyArray<FormatName>;
  /** The policy keyword's name (default `uriPolicy`). `false`: no keyword. */
  readonly keyword?: string | false;
}

/** The `params` of an error of the policy keyword. */
export interface UriPolicyErrorParams {
  /** The component that breaks the policy, or `syntax` for text that is not a URI of the rule. */
  readonly component: string;
  /** The error's index (UTF-16 offset) in the string. */
  readonly offset: number;
  readonly rule: string;
  readonly hint?: string;
  readonly suggestion?: string;
}

const FORMATS = {
  // JSON Schema `uri`: RFC 3986 `URI` (an absolute URI, fragment allowed).
  uri: { type: 'string' as const, validate: (s: string) => isValid(s, 'URI') },
  // JSON Schema `uri-reference`: RFC 3986 `URI-reference` (a URI or a relative reference).
  'uri-reference': { type: 'string' as const, validate: (s: string) => isValid(s, 'URI-reference') },
  // JSON Schema `iri` / `iri-reference`: RFC 3987 `IRI` / `IRI-reference` (with its section 4.1:
  // no bidi formatting characters). Every `uri` is an `iri`.
  iri: { type: 'string' as const, validate: (s: string) => rfc3987.isValid(s, 'IRI') },
  'iri-reference': { type: 'string' as const, validate: (s: string) => rfc3987.isValid(s, 'IRI-reference') },
};

/** The keyword's value: a preset name, or policy options (checked by ajv in strict mode and by us). */
const POLICY_SCHEMA = {
  anyOf: [
    { type: 'string', enum: Object.keys(policyPresets) },
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        rule: { type: 'string', enum: [...COMPONENT_RULES] },
        schemes: { type: 'array', minItems: 1, items: { type: 'string' } },
        host: { type: 'string', enum: ['required', 'forbidden', 'optional'] },
        userinfo: { type: 'string', enum: ['allowed', 'forbidden', 'no-password'] },
        port: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0 } },
        query: { type: 'boolean' },
        fragment: { type: 'boolean' },
        relative: { type: 'boolean' },
      },
    },
  ],
};

/** The policy keyword: compiles the policy once per schema; errors carry component and offset. */
function policyKeyword(keyword: string): FuncKeywordDefinition {
  return {
    keyword,
    type: 'string',
    schemaType: ['string', 'object'],
    metaSchema: POLICY_SCHEMA,
    errors: true,
    compile(schema: string | PolicyOptions) {
      const options = typeof schema === 'string' ? policyPresets[schema as keyof typeof policyPresets] : schema;
      const check = createValidator(options);
      const validate: DataValidateFunction = (data: unknown) => {
        if (typeof data !== 'string') return true;
        const r = check(data);
        if (r.ok) {
          validate.errors = null as unknown as undefined;
          return true;
        }
        const e = r.error;
        const policy = e instanceof UriPolicyError;
        // The first line of the message names what failed and where (no input text, so no
        // password); then the hint.
        // The offset as createValidator's message writes it: `8-23` for a span.
        const headline = policy ? `${e.reason}: ${e.component} at offset ${e.index}${e.end > e.index ? `-${e.end}` : ''}` : e.message.split('\n', 1)[0];
        const params: UriPolicyErrorParams = {
          component: policy ? e.component : 'syntax',
          offset: e.index,
          rule: e.rule,
          ...(e.hint !== undefined ? { hint: e.hint } : {}),
          ...(e.suggestion !== undefined ? { suggestion: e.suggestion } : {}),
        };
        const err: Partial<ErrorObject> = {
          keyword,
          message: e.hint ? `${headline} (hint: ${e.hint})` : headline,
          params: params as unknown as Record<string, unknown>,
        };
        validate.errors = [err];
        return false;
      };
      return validate;
    },
  };
}

/** Adds the formats and the keyword to `ajv`; returns `ajv`. */
function uriGrammarAjv<A extends Ajv>(ajv: A, options: UriGrammarAjvOptions = {}): A {
  if (!ajv || typeof (ajv as { addFormat?: unknown }).addFormat !== 'function' || typeof (ajv as { addKeyword?: unknown }).addKeyword !== 'function') {
    throw new TypeError('uri-grammar/ajv: argument "ajv" must be an Ajv instance');
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new TypeError('uri-grammar/ajv: options must be a plain object');
  for (const k of Object.keys(options)) if (k !== 'formats' && k !== 'keyword') throw new TypeError(`uri-grammar/ajv: unknown option "${k}" (options: formats, keyword)`);
  const formats = Object.prototype.hasOwnProperty.call(options, 'formats') ? options.formats : undefined;
  const keyword = Object.prototype.hasOwnProperty.call(options, 'keyword') ? options.keyword : undefined;
  const names = formats === undefined ? FORMAT_NAMES : formats;
  if (names !== false && (!Array.isArray(names) || !names.every((n) => FORMAT_NAMES.includes(n)))) {
    throw new TypeError(`uri-grammar/ajv: option "formats" must be false or an array of ${FORMAT_NAMES.map((n) => `"${n}"`).join(', ')}`);
  }
  if (keyword !== undefined && keyword !== false && (typeof keyword !== 'string' || !/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(keyword))) {
    throw new TypeError('uri-grammar/ajv: option "keyword" must be false or a keyword name');
  }
  if (names) for (const n of names as ReadonlyArray<FormatName>) ajv.addFormat(n, FORMATS[n]);
  if (keyword !== false) ajv.addKeyword(policyKeyword(keyword ?? 'uriPolicy'));
  return ajv;
}

export default uriGrammarAjv;
export { uriGrammarAjv };
