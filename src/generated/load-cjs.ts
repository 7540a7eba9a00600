/**
 * The CommonJS bundle's ./load.ts (scripts/bundle.js swaps it in; the ES module build leaves it
 * out): each piece of data read on first use from its JSON file in dist/cjs/data/, which the
 * build writes from the generated module's constant, not when the package loads.
 */
import type * as Load from './load';

/**
 * A JSON file of dist/cjs/data/, required once: Node reads and parses it natively (JSON.parse of
 * the file), where a module holding the same text as a string costs V8 a scan of every byte.
 */
function lazy<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= load());
}

/**
 * The plans of dist/cjs/data/DIR/, a JSON file a plan (named by its key, URI-encoded), each read
 * when a tree first asks for it: a first tree of one rule reads that rule's plan alone.
 */
function plans(dir: string): Load.PlanLoader {
  return (key) => {
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const fs = require('fs') as typeof import('fs');
    let text: string;
    try {
      text = fs.readFileSync(`${__dirname}/data/${dir}/${encodeURIComponent(key)}.json`, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // no plan for this key
      throw e;
    }
    return JSON.parse(text);
  };
}

// Each require names its file literally, so that the build sees it (and keeps it external).
export const rfc3986Plans: typeof Load.rfc3986Plans = plans('rfc3986-plans');
export const rfc3987Compiled: typeof Load.rfc3987Compiled = lazy(() => require('./data/rfc3987.json'));
export const rfc3987Plans: typeof Load.rfc3987Plans = plans('rfc3987-plans');
export const rfc2396Compiled: typeof Load.rfc2396Compiled = lazy(() => require('./data/rfc2396.json'));
export const rfc2396Plans: typeof Load.rfc2396Plans = plans('rfc2396-plans');
export const rfc2732Compiled: typeof Load.rfc2732Compiled = lazy(() => require('./data/rfc2732.json'));
export const rfc2732Plans: typeof Load.rfc2732Plans = plans('rfc2732-plans');
export const rfc6874Compiled: typeof Load.rfc6874Compiled = lazy(() => require('./data/rfc6874.json'));
export const rfc6874Plans: typeof Load.rfc6874Plans = plans('rfc6874-plans');
