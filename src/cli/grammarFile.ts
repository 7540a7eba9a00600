/**
 * A grammar from a file, for the command line (`--grammar FILE.abnf`, `--grammar FILE.bnf`).
 * Node only: the library's entry point does not load this module, so browser bundles need no
 * `fs`; library users read the text themselves and call `compileAbnf`.
 */
import * as fs from 'fs';
import { compileAbnf } from '../engine/abnf';
import type { Grammar } from '../engine/grammar';

/** A `.abnf` file is RFC 5234 ABNF; a `.bnf` file is RFC 2396's notation (section 1.6). */
export function loadGrammarFile(file: string): Grammar {
  const notation = /\.bnf$/i.test(file) ? 'rfc2396' : 'abnf';
  return compileAbnf(fs.readFileSync(file, 'utf8'), { name: file, notation });
}
