/** Character tests on code units that the URI layers share (no imports: any bundle may take them). */

// unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
export function isUnreserved(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)
    || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e;
}

// HEXDIG        = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"   (case-insensitive, RFC 5234 2.3)
/** The value of a hex digit, or -1. */
export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}
