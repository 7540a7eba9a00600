/**
 * RFC 3987 3.1, Mapping of IRIs to URIs.
 *
 *   Step 2.  For each character in 'ucschar' or 'iprivate', apply steps 2.1 through 2.3 below.
 *       2.1.  Convert the character to a sequence of one or more octets using UTF-8 [RFC3629].
 *       2.2.  Convert each octet to %HH ... the hexadecimal notation SHOULD use uppercase letters.
 *       2.3.  Replace the original character with the resulting character sequence.
 *
 * "the number sign ("#"), the percent sign ("%"), and the square bracket characters ("[",
 * "]") ... MUST NOT be converted", and existing percent-encodings "are not encoded further":
 * every ASCII character is left as it is, so the mapping is the identity on URIs and
 * idempotent. Step 1 (NFC for text that was not Unicode) is the caller's: a JavaScript
 * string is already Unicode (variant c, "do not normalize").
 */
import { expectString } from '../uri/errors';
import { readOptions } from '../engine/options';
import { iriCheck } from './check';
import { iriError } from './errors';
import { hostToAscii } from './idna';
import { sections } from '../uri/split';

export interface ToUriOptions {
  /**
   * Convert the `ireg-name` with UTS #46 ToASCII (3.1: "Systems accepting IRIs MAY convert the
   * ireg-name component ... for schemes known to use domain names"), so `http://bücher.de/`
   * gives `http://xn--bcher-kva.de/` instead of `http://b%C3%BCcher.de/`. Only a host with
   * non-ASCII characters (as themselves or percent-encoded) is converted. Default `false`.
   */
  idna?: boolean;
}

const NON_ASCII = /[^\x00-\x7f]/;
/** A percent-encoded octet above 0x7F. */
const ENCODED_NON_ASCII = /%[89A-Fa-f][0-9A-Fa-f]/;

/**
 * The URI of an IRI reference. A `UriSyntaxError` for a string that is not an `IRI-reference`
 * (RFC 3987 2.2; section 4.1's bidi formatting characters are accepted here and encoded like
 * any other `ucschar`), an `IdnaError` for a host IDNA rejects (with `idna`).
 */
export function toUri(iri: string, options: ToUriOptions = {}): string {
  expectString(iri, 'iri', 'toUri');
  const { idna = false } = readOptions('toUri', options, { idna: 'boolean' });
  const v = iriCheck(iri, 'IRI-reference', false);
  if (!v.ok) throw iriError(iri, 'IRI-reference', v, 'toUri');
  let text = iri;
  if (idna) {
    const { hostStart, hostEnd } = sections(text);
    const host = hostStart >= 0 ? text.slice(hostStart, hostEnd) : '';
    if (host !== '' && host[0] !== '[' && (NON_ASCII.test(host) || ENCODED_NON_ASCII.test(host))) {
      text = text.slice(0, hostStart) + hostToAscii(host) + text.slice(hostEnd);
    }
  }
  return encodeNonAscii(text);
}

const HEX = '0123456789ABCDEF';
/** `%HH` for each octet, uppercase hex (2.2: "the hexadecimal notation SHOULD use uppercase letters"). */
const TRIPLET: readonly string[] = Array.from({ length: 256 }, (_, b) => '%' + HEX[b >> 4] + HEX[b & 15]);
const utf8 = new TextEncoder();

/** Steps 2.1-2.3 for every non-ASCII character (the input is an IRI: each is a ucschar or iprivate). */
export function encodeNonAscii(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  const parts: string[] = [];
  let from = 0;
  const runs = /[^\x00-\x7f]+/g;
  for (let m = runs.exec(text); m !== null; m = runs.exec(text)) {
    parts.push(text.slice(from, m.index));
    const octets = utf8.encode(m[0]);
    for (let k = 0; k < octets.length; k++) parts.push(TRIPLET[octets[k]]);
    from = m.index + m[0].length;
  }
  parts.push(text.slice(from));
  return parts.join('');
}
