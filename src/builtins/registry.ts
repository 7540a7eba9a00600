/**
 * The registry of named grammars: `grammarByName('rfc3986')` (files: src/cli/grammarFile.ts, for the CLI).
 * The names, which of them take limits, and the order are the catalog's (./catalog.ts); each
 * grammar object comes from the module that makes it, or, for an entry with no module of its
 * own, from the catalog alone (`fromCatalog`).
 */
import type { Grammar } from '../engine/grammar/types';
import { rfc3986Grammar } from './rfc3986';
import { rfc2396 } from './rfc2396';
import { rfc2732 } from './rfc2732';
import { rfc3987 } from '../iri/rfc3987';
import { rfc6874 } from './rfc6874';
import { abnf, json, recursiveGrammar, rfc5322, type RecursiveLimits } from './recursive';
import { readOptions } from '../engine/options';
import { compileAbnfWith } from '../engine/text/abnf';
import { shippedGrammar } from '../engine/grammar/fromCompiled';
import { shippedData } from '../generated/load';
import { CATALOG, catalogEntry, compileOptions, type CatalogEntry } from './catalog';

/** The grammars with a module of their own (their verbs, hooks and exports), by catalog name. */
const MADE: Readonly<Record<string, () => Grammar>> = {
  rfc3986: () => rfc3986Grammar,
  rfc2396: () => rfc2396,
  rfc2732: () => rfc2732,
  rfc3987: () => rfc3987,
  rfc6874: () => rfc6874,
  json: () => json,
  rfc5322: () => rfc5322,
  abnf: () => abnf,
};
/** The recursive grammars of ./recursive.ts, which keeps those it compiled with other limits. */
const RECURSIVE_MADE: ReadonlySet<string> = new Set(['json', 'rfc5322', 'abnf']);

/** The names `grammarByName` knows, in the catalog's order. */
export const GRAMMAR_NAMES: readonly string[] = Object.freeze(CATALOG.map((e) => e.name));

/** A catalog grammar made from its entry alone (limits: a recursive one's), kept once made. */
const madeFromCatalog = new Map<string, Grammar>();

/**
 * A shipped grammar from its catalog entry alone: a regular one from its build-time data
 * (src/generated/, loaded now), a recursive one compiled from its text now with `limits`. What a
 * grammar added to the catalog with no module of its own gets (docs/grammars.md, "Adding a
 * shipped grammar"); test/builtins/catalog.test.ts holds it to the grammars that have one.
 */
export function fromCatalog(entry: CatalogEntry, limits: RecursiveLimits = {}): Grammar {
  const key = `${entry.name} ${limits.maxNesting ?? ''} ${limits.workLimit ?? ''}`;
  let g = madeFromCatalog.get(key);
  if (g) return g;
  if (entry.kind === 'regular') {
    const data = shippedData(entry.name);
    if (!data?.compiled || !data.plans) throw new Error(`grammarByName: no build-time data for ${entry.name} in src/generated/ (run npm run generate)`);
    g = shippedGrammar(data.compiled(), data.plans);
  } else {
    if (madeFromCatalog.size >= 16) madeFromCatalog.delete(madeFromCatalog.keys().next().value!);
    const text = shippedData(entry.name)?.text;
    if (!text) throw new Error(`grammarByName: no text for ${entry.name} in src/generated/load.ts (run npm run generate)`);
    g = compileAbnfWith(text(), {
      ...compileOptions(entry),
      ...(limits.maxNesting !== undefined ? { maxNesting: limits.maxNesting } : {}),
      ...(limits.workLimit !== undefined ? { workLimit: limits.workLimit } : {}),
    }, {
      limitsHow: {
        nesting: `raise it with grammarByName('${entry.name}', { maxNesting }), or --max-nesting in the CLI`,
        work: `raise it with grammarByName('${entry.name}', { workLimit }), or --work-limit in the CLI`,
      },
    });
  }
  madeFromCatalog.set(key, g);
  return g;
}

/**
 * A built-in grammar by name; a `TypeError` for any other name. `options` sets the limits of the
 * recursive ones (`json`, `rfc5322`, `abnf`): `maxNesting` (rule calls in progress at once,
 * default 5,000) and `workLimit` (steps per character, default 2,000); the other grammars have
 * no recursion, and no such limits.
 */
export function grammarByName(name: string, options?: RecursiveLimits): Grammar {
  if (typeof name !== 'string') throw new TypeError(`grammarByName: argument "name" must be a string, got ${name === null ? 'null' : typeof name}`);
  const o = readOptions('grammarByName', options, { maxNesting: 'count', workLimit: 'count' });
  for (const k of ['maxNesting', 'workLimit'] as const) {
    if (o[k] === 0) throw new TypeError(`grammarByName: option "${k}" must be a positive integer (at least 1), got 0`);
  }
  const entry = catalogEntry(name);
  if (!entry) {
    throw new TypeError(`grammarByName: unknown grammar ${JSON.stringify(name)}: expected one of ${GRAMMAR_NAMES.join(', ')} (a file: read it and call compileAbnf)`);
  }
  const limits = o.maxNesting !== undefined || o.workLimit !== undefined ? { maxNesting: o.maxNesting, workLimit: o.workLimit } : undefined;
  if (limits && entry.kind === 'recursive') {
    return RECURSIVE_MADE.has(name) ? recursiveGrammar(name as 'json' | 'rfc5322' | 'abnf', limits) : fromCatalog(entry, limits);
  }
  const made = Object.prototype.hasOwnProperty.call(MADE, name) ? MADE[name] : undefined;
  return made ? made() : fromCatalog(entry);
}
