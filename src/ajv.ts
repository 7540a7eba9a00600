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
 * imported here (the plugin calls methods of the instance it is given). The declarations a
 * program reads name none of them: the instance is typed by the two methods the plugin calls
 * (`AjvInstance`), so they compile under every module resolution (ajv's default export is a
 * namespace to `nodenext` and `node16` ES modules) and without ajv's types at all.
 */
import type { ErrorObject, FuncKeywordDefinition } from 'ajv';
import type { DataValidateFunction } from 'ajv/dist/types';
// Through the package's entry, not its modules: the CommonJS bundle of this entry
// (scripts/bundle.js) then requires the main bundle instead of carrying a second copy, so
// both share one UriPolicyError class and one set of caches.
import { isValid, createValidator, policyPresets, UriPolicyError, rfc3987, POLICY_OPTION_SCHEMAS, type PolicyOptions } from './index';

/** What the plugin calls on an Ajv instance (any Ajv 8 instance is one). */
export interface AjvInstance {
  addFormat(name: string, format: { type: 'string'; validate: (s: string) => boolean }): unknown;
  addKeyword(definition: FuncKeywordDefinitionLike): unknown;
}

/** The keyword definition the plugin gives `addKeyword` (ajv's FuncKeywordDefinition). */
export interface FuncKeywordDefinitionLike {
  readonly keyword: string;
}

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

/**
 * The keyword's value: a preset name, or policy options, made from the one list of them
 * (src/uri/policy.ts POLICY_OPTION_SCHEMAS). if/then/else rather than anyOf, and any other key
 * refused by a schema of its own, so that ajv's message names the key it refuses
 * (`data/hostSyntax must be equal to one of the allowed values`, `data/bogus is not a policy option`).
 * The options are then read as createValidator reads them, whose TypeError names the option too.
 */
const POLICY_SCHEMA = {
  type: ['string', 'object'],
  if: { type: 'string' },
  then: { enum: Object.keys(policyPresets) },
  else: {
    properties: JSON.parse(JSON.stringify(POLICY_OPTION_SCHEMAS)) as Record<string, unknown>,
    additionalProperties: { not: true, description: 'not a policy option' },
  },
};

/** The policy keyword: compiles the policy once per schema; errors carry component and offset. */
function policyKeyword(keyword: string): FuncKeywordDefinition {
  return {
    keyword,
    type: 'string',
    // Before `format` (which an ajv without allErrors would report first, and alone): a string
    // that is no URI gets the policy's error, with its offset, hint and suggestion, not only
    // `must match format "uri"`.
    before: 'format',
    schemaType: ['string', 'object'],
    metaSchema: POLICY_SCHEMA,
    errors: true,
    compile(schema: string | PolicyOptions) {
      const options = typeof schema === 'string' ? policyPresets[schema as keyof typeof policyPresets] : schema;
      let check: ReturnType<typeof createValidator>;
      try {
        check = createValidator(options);
      } catch (e) {
        // What the schema cannot say (a scheme name, a port range's order, options that
        // contradict each other): the option named, as the keyword's.
        if (e instanceof TypeError) throw new TypeError(e.message.replace(/^createValidator:/, `keyword "${keyword}":`));
        throw e;
      }
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
function uriGrammarAjv<A extends AjvInstance>(ajv: A, options: UriGrammarAjvOptions = {}): A {
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
  if (keyword !== false) ajv.addKeyword(policyKeyword(keyword ?? 'uriPolicy') as FuncKeywordDefinition & FuncKeywordDefinitionLike);
  return ajv;
}

export default uriGrammarAjv;
export { uriGrammarAjv };
