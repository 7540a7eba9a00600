/**
 * The percent-encodings of a component in their normal form (RFC 3986 6.2.2.1 and 6.2.2.2), for
 * normalize (./normalize.ts) and its one-pass form (./normalOf.ts).
 */
import { hexValue, isUnreserved } from './chars';

/**
 * 6.2.2.1: "For all URIs, the hexadecimal digits within a percent-encoding triplet (e.g.,
 * "%3a" versus "%3A") are case-insensitive and therefore should be normalized to use
 * uppercase letters for the digits A-F."
 * 6.2.2.2: "URI normalizers should ... decode any percent-encoded octet that corresponds to
 * an unreserved character". Every other triplet stays (2.2: "%2F" is not "/").
 * With `lowercase`, the text outside the remaining triplets (a decoded unreserved character
 * included) is lowercased, as for the host (6.2.2.1: "the scheme and host are
 * case-insensitive"; the hex inside a triplet is not host text).
 */
export function normalizePercent(text: string, lowercase: boolean): string {
  const i = text.indexOf('%');
  if (i < 0) return lowercase ? lowerAscii(text) : text;
  return text.length <= SHORT_TEXT ? normalizeShort(text, i, lowercase) : normalizeLong(text, lowercase);
}

/**
 * Up to this many characters a component is normalized by slices (`normalizeShort`), past it
 * into a code-unit buffer (`normalizeLong`). A TextDecoder's `decode` costs about 1 µs a call
 * whatever the length, six times `new URL(s).href` on a short URI; slices cost a few ns each,
 * but each is a string V8 keeps until the result is flattened (about 32 bytes a piece, where
 * the buffer takes one or two bytes a character).
 */
const SHORT_TEXT = 256;

/**
 * `normalizePercent` of a short component whose first "%" is at `i`. The components are valid,
 * so every "%" begins a triplet: the text between triplets is copied as it is (lowercased for
 * the host), and each triplet replaced by its unreserved character or by itself, hex uppercase.
 */
function normalizeShort(text: string, i: number, lowercase: boolean): string {
  let out = '';
  let from = 0;
  do {
    if (i > from) out += lowercase ? lowerAscii(text.slice(from, i)) : text.slice(from, i);
    const hi = text.charCodeAt(i + 1);
    const lo = text.charCodeAt(i + 2);
    const octet = hexValue(hi) * 16 + hexValue(lo);
    out += isUnreserved(octet)
      ? String.fromCharCode(lowercase && octet >= 0x41 && octet <= 0x5a ? octet + 0x20 : octet)
      : String.fromCharCode(0x25, upperHex(hi), upperHex(lo));
    from = i + 3;
    i = text.indexOf('%', from);
  } while (i >= 0);
  if (from < text.length) out += lowercase ? lowerAscii(text.slice(from)) : text.slice(from);
  return out;
}

/**
 * `normalizePercent` of a long component: the result is written code unit by code unit (never
 * longer than the text), in one linear pass. A URI is ASCII (bytes); an IRI's other characters
 * are copied as UTF-16 code units.
 */
function normalizeLong(text: string, lowercase: boolean): string {
  const ascii = !NON_ASCII.test(text);
  const out = ascii ? new Uint8Array(text.length) : new Uint16Array(text.length);
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c === 0x25) {
      const octet = hexValue(text.charCodeAt(i + 1)) * 16 + hexValue(text.charCodeAt(i + 2));
      if (isUnreserved(octet)) {
        c = octet; // decoded, and then host text like any other
      } else {
        out[o++] = 0x25;
        out[o++] = upperHex(text.charCodeAt(i + 1));
        out[o++] = upperHex(text.charCodeAt(i + 2));
        i += 2;
        continue;
      }
      i += 2;
    }
    out[o++] = lowercase && c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
  }
  return ascii ? (latin1 ??= new TextDecoder('latin1')).decode(out.subarray(0, o)) : (utf16 ??= new TextDecoder('utf-16le')).decode(out.subarray(0, o));
}

/** Only A-Z: 6.2.2.1 lowercases ASCII letters; an IRI's other characters are left as written (no case folding, no NFC). */
function lowerAscii(text: string): string {
  return NON_ASCII.test(text) ? text.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : text.toLowerCase();
}

const NON_ASCII = /[^\x00-\x7f]/;
// Made on first use, not at require.
let latin1: InstanceType<typeof TextDecoder> | undefined;
let utf16: InstanceType<typeof TextDecoder> | undefined;
const upperHex = (c: number): number => (c >= 0x61 ? c - 0x20 : c);
