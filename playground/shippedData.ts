/**
 * The page's src/generated/load.ts (scripts/build-playground.js puts this module in its place,
 * as scripts/bundle.js puts load-cjs.ts in the CommonJS bundle's): the same exports, but the
 * compiled data of the grammars the first view does not show (RFC 2396, 2732, 3987, 6874:
 * about 350 kB of the 650 kB the page once was) are scripts of their own, loaded by
 * `loadShippedData` when such a grammar is chosen. RFC 3986's plans and the recursive grammars'
 * texts stay in the first view (they are small; the texts are read when such a grammar is chosen).
 *
 * Its exports must be load.ts's: esbuild stops the build on an import this module lacks.
 */
import type { CompiledGrammar } from '../src/engine/grammar/fromCompiled';
import type { PlanLoader, ShippedData } from '../src/generated/load';
import { RFC3986_PLANS } from '../src/generated/rfc3986Plans';
import { JSON_ABNF, RFC5322_ADDR_SPEC_ABNF, ABNF_ABNF } from '../src/generated/texts';

export type { PlanLoader, ShippedData };

/** A grammar's data as its generated module holds it: the compiled form and the plans, JSON texts. */
interface Texts {
  readonly compiled: string;
  readonly plans: Readonly<Record<string, string>>;
}

/** Each grammar's data script: a dynamic import, which the build makes a file of its own. */
const SCRIPTS: Readonly<Record<string, () => Promise<Texts>>> = {
  rfc2396: () => import('../src/generated/rfc2396Compiled').then((m) => ({ compiled: m.RFC2396_COMPILED, plans: m.RFC2396_PLANS })),
  rfc2732: () => import('../src/generated/rfc2732Compiled').then((m) => ({ compiled: m.RFC2732_COMPILED, plans: m.RFC2732_PLANS })),
  rfc3987: () => import('../src/generated/rfc3987Compiled').then((m) => ({ compiled: m.RFC3987_COMPILED, plans: m.RFC3987_PLANS })),
  rfc6874: () => import('../src/generated/rfc6874Compiled').then((m) => ({ compiled: m.RFC6874_COMPILED, plans: m.RFC6874_PLANS })),
};

const loaded = new Map<string, Texts>();

/** Loads the data of grammar `name` (its script) unless it is in the first view's or loaded. */
export async function loadShippedData(name: string): Promise<void> {
  const script = Object.prototype.hasOwnProperty.call(SCRIPTS, name) ? SCRIPTS[name] : undefined;
  if (script && !loaded.has(name)) loaded.set(name, await script());
}

function need(name: string): Texts {
  const t = loaded.get(name);
  if (!t) throw new Error(`the page has not loaded the data of ${name} (loadShippedData('${name}') first)`);
  return t;
}

/** Plans from their JSON texts by plan key (what the generated modules hold). */
const fromTexts = (texts: () => Readonly<Record<string, string>>): PlanLoader => (key) => {
  const t = texts();
  return Object.prototype.hasOwnProperty.call(t, key) ? JSON.parse(t[key]) : undefined;
};

export const rfc3986Plans: PlanLoader = fromTexts(() => RFC3986_PLANS);
export const rfc2396Compiled = (): CompiledGrammar => JSON.parse(need('rfc2396').compiled);
export const rfc2396Plans: PlanLoader = fromTexts(() => need('rfc2396').plans);
export const rfc2732Compiled = (): CompiledGrammar => JSON.parse(need('rfc2732').compiled);
export const rfc2732Plans: PlanLoader = fromTexts(() => need('rfc2732').plans);
export const rfc3987Compiled = (): CompiledGrammar => JSON.parse(need('rfc3987').compiled);
export const rfc3987Plans: PlanLoader = fromTexts(() => need('rfc3987').plans);
export const rfc6874Compiled = (): CompiledGrammar => JSON.parse(need('rfc6874').compiled);
export const rfc6874Plans: PlanLoader = fromTexts(() => need('rfc6874').plans);

const DATA: Readonly<Record<string, ShippedData>> = {
  rfc3986: { plans: rfc3986Plans },
  rfc2396: { compiled: rfc2396Compiled, plans: rfc2396Plans },
  rfc2732: { compiled: rfc2732Compiled, plans: rfc2732Plans },
  rfc3987: { compiled: rfc3987Compiled, plans: rfc3987Plans },
  rfc6874: { compiled: rfc6874Compiled, plans: rfc6874Plans },
  json: { text: () => JSON_ABNF },
  rfc5322: { text: () => RFC5322_ADDR_SPEC_ABNF },
  abnf: { text: () => ABNF_ABNF },
};

/** The data of the shipped grammar `name`, or undefined when it has none. */
export function shippedData(name: string): ShippedData | undefined {
  return Object.prototype.hasOwnProperty.call(DATA, name) ? DATA[name] : undefined;
}
