/**
 * Internationalized host names (RFC 3987 3.1 and 3.2.1) with UTS #46 processing from the
 * `tr46` package (the implementation Node's URL ecosystem uses), never hand-written tables.
 *
 * RFC 3987 3.1: "Replace the ireg-name part of the IRI by the part converted using the
 * ToASCII operation ... on each dot-separated label, and by using U+002E (FULL STOP) as a
 * label separator, with the flag UseSTD3ASCIIRules set to TRUE". RFC 3490 (IDNA2003) is
 * superseded; UTS #46 ToASCII, non-transitional (so "ß" stays "ß": `faß.de` →
 * `xn--fa-hia.de`), with every check on, is its current form. Node's `url.domainToASCII` is
 * the WHATWG host parser (no STD3 rules, no hyphen checks), a different profile.
 */
import type { ToASCIIOptions } from 'tr46';
import { tr46 } from '../uri/tr46';
import { expectString } from '../uri/errors';
import { isBidiFormatting, isUcschar } from './ucschar';

/** UTS #46 ToASCII as RFC 3987 3.1 asks for it. */
const PROFILE: Readonly<ToASCIIOptions> = Object.freeze({
  transitionalProcessing: false,
  useSTD3ASCIIRules: true,
  checkHyphens: true,
  checkBidi: true,
  checkJoiners: true,
  verifyDNSLength: true,
});

/** Which UTS #46 rule a host breaks (`IdnaError.reason`). */
export type IdnaReason =
  | 'label-length' | 'name-length' | 'empty-label' | 'hyphens' | 'bidi' | 'joiners' | 'std3' | 'punycode' | 'disallowed' | 'encoding';

/** A host that UTS #46 ToASCII rejects, naming the label and the rule. */
export class IdnaError extends SyntaxError {
  override readonly name = 'IdnaError';
  constructor(
    /** The host as written in the IRI. */
    readonly host: string,
    /** The label IDNA rejects (after percent-decoding), or `undefined` when only the whole name fails. */
    readonly label: string | undefined,
    message: string,
    /** The rule it breaks. */
    readonly reason?: IdnaReason,
  ) {
    super(message);
  }
}

/** A host or label for a message: quoted, and cut to 40 characters with its length when longer. */
function cut(s: string): string {
  const chars = [...s];
  return chars.length > 40 ? `${JSON.stringify(chars.slice(0, 40).join(''))}… (${chars.length} characters)` : JSON.stringify(s);
}

/** Which rule `label` breaks, found by turning UTS #46's checks off one at a time. */
function whyLabel(label: string): [IdnaReason, string] {
  const { toASCII } = tr46();
  const passesWithout = (check: keyof ToASCIIOptions) => toASCII(label, { ...PROFILE, [check]: false }) !== null;
  if (label === '') return ['empty-label', 'an empty label (".." or a leading ".")'];
  if (passesWithout('verifyDNSLength')) return ['label-length', `a label longer than 63 characters in its ASCII form (${[...label].length} characters as written)`];
  if (passesWithout('checkHyphens')) return ['hyphens', 'hyphen placement: a label may not begin or end with "-", nor have "--" in its third and fourth places'];
  if (passesWithout('checkBidi')) return ['bidi', 'the bidi rule (RFC 5893): right-to-left and left-to-right characters mixed in a way it forbids'];
  if (passesWithout('checkJoiners')) return ['joiners', 'a zero-width joiner or non-joiner where the CONTEXTJ rules (RFC 5892) do not allow it'];
  if (/^xn--/i.test(label)) return ['punycode', 'bad punycode: the "xn--" label does not decode to a valid label'];
  const bad = [...label].find((ch) => toASCII(ch, { ...PROFILE, useSTD3ASCIIRules: false }) === null);
  if (bad !== undefined) return ['disallowed', `a character UTS #46 disallows: U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`];
  if (passesWithout('useSTD3ASCIIRules')) return ['std3', 'an ASCII character other than letters, digits and "-" (STD3 rules)'];
  return ['disallowed', 'a character or sequence UTS #46 disallows'];
}

/** UTS #46 label separators: FULL STOP and the three that ToASCII maps to it. */
const SEPARATORS = /[.\u3002\uFF0E\uFF61]/;

/**
 * The ASCII form of an `ireg-name` (UTS #46 ToASCII, non-transitional, STD3 rules, hyphen,
 * bidi and joiner checks, DNS lengths), its percent-encodings decoded as UTF-8 first (RFC
 * 3986 3.2.2: "percent-encoded octets ... in a reg-name ... represent UTF-8 characters").
 * A trailing "." (the DNS root) is kept. Throws `IdnaError` naming the label IDNA rejects.
 */
export function hostToAscii(host: string): string {
  expectString(host, 'host', 'hostToAscii');
  const name = percentDecodeUtf8(host);
  const root = name.length > 1 && name.endsWith('.');
  const domain = root ? name.slice(0, -1) : name;
  const { toASCII } = tr46();
  const ascii = toASCII(domain, PROFILE);
  if (ascii !== null) return root ? ascii + '.' : ascii;
  const bad = domain.split(SEPARATORS).find((label) => toASCII(label, PROFILE) === null);
  const shown = cut(host);
  if (bad !== undefined) {
    const [reason, why] = whyLabel(bad);
    const which = bad === '' ? 'a label' : `the label ${cut(bad)}`;
    throw new IdnaError(host, bad, `toUri: IDNA (UTS #46 ToASCII) rejects ${which} of the host ${shown}: ${why}`, reason);
  }
  const long = toASCII(domain, { ...PROFILE, verifyDNSLength: false });
  if (long !== null) {
    throw new IdnaError(host, undefined, `toUri: IDNA (UTS #46 ToASCII) rejects the host ${shown}: longer than 253 characters in its ASCII form (${long.length})`, 'name-length');
  }
  throw new IdnaError(host, undefined,
    `toUri: IDNA (UTS #46 ToASCII) rejects the host ${shown} as a whole (each label passes alone): the bidi rule (RFC 5893) across its labels`, 'bidi');
}

/**
 * The host with each `xn--` label turned back to Unicode for display (RFC 3987 3.2.1:
 * "Implementations with scheme-specific knowledge MAY convert punycode-encoded domain name
 * labels to the corresponding characters by using the ToUnicode procedure"). A label that
 * UTS #46 ToUnicode rejects, or whose characters an `ireg-name` cannot hold as they are
 * (section 4.1's bidi formatting characters among them), is left as written; every other
 * label is left exactly as written too. Never throws for a string.
 */
export function hostToUnicode(host: string): string {
  expectString(host, 'host', 'hostToUnicode');
  if (!/xn--/i.test(host)) return host;
  const { toUnicode } = tr46();
  return host.split('.').map((label) => {
    if (!/^xn--/i.test(label)) return label;
    const { domain, error } = toUnicode(label, PROFILE);
    return error || !displayable(domain) ? label : domain;
  }).join('.');
}

/** Only characters an ireg-name holds as themselves: iunreserved (no "." inside a label). */
function displayable(label: string): boolean {
  for (const ch of label) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80 ? !/[A-Za-z0-9\-_~]/.test(ch) : !isUcschar(cp) || isBidiFormatting(cp)) return false;
  }
  return true;
}

let utf8: InstanceType<typeof TextDecoder> | undefined; // made on first use, not at require

/** The text with its `%HH` triplets decoded as UTF-8; `IdnaError` if they are not UTF-8. */
function percentDecodeUtf8(host: string): string {
  if (!host.includes('%')) return host;
  const parts: string[] = [];
  let i = 0;
  while (i < host.length) {
    const j = host.indexOf('%', i);
    if (j < 0) { parts.push(host.slice(i)); break; }
    parts.push(host.slice(i, j));
    const bytes: number[] = [];
    i = j;
    while (host[i] === '%') { bytes.push(parseInt(host.slice(i + 1, i + 3), 16)); i += 3; }
    try {
      parts.push((utf8 ??= new TextDecoder('utf-8', { fatal: true })).decode(Uint8Array.from(bytes)));
    } catch {
      throw new IdnaError(host, undefined, `toUri: the host ${cut(host)} has percent-encodings that are not UTF-8, so IDNA cannot read it (RFC 3986 3.2.2)`, 'encoding');
    }
  }
  return parts.join('');
}
