/** Errors for text that is not what was asked for. */

import { GrammarSyntaxError } from './engine/errors';

export { GrammarSyntaxError, formatMessage, caretLines, foundAt, quoted } from './engine/errors';

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

/** A `TypeError` unless `value` is a plain options object (not null, an array or a boxed primitive). */
export function expectObject(value: unknown, argument: string, fn: string): asserts value is object {
  if (
    value === null || typeof value !== 'object' || Array.isArray(value)
    || value instanceof String || value instanceof Number || value instanceof Boolean
  ) {
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array'
      : typeof value === 'object' ? `a ${value.constructor.name} object` : typeof value;
    throw new TypeError(`${fn}: argument "${argument}" must be an object, got ${what}`);
  }
}
