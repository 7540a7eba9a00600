/**
 * The character classes RFC 3987 adds to RFC 3986, as code-point predicates for the IRI↔URI
 * mappings (sections 3.1, 3.2). The grammar (grammar/rfc3987.abnf) has the same ranges;
 * test/iri/rules.test.ts checks that both agree at every boundary.
 */

/**
 *   ucschar        = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
 *                  / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
 *                  / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
 *                  / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
 *                  / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
 *                  / %xD0000-DFFFD / %xE1000-EFFFD
 */
export function isUcschar(cp: number): boolean {
  if (cp < 0x10000) return (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xf900 && cp <= 0xfdcf) || (cp >= 0xfdf0 && cp <= 0xffef);
  // Planes 1 to 14 without each plane's last two code points (xFFFE, xFFFF) and without
  // U+E0000-E0FFF (tags and variation selectors supplement).
  return cp <= 0xefffd && (cp & 0xfffe) !== 0xfffe && (cp < 0xe0000 || cp >= 0xe1000);
}

/**   iprivate       = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD */
export function isIprivate(cp: number): boolean {
  return (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && cp <= 0x10fffd && (cp & 0xfffe) !== 0xfffe);
}

/**
 * Which bidi controls an IRI may not hold: `true`, section 4.1's and the controls Unicode added
 * after RFC 3987 (the default); `'rfc3987'`, section 4.1's alone; `false`, none (the ABNF alone).
 */
export type BidiCheck = boolean | 'rfc3987';

/**
 * Section 4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE,
 * RLE, LRO, RLO, and PDF)": U+200E, U+200F, U+202A-U+202E. All of them are in `ucschar`.
 *
 * A deliberate extension (`newer`, the default): the controls Unicode added after RFC 3987
 * (2005), the isolates U+2066-U+2069 (LRI, RLI, FSI, PDI; Unicode 6.3) and U+061C ARABIC
 * LETTER MARK (Unicode 6.3), reorder displayed text just as LRE and RLO do, which is section
 * 4.1's reason ("the visual rendering ... would be confusing"); they are refused alike.
 */
export function isBidiFormatting(cp: number, newer = true): boolean {
  return cp === 0x200e || cp === 0x200f || (cp >= 0x202a && cp <= 0x202e)
    || (newer && (cp === 0x061c || (cp >= 0x2066 && cp <= 0x2069)));
}

/** The names section 4.1 gives them, for error messages. */
export const BIDI_NAMES: Readonly<Record<number, string>> = Object.freeze({
  0x200e: 'LEFT-TO-RIGHT MARK (LRM)', 0x200f: 'RIGHT-TO-LEFT MARK (RLM)',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING (LRE)', 0x202b: 'RIGHT-TO-LEFT EMBEDDING (RLE)',
  0x202c: 'POP DIRECTIONAL FORMATTING (PDF)', 0x202d: 'LEFT-TO-RIGHT OVERRIDE (LRO)',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE (RLO)',
  0x061c: 'ARABIC LETTER MARK (ALM; newer than RFC 3987)', 0x2066: 'LEFT-TO-RIGHT ISOLATE (LRI; newer than RFC 3987)',
  0x2067: 'RIGHT-TO-LEFT ISOLATE (RLI; newer than RFC 3987)', 0x2068: 'FIRST STRONG ISOLATE (FSI; newer than RFC 3987)',
  0x2069: 'POP DIRECTIONAL ISOLATE (PDI; newer than RFC 3987)',
});

/** `U+00E9` */
export const uPlus = (cp: number): string => 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
