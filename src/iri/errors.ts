/** The error for text that is not the IRI rule asked for. */
import { UriSyntaxError, foundAt } from '../uri/errors';
import type { IriVerdict } from './check';
import { isBidiFormatting, isUcschar, uPlus } from './ucschar';

export function iriError(input: string, rule: string, v: IriVerdict & { ok: false }, fn: string): UriSyntaxError {
  const found = foundCodePoint(input, v.index);
  const why = v.reason ? ` (${v.reason})` : '';
  return new UriSyntaxError(input, rule, v.index, [], `${fn}: not a valid ${rule}: at offset ${v.index}, ${found}${why}`);
}

/** `found "x"` for a whole character (an astral character is one, not two halves). */
function foundCodePoint(input: string, index: number): string {
  const cp = input.codePointAt(index);
  if (cp === undefined || cp < 0x80) return foundAt(input, index);
  // Only a character that displays as itself is shown; a surrogate or a bidi control is not.
  const shown = isUcschar(cp) && !isBidiFormatting(cp) ? ` "${String.fromCodePoint(cp)}"` : '';
  return `found ${uPlus(cp)}${shown}`;
}
