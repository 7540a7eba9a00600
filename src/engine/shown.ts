/**
 * How an error shows a character to a person: as itself when it can be seen and read for what it
 * is (`ü`, `例`), by its code point where it cannot be seen (a zero-width space, a tab, a BOM) or
 * could be taken for another (a Cyrillic `а` for `a`, a fullwidth `／` for `/`).
 */

/** A code point as `U+200B`. */
export const codePointName = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Names of the characters people paste without seeing them (Unicode's names, lower case, or a word for a control). */
const NAMES: ReadonlyMap<number, string> = new Map([
  [0x09, 'a tab'], [0x0a, 'a line feed'], [0x0d, 'a carriage return'], [0x00, 'a NUL'], [0x7f, 'a DEL'],
  [0xa0, 'a no-break space'], [0xad, 'a soft hyphen'], [0x34f, 'a combining grapheme joiner'],
  [0x180e, 'a Mongolian vowel separator'],
  [0x200b, 'a zero-width space'], [0x200c, 'a zero-width non-joiner'], [0x200d, 'a zero-width joiner'],
  [0x200e, 'a left-to-right mark'], [0x200f, 'a right-to-left mark'],
  [0x2028, 'a line separator'], [0x2029, 'a paragraph separator'],
  [0x202a, 'a left-to-right embedding'], [0x202b, 'a right-to-left embedding'], [0x202c, 'a pop directional formatting'],
  [0x202d, 'a left-to-right override'], [0x202e, 'a right-to-left override'], [0x202f, 'a narrow no-break space'],
  [0x205f, 'a medium mathematical space'], [0x2060, 'a word joiner'],
  [0x2066, 'a left-to-right isolate'], [0x2067, 'a right-to-left isolate'], [0x2068, 'a first strong isolate'], [0x2069, 'a pop directional isolate'],
  [0x3000, 'an ideographic space'], [0xfeff, 'a byte order mark'],
]);

/**
 * Not seen, or seen as white space: controls, format characters (Cf), separators but the ASCII
 * space, marks that stand on the character before them, surrogates, private use, unassigned.
 */
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Z}\p{Mn}\p{Me}\p{Cs}\p{Co}\p{Cn}]$/u;

/**
 * Letters and signs that look like an ASCII character (the ASCII character each looks like): the
 * Cyrillic and Greek letters drawn as Latin ones, dashes, quotes, slashes, and the fullwidth forms.
 */
const LOOKS_LIKE: ReadonlyMap<number, string> = (() => {
  const m = new Map<number, string>();
  const pairs = (from: string, to: string) => { for (let k = 0; k < from.length; k++) m.set(from.charCodeAt(k), to[k]); };
  pairs('аеорсухіјѕԁһӏԛԝАВЕКМНОРСТХІЈЅ', 'aeopcyxijsdhlqwABEKMHOPCTXIJS'); // Cyrillic
  pairs('οαντικΑΒΕΖΗΙΚΜΝΟΡΤΥΧ', 'oavtikABEZHIKMNOPTYX'); // Greek
  pairs('‐‑‒–—―−‘’‚‛“”„‟⁄∕∶', "------''''''\"\"\"\"//:");
  pairs('ı', 'i');
  for (let c = 0x21; c <= 0x7e; c++) m.set(0xff00 + c - 0x20, String.fromCharCode(c)); // fullwidth ！ to ～
  return m;
})();

/** Wide in a terminal (East Asian Wide and Fullwidth, RFC-free approximation): two columns. */
const WIDE = /^[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]$/u;

/** The code point at `i` (a lone surrogate is one), and how many UTF-16 units it takes. */
export function codePointAt(s: string, i: number): [cp: number, units: number] {
  const cp = s.codePointAt(i)!;
  return [cp, cp > 0xffff ? 2 : 1];
}

/** Is this character one a reader cannot see (or sees as a space)? The ASCII space is not. */
export function isInvisible(ch: string): boolean {
  return ch !== ' ' && INVISIBLE.test(ch);
}

/**
 * A character as a caret line shows it: printable ASCII as it is, "\" as "\\" (so that a typed
 * "\x09" and a tab look different), what cannot be seen or is taken for another as an escape of
 * its code point (`\x09`, `\u200b`, `\u0430`, `\u{e0001}`), anything else as itself.
 */
export function show(ch: string): string {
  const c = ch.codePointAt(0)!;
  if (c === 0x5c) return '\\\\';
  if (c >= 0x20 && c < 0x7f) return ch;
  if (c >= 0x80 && !LOOKS_LIKE.has(c) && !INVISIBLE.test(ch)) return ch;
  if (c <= 0xff) return `\\x${c.toString(16).padStart(2, '0')}`;
  return c <= 0xffff ? `\\u${c.toString(16).padStart(4, '0')}` : `\\u{${c.toString(16)}}`;
}

/** How many terminal columns `show(ch)` takes. */
export function columns(ch: string, shown = show(ch)): number {
  return shown === ch && WIDE.test(ch) ? 2 : shown.length;
}

/**
 * What a reader is told about a character besides seeing it: ` (a tab)`, ` (U+200B, a zero-width
 * space: invisible)`, ` (U+0430, looks like "a")`, or '' for one that shows as itself.
 */
export function aboutChar(ch: string): string {
  const c = ch.codePointAt(0)!;
  if (c === 0x09) return ' (a tab)';
  const like = LOOKS_LIKE.get(c);
  if (like !== undefined) return ` (${codePointName(c)}, looks like "${like}")`;
  if (c === 0x20 || !INVISIBLE.test(ch)) return '';
  const name = NAMES.get(c);
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return name ? ` (${name})` : ` (${codePointName(c)}, a control character)`;
  return ` (${codePointName(c)}, ${name ?? 'a character'}: invisible)`;
}

/** The name of an invisible character for a hint: "a zero-width space (U+200B)". */
export function invisibleName(ch: string): string {
  const c = ch.codePointAt(0)!;
  return `${NAMES.get(c) ?? 'an invisible character'} (${codePointName(c)})`;
}
