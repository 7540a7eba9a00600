/**
 * The grammars the page offers, their examples, and what the page can say beyond the tree
 * for the URI grammar (components and normalized form). The names and examples are the catalog's
 * (src/builtins/catalog.ts, data only). RFC 3986 is in the first view; any other grammar, and
 * pasted ABNF, comes from the part playground/moreGrammars.ts, loaded when first asked for.
 */
import { CATALOG, type CatalogExample } from '../src/builtins/catalog';
import { rfc3986Grammar } from '../src/builtins/rfc3986';
import type { GrammarView } from '../src/teaching/grammarView';
import { COMPONENT_RULES, parse, type ComponentRule, type UriComponents } from '../src/uri/components';
import { isValid } from '../src/uri/validate';
import { normalize } from '../src/uri/normalize';

/** The names of the grammars in the picker, in the catalog's order (the registry's). */
export const GRAMMAR_NAMES: readonly string[] = CATALOG.map((e) => e.name);

/** The grammar of the first view. */
export const FIRST_GRAMMAR = 'rfc3986';

const made = new Map<string, GrammarView>([[FIRST_GRAMMAR, rfc3986Grammar]]);

/** The grammar `name` if the page has it now (the first view's, or one loaded before). */
export function grammarIfLoaded(name: string): GrammarView | undefined {
  return made.get(name);
}

type MoreGrammars = typeof import('./moreGrammars');

/** The part with the other grammars and the ABNF compiler (loaded once; a failed load may be retried). */
let more: Promise<MoreGrammars> | undefined;
let moreLoaded: MoreGrammars | undefined;
function moreGrammars(): Promise<MoreGrammars> {
  more ??= import('./moreGrammars').then((m) => (moreLoaded = m), (e: unknown) => {
    more = undefined;
    throw e;
  });
  return more;
}

/** The ABNF compiler if the page has loaded it (so that a link is shown at once, as it was read). */
export function compilerIfLoaded(): ((text: string) => GrammarView) | undefined {
  return moreLoaded?.abnfGrammar;
}

/** The shipped grammar `name`, loading its code and data when the page does not have them yet. */
export async function loadGrammar(name: string): Promise<GrammarView> {
  const had = made.get(name);
  if (had) return had;
  const g = await (await moreGrammars()).shippedGrammar(name);
  made.set(name, g);
  return g;
}

/**
 * The ABNF compiler, once loaded: a grammar from pasted ABNF text (it throws an AbnfSyntaxError,
 * with line and column, when the text is not ABNF).
 */
export async function loadCompiler(): Promise<(text: string) => GrammarView> {
  return (await moreGrammars()).abnfGrammar;
}

/** An example button: the input, its rule, and what it shows (the button's tooltip). */
export type Example = CatalogExample;

/** The examples of each shipped grammar that has some, as its catalog entry gives them. */
export const EXAMPLES: ReadonlyMap<string, readonly Example[]> = new Map(
  CATALOG.filter((e) => e.examples.length > 0).map((e): [string, readonly Example[]] => [e.name, e.examples]),
);

const NAMES: ReadonlyArray<[string, keyof UriComponents]> = [
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
  const c = parse(input, rule as ComponentRule);
  const rows: Array<[string, string | undefined]> = NAMES.map(([label, key]) => [label, c[key]]);
  rows.push(['normalized', isValid(input, 'URI') ? normalize(input) : undefined]);
  return rows;
}
