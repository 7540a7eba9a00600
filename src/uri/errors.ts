/** Errors for text that is not what was asked for. */

import { GrammarSyntaxError } from '../engine/errors';

export { GrammarSyntaxError, formatMessage, caretLines, foundAt, quoted } from '../engine/errors';

/** A syntax error in URI text: the engine's `GrammarSyntaxError`, named for URIs. */
export class UriSyntaxError extends GrammarSyntaxError {
  override readonly name: string = 'UriSyntaxError';
}

/** A `TypeError` for an argument that is not a string. */
export function expectString(value: unknown, argument: string, fn: string): asserts value is string {
  if (typeof value !== 'string') {
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    throw new TypeError(`${fn}: argument "${argument}" must be a string, got ${what}`);
  }
}
