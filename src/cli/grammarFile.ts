/**
 * A grammar from a file, for the command line (`--grammar FILE.abnf`, `--grammar FILE.bnf`).
 * Node only: the library's entry point does not load this module, so browser bundles need no
 * `fs`; library users read the text themselves and call `compileAbnf`.
 */
import * as fs from 'fs';
import { AbnfSyntaxError } from '../engine/errors';
import { compileAbnfWith } from '../engine/text/abnf';
import type { Grammar } from '../engine/grammar/types';

/** Where a file grammar's limits are raised, as its errors say it. */
const HOW = {
  nesting: 'raise it with --max-nesting',
  work: 'raise it with --work-limit',
};

/**
 * A `.abnf` file is RFC 5234 ABNF; a `.bnf` file is RFC 2396's notation (section 1.6). A
 * byte-order mark at its start (editors on Windows write one) is skipped; a file with no rule
 * is an AbnfSyntaxError saying so (no command could run it).
 */
export function loadGrammarFile(file: string, limits: { maxNesting?: number; workLimit?: number } = {}): Grammar {
  const notation = /\.bnf$/i.test(file) ? 'rfc2396' : 'abnf';
  let text = fs.readFileSync(file, 'utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const g = compileAbnfWith(text, {
    name: file,
    notation,
    ...(limits.maxNesting !== undefined ? { maxNesting: limits.maxNesting } : {}),
    ...(limits.workLimit !== undefined ? { workLimit: limits.workLimit } : {}),
  }, { limitsHow: HOW });
  if (g.rules.length === 0) throw new AbnfSyntaxError('the grammar has no rules (a rule is written name = elements)', 'syntax', 1, 1, text.split(/\r?\n/, 1)[0]);
  return g;
}
