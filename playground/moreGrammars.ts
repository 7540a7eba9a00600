/**
 * The grammars beyond the first view's (RFC 3986), and ABNF pasted into the page: a part the page
 * loads when another grammar is first chosen (scripts/build-playground.js), with the registry,
 * the other grammars' code and the ABNF compiler. A grammar's compiled data is a part of its own,
 * loaded here before the grammar is made (playground/shippedData.ts).
 */
import { grammarByName } from '../src/builtins/registry';
import { compileAbnf } from '../src/engine/text/abnf';
import { loadShippedData } from './shippedData';
import type { GrammarView } from '../src/teaching/grammarView';

/** The shipped grammar `name`, once its data is loaded. */
export async function shippedGrammar(name: string): Promise<GrammarView> {
  await loadShippedData(name);
  return grammarByName(name);
}

/** A grammar from pasted ABNF text (an AbnfSyntaxError, with line and column, when it is not ABNF). */
export function abnfGrammar(text: string): GrammarView {
  return compileAbnf(text, { name: 'custom' });
}
