/**
 * What a notation of the grammar reader is (./notation.ts registers them, ./abnf.ts reads with
 * them): kept apart so that a notation's own file (./notationRfc2396.ts) and the registry of
 * notations each import it, and neither imports the other's module.
 */
import type { Expr } from '../expr';

export interface NotationReader {
  /** The character at the reader's position ('' at the end). */
  peek(offset?: number): string;
  /** Moves past `count` characters. */
  advance(count?: number): void;
  /** Reads a whole element (repetition prefix and all) at the position, as the reader would. */
  repetition(): Expr;
  /** A syntax error at the position (or `offset` characters further). */
  fail(reason: string, offset?: number): never;
}

export interface Notation {
  /** Its name, for `compileAbnf(text, { notation: name })`. */
  readonly name: string;
  /** The characters that separate alternatives: `/` in ABNF. */
  readonly alternation: string;
  /** May `ch` appear in a rule name after its first character (always a letter)? */
  isNameChar(ch: string): boolean;
  /** Are quoted strings case-sensitive? (ABNF: no, RFC 5234 2.3.) */
  readonly caseSensitiveStrings?: boolean;
  /**
   * Reads an element that begins with a character the ABNF reader does not know (it is at
   * `reader.peek()`), or returns undefined to let the reader report it.
   */
  element?(reader: NotationReader): Expr | undefined;
}
