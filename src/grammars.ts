/**
 * The registry of named grammars: `grammarByName('rfc3986')`, or a path to an `.abnf` file.
 * Other grammars add one line each to BUILT_INS.
 */
import { compileAbnf } from './engine/abnf';
import type { Grammar } from './engine/grammar';
import { rfc3986Grammar } from './rfc3986Grammar';
import { rfc2396 } from './rfc2396';
import { rfc2732 } from './rfc2396-rfc2732';
import { rfc3987 } from './iri/rfc3987';
import { rfc6874 } from './iri/zone';

const BUILT_INS: Record<string, () => Grammar> = {
  rfc3986: () => rfc3986Grammar,
  rfc2396: () => rfc2396,
  // Opt-in: RFC 2396 with RFC 2732's IPv6 literals.
  rfc2732: () => rfc2732,
  rfc3987: () => rfc3987 as unknown as Grammar,
  // Opt-in, obsolete (RFC 9844 obsoletes RFC 6874): IPv6 zone identifiers, `[fe80::1%25en1]`.
  rfc6874: () => rfc6874,
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
  // A .bnf file is read in RFC 2396's notation (RFC 822 BNF with "|"), as grammar/rfc2396.bnf is (h10).
  if (/\.bnf$/i.test(name)) return compileAbnf(readText(name), { name, notation: 'rfc2396' });
  throw new TypeError(`grammarByName: unknown grammar ${JSON.stringify(name)}: expected one of ${GRAMMAR_NAMES.join(', ')} or a path ending in .abnf or .bnf`);
}

/**
 * A file's text through Node's `fs`, found at run time (`process.getBuiltinModule`, or
 * `require` in CommonJS), so that bundles for the browser, which never read a file, need no
 * `fs` shim.
 */
function readText(file: string): string {
  type Fs = { readFileSync(path: string, encoding: 'utf8'): string };
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const fs = (proc?.getBuiltinModule?.('fs') ?? (typeof require === 'function' ? require('fs') : undefined)) as Fs | undefined;
  if (!fs) throw new TypeError(`grammarByName: cannot read ${JSON.stringify(file)} here (no file system); pass the text to compileAbnf`);
  return fs.readFileSync(file, 'utf8');
}
