/**
 * The registry of named grammars: `grammarByName('rfc3986')`, or a path to an `.abnf` file.
 * Other grammars add one line each to BUILT_INS.
 */
import { compileAbnf } from './engine/abnf';
import type { Grammar } from './engine/grammar';
import { rfc3986Grammar } from './rfc3986Grammar';

const BUILT_INS: Record<string, () => Grammar> = {
  rfc3986: () => rfc3986Grammar,
};

/** The names `grammarByName` knows (besides paths of `.abnf` files). */
export const GRAMMAR_NAMES: readonly string[] = Object.freeze(Object.keys(BUILT_INS));

/**
 * A built-in grammar by name, or the grammar in an `.abnf` file (read and compiled with
 * `compileAbnf`). A `TypeError` for a name that is neither.
 */
export function grammarByName(name: string): Grammar {
  if (typeof name !== 'string') throw new TypeError(`grammarByName: argument "name" must be a string, got ${name === null ? 'null' : typeof name}`);
  if (Object.prototype.hasOwnProperty.call(BUILT_INS, name)) return BUILT_INS[name]();
  if (/\.abnf$/i.test(name)) return compileAbnf(readText(name), { name });
  throw new TypeError(`grammarByName: unknown grammar ${JSON.stringify(name)}: expected one of ${GRAMMAR_NAMES.join(', ')} or a path ending in .abnf`);
}

/**
 * A file's text through Node's `fs`, found at run time with `process.getBuiltinModule` (Node
 * 20.16 and later), so that the ES module build needs no `require` and bundles for the browser,
 * which never read a file, need no `fs` shim. Elsewhere: read the file and call `compileAbnf`.
 */
function readText(file: string): string {
  type Fs = { readFileSync(path: string, encoding: 'utf8'): string };
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs = proc?.getBuiltinModule?.('fs') as Fs | undefined;
  if (!fs) throw new TypeError(`grammarByName: cannot read ${JSON.stringify(file)} here (no process.getBuiltinModule: Node 20.16 or later); read the file and pass its text to compileAbnf`);
  return fs.readFileSync(file, 'utf8');
}
