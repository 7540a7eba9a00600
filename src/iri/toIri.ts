/**
 * RFC 3987 3.2, Converting URIs to IRIs.
 *
 *   2.  Convert all percent-encodings ("%" followed by two hexadecimal digits) to the
 *       corresponding octets, except those corresponding to "%", characters in "reserved",
 *       and characters in US-ASCII not allowed in URIs.
 *   3.  Re-percent-encode any octet produced in step 2 that is not part of a strictly legal
 *       UTF-8 octet sequence.
 *   4.  Re-percent-encode all octets produced in step 3 that in UTF-8 represent characters
 *       that are not appropriate according to sections 2.2, 4.1, and 6.1.
 *   5.  Interpret the resulting octet sequence as a sequence of characters encoded in UTF-8.
 *
 * Here a percent-encoded sequence is decoded only when it is well-formed UTF-8 (RFC 3629:
 * no overlong forms, no surrogates, nothing above U+10FFFF) for a character 2.2 allows where
 * it stands (`ucschar`; `iprivate` only in the query) that is not one of 4.1's bidi
 * formatting characters. Non-ASCII octets left encoded are written with uppercase hex, as
 * re-percent-encoding gives them (3.2.1's third example). Percent-encoded ASCII stays as
 * written: `%25` and reserved characters must (step 2), and an unreserved one (`%41`) is
 * decoded only with `{ unreserved: true }` (step 2 allows it; 3.2 notes the result then maps
 * back to a URI that differs "for potential percent-encoded unreserved characters").
 * 6.1's advice against look-alike characters is left to the application (6.1 a: "generic IRI
 * software cannot and should not check for such limitations").
 */
import { driver } from '../uri/rules';
import { expectString } from '../uri/errors';
import { isUnreserved } from '../uri/chars';
import { readOptions } from '../engine/options';
import { hostToUnicode } from './idna';
import { sections } from '../uri/split';
import { isBidiFormatting, isIprivate, isUcschar } from './ucschar';

export interface ToIriOptions {
  /** Also decode percent-encoded unreserved ASCII (`%41` → `A`), as 3.2 step 2 allows. Default `false`. */
  unreserved?: boolean;
  /** Also show `xn--` labels of the host in Unicode (3.2.1, UTS #46 ToUnicode), for display. Default `false`. */
  idna?: boolean;
}

/** The IRI of a URI reference; a `UriSyntaxError` for a string that is not a `URI-reference` (RFC 3986). */
export function toIri(uri: string, options: ToIriOptions = {}): string {
  expectString(uri, 'uri', 'toIri');
  const { unreserved = false, idna = false } = readOptions('toIri', options, { unreserved: 'boolean', idna: 'boolean' });
  const v = driver.verdict(uri, 'URI-reference');
  if (!v.ok) throw driver.syntaxError(uri, 'URI-reference', v);
  let text = uri.includes('%') ? decode(uri, unreserved) : uri;
  if (idna) {
    const { hostStart, hostEnd } = sections(text);
    if (hostStart >= 0 && text[hostStart] !== '[') {
      text = text.slice(0, hostStart) + hostToUnicode(text.slice(hostStart, hostEnd)) + text.slice(hostEnd);
    }
  }
  return text;
}

const HEX = '0123456789ABCDEF';

/** Steps 2-5 over each run of triplets of a valid URI reference. */
function decode(uri: string, unreserved: boolean): string {
  const { queryStart, queryEnd } = sections(uri);
  let out = '';
  let from = 0;
  const runs = /(?:%[0-9A-Fa-f]{2})+/g;
  for (let m = runs.exec(uri); m !== null; m = runs.exec(uri)) {
    const inQuery = queryStart >= 0 && m.index >= queryStart && m.index < queryEnd;
    out += uri.slice(from, m.index) + decodeRun(m[0], inQuery, unreserved);
    from = m.index + m[0].length;
  }
  return out + uri.slice(from);
}

function decodeRun(run: string, inQuery: boolean, unreserved: boolean): string {
  const n = run.length / 3;
  const bytes = new Uint8Array(n);
  for (let k = 0; k < n; k++) bytes[k] = parseInt(run.slice(3 * k + 1, 3 * k + 3), 16);
  let out = '';
  for (let k = 0; k < n;) {
    const b = bytes[k];
    if (b < 0x80) {
      out += unreserved && isUnreserved(b) ? String.fromCharCode(b) : run.slice(3 * k, 3 * k + 3);
      k++;
      continue;
    }
    const len = sequenceLength(bytes, k);
    if (len === 0) { out += triplet(b); k++; continue; }
    const cp = codePoint(bytes, k, len);
    if ((isUcschar(cp) && !isBidiFormatting(cp)) || (inQuery && isIprivate(cp))) {
      out += String.fromCodePoint(cp);
    } else {
      for (let j = k; j < k + len; j++) out += triplet(bytes[j]);
    }
    k += len;
  }
  return out;
}

const triplet = (b: number): string => '%' + HEX[b >> 4] + HEX[b & 15];

/**
 * The length of the strictly legal UTF-8 sequence at `k` (RFC 3629 section 4), or 0:
 *   UTF8-2 = %xC2-DF UTF8-tail
 *   UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) / %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
 *   UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) / %xF4 %x80-8F 2( UTF8-tail )
 */
function sequenceLength(bytes: Uint8Array, k: number): number {
  const b = bytes[k];
  let len: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) len = 2;
  else if (b >= 0xe0 && b <= 0xef) { len = 3; if (b === 0xe0) lo = 0xa0; else if (b === 0xed) hi = 0x9f; }
  else if (b >= 0xf0 && b <= 0xf4) { len = 4; if (b === 0xf0) lo = 0x90; else if (b === 0xf4) hi = 0x8f; }
  else return 0;
  if (k + len > bytes.length) return 0;
  if (bytes[k + 1] < lo || bytes[k + 1] > hi) return 0;
  for (let j = k + 2; j < k + len; j++) if (bytes[j] < 0x80 || bytes[j] > 0xbf) return 0;
  return len;
}

function codePoint(bytes: Uint8Array, k: number, len: number): number {
  let cp = bytes[k] & (len === 2 ? 0x1f : len === 3 ? 0x0f : 0x07);
  for (let j = k + 1; j < k + len; j++) cp = (cp << 6) | (bytes[j] & 0x3f);
  return cp;
}
