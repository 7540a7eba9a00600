/** Errors for text that is not what was asked for. */

import { GrammarSyntaxError } from '../engine/errors';

export { GrammarSyntaxError, formatMessage, caretLines, foundAt, quoted } from '../engine/errors';

/** Which known mistake a hint is about (src/uri/hints.ts finds them). */
export type HintKind =
  | 'whitespace' | 'space' | 'encode' | 'percent' | 'password' | 'non-ascii' | 'backslash'
  | 'zone-id' | 'scheme-slashes' | 'port' | 'ipv6-brackets' | 'missing-scheme' | 'host-list'
  | 'invisible' | 'quotes' | 'userinfo';

/** A syntax error in URI text: the engine's `GrammarSyntaxError`, named for URIs. */
export class UriSyntaxError extends GrammarSyntaxError {
  declare readonly hintKind?: HintKind;

  /** On the prototype, as Error's own classes have it (see GrammarSyntaxError's `name`). */
  override get name(): string {
    return 'UriSyntaxError';
  }

  override set name(value: string) {
    super.name = value;
  }
}

/** A `TypeError` for an argument that is not a string. */
export function expectString(value: unknown, argument: string, fn: string): asserts value is string {
  if (typeof value !== 'string') {
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    throw new TypeError(`${fn}: argument "${argument}" must be a string, got ${what}`);
  }
}
