/**
 * The line under a syntax error that says what the grammar was inside of at the error's offset,
 * e.g. "inside … → host → IP-literal → IPv6address, after `::1`: expected DIGIT, HEXDIG, ...".
 * The same words as the playground's error panel; `explain` prints it under the error.
 */
import { readableExpected } from '../engine/errors';
import type { GrammarView } from './grammarView';
import { whereStopped } from './why';

export function whereLine(grammar: GrammarView, input: string, rule: string, index: number, expected: readonly string[]): string | undefined {
  const where = whereStopped(grammar, input, rule, index);
  return where && `${where.text}: expected ${readableExpected(expected).join(', ')}`;
}
