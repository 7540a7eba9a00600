/**
 * A digest of a text, to tell whether data was changed since it was written (a precompiled
 * grammar's: written at build time, src/engine/build/compiled.ts, checked on load,
 * src/engine/grammar/fromCompiled.ts): FNV-1a over the text's UTF-16 code units in two 32-bit lanes
 * (FNV's prime and offset basis; and an odd multiplier of MurmurHash2's with that basis's bits
 * flipped), as 16 hex digits. Each step is a bijection of the state, so an edit of one code
 * unit always changes both lanes.
 *
 * It detects changes (an edited digit, a damaged or cut file), not intent: anyone who can edit
 * the data can write a digest to match. It is not a signature, and needs no node:crypto, so the
 * browser and lite bundles read it the same way.
 */
const FNV_PRIME = 0x01000193;
const FNV_OFFSET = 0x811c9dc5;
const SECOND_PRIME = 0x5bd1e995;

const hex8 = (n: number): string => (n >>> 0).toString(16).padStart(8, '0');

export function digestOf(text: string): string {
  let a = FNV_OFFSET | 0;
  let b = ~FNV_OFFSET | 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    a = Math.imul(a ^ c, FNV_PRIME);
    b = Math.imul(b ^ c, SECOND_PRIME);
  }
  return hex8(a) + hex8(b);
}

/** What a digest looks like. */
export const DIGEST = /^[0-9a-f]{16}$/;
