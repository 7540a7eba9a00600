/**
 * The CommonJS face of `uri-grammar/ajv`: `require('uri-grammar/ajv')` is the plugin function
 * itself, as with ajv-formats (`require('uri-grammar/ajv')(ajv)`), with `.default` and
 * `.uriGrammarAjv` for TypeScript and bundlers. CommonJS build only (tsconfig.esm.json leaves it
 * out; the ES module build's entry is src/ajv.ts with its default export).
 */
import uriGrammarAjv from './ajv';

export = Object.assign(uriGrammarAjv, { default: uriGrammarAjv, uriGrammarAjv });
