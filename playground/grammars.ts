/**
 * The grammars the page offers, their examples, and what the page can say beyond the tree
 * for the URI grammar (components and normalized form). The grammars are the registry's
 * (GRAMMAR_VIEWS, src/teaching/grammarView.ts) and their examples the catalog's
 * (src/builtins/catalog.ts): a shipped grammar joins with its catalog entry.
 */
import { GRAMMAR_VIEWS, type GrammarView } from '../src/teaching/grammarView';
import { CATALOG, type CatalogExample } from '../src/builtins/catalog';
import { COMPONENT_RULES, type ComponentRule } from '../src/uri/components';
import * as api from '../src/index';

export const GRAMMARS: ReadonlyMap<string, GrammarView> = GRAMMAR_VIEWS;

/** An example button: the input, its rule, and what it shows (the button's tooltip). */
export type Example = CatalogExample;

/** The examples of each shipped grammar that has some, as its catalog entry gives them. */
export const EXAMPLES: ReadonlyMap<string, readonly Example[]> = new Map(
  CATALOG.filter((e) => e.examples.length > 0).map((e): [string, readonly Example[]] => [e.name, e.examples]),
);

const NAMES: ReadonlyArray<[string, keyof api.UriComponents]> = [
  ['scheme', 'scheme'], ['authority', 'authority'], ['userinfo', 'userinfo'], ['host', 'host'],
  ['host kind', 'hostKind'], ['port', 'port'], ['path', 'path'], ['query', 'query'], ['fragment', 'fragment'],
];

/**
 * The components table for the page: rows of [name, value] (undefined: absent), a sentence
 * saying why there is none, or undefined when the grammar has no components.
 */
export function componentsOf(grammar: string, rule: string, input: string, valid: boolean): Array<[string, string | undefined]> | string | undefined {
  if (grammar !== 'rfc3986') return undefined;
  if (!(COMPONENT_RULES as readonly string[]).includes(rule)) return `Components are read for ${COMPONENT_RULES.join(', ')}.`;
  if (!valid) return 'Components are read from a valid input.';
  const c = api.parse(input, rule as ComponentRule);
  const rows: Array<[string, string | undefined]> = NAMES.map(([label, key]) => [label, c[key]]);
  rows.push(['normalized', api.isValid(input, 'URI') ? api.normalize(input) : undefined]);
  return rows;
}

/** Does the engine load ABNF text? */
export function canCompileAbnf(): boolean {
  return typeof api.compileAbnf === 'function';
}

/** A grammar from pasted ABNF text (an AbnfSyntaxError, with line and column, when it is not ABNF). */
export function customGrammar(text: string): GrammarView {
  return api.compileAbnf(text, { name: 'custom' });
}
