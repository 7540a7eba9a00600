/** The words the teaching tools share: ordinals and a piece of the input quoted for a sentence. */

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** `first`, `second`, … `tenth`, then `11th`, `12th`, `21st` …. */
export function ordinal(k: number): string {
  if (k < ORDINALS.length) return ORDINALS[k];
  const n = k + 1;
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** A text for a sentence: in backquotes, control characters escaped; empty said so; cut after `max` characters. */
export function shownText(text: string, max = Infinity): string {
  if (text === '') return 'the empty string';
  const s = text.length > max ? text.slice(0, max) + '…' : text;
  return '`' + s.replace(/[\x00-\x1f\x7f`]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`) + '`';
}
