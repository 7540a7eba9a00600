/**
 * The CommonJS face of `uri-grammar/ajv`: `require('uri-grammar/ajv')` is the plugin function
 * itself, as with ajv-formats (`require('uri-grammar/ajv')(ajv)`), with `.default` and
 * `.uriGrammarAjv` for TypeScript and bundlers, and the plugin's types (`import type {
 * UriGrammarAjvOptions } from 'uri-grammar/ajv'` in a CommonJS file: a namespace merged with the
 * function). CommonJS build only (tsconfig.esm.json leaves it out; the ES module build's entry
 * is src/ajv.ts with its default export).
 */
import plugin, * as ajv from './ajv';

function uriGrammarAjv<A extends ajv.AjvInstance>(instance: A, options?: ajv.UriGrammarAjvOptions): A {
  return plugin(instance, options);
}

// eslint-disable-next-line @typescript-eslint/no-namespace
namespace uriGrammarAjv {
  export type AjvInstance = ajv.AjvInstance;
  export type FuncKeywordDefinitionLike = ajv.FuncKeywordDefinitionLike;
  export type UriGrammarAjvOptions = ajv.UriGrammarAjvOptions;
  export type UriPolicyErrorParams = ajv.UriPolicyErrorParams;
}

uriGrammarAjv.default = uriGrammarAjv;
uriGrammarAjv.uriGrammarAjv = uriGrammarAjv;

export = uriGrammarAjv;
