/**
 * RFC 3986 sections 3, 5 and 6 on IRIs. RFC 3987 2.1: "All the operations defined in
 * [RFC3986], such as the resolution of relative references, can be applied to IRIs by
 * IRI-processing software in exactly the same way as they are for URIs"; 6.5 and 5.3 say the
 * same of resolution and normalization. So the algorithms are RFC 3986's own code
 * (src/uri/resolve.ts, src/uri/normalize.ts); only the grammar that reads the components is RFC 3987's.
 *
 * Normalization is RFC 3986 6.2.2 as it stands: case of scheme, host (ASCII letters only)
 * and percent-encodings, decoding of percent-encoded unreserved ASCII, dot segments. It does
 * not apply Unicode NFC (RFC 3987 5.3.2.2: a JavaScript string is already Unicode, step 1c:
 * "do not normalize"), does not case-fold non-ASCII host text (that is IDNA's: toUri with
 * `idna`), and does not decode percent-encoded non-ASCII characters (that is toIri).
 */
import { splitComponents, type UriComponents } from '../uri/components';
import type { ComponentsInput } from '../uri/recompose';
import { FIELDS, authorityText, recomposeTrusted } from '../uri/recompose';
import { readOptions } from '../engine/options';
import { normalizeUri } from '../uri/normalize';
import { recomposeTarget, transform, type ResolveOptions } from '../uri/resolve';
import type { NormalizeOptions } from '../uri/normalize';
import { UriSyntaxError, expectString, foundAt } from '../uri/errors';
import { driver } from '../uri/rules';
import { iriCheck, type MappedRule } from './check';
import { iriError } from './errors';

/** The rules `parse` reads IRI components from. */
export const IRI_COMPONENT_RULES = ['IRI', 'IRI-reference', 'absolute-IRI', 'irelative-ref'] as const;
export type IriComponentRule = (typeof IRI_COMPONENT_RULES)[number];

/** Section 4.1 applies unless `{ abnfOnly: true }`. */
export interface IriCheckOptions {
  /** The ABNF of section 2.2 alone: accept section 4.1's bidi formatting characters. Default `false`. */
  abnfOnly?: boolean;
  /**
   * Section 4.1 as written: accept the bidi controls Unicode added after RFC 3987 (the isolates
   * U+2066-U+2069 and U+061C ARABIC LETTER MARK), which are refused by default as a deliberate
   * extension (src/iri/ucschar.ts). Default `false`.
   */
  allowNewerBidiControls?: boolean;
}

function expectComponentRule(rule: unknown, fn: string): asserts rule is IriComponentRule {
  if (!(IRI_COMPONENT_RULES as readonly unknown[]).includes(rule)) {
    const got = typeof rule === 'string' ? JSON.stringify(rule) : typeof rule;
    throw new TypeError(`${fn}: argument "rule" must be one of ${IRI_COMPONENT_RULES.join(', ')}, got ${got}`);
  }
}

/**
 * The components of an IRI reference (each as written, not decoded; absent ones undefined),
 * as `parse` gives them for URIs. A `UriSyntaxError` if it is not one (section 4.1 included).
 */
export function parseIri(input: string, rule: IriComponentRule = 'IRI-reference', fn = 'parse'): UriComponents {
  expectString(input, 'input', fn);
  expectComponentRule(rule, fn);
  const v = iriCheck(input, rule, true);
  if (!v.ok) throw iriError(input, rule, v, fn);
  return splitComponents(input);
}

/** 5.2 on IRIs: the target IRI of `reference` against the IRI `base`. */
export function resolveIri(base: string, reference: string, options: ResolveOptions = {}): string {
  expectString(base, 'base', 'resolve');
  expectString(reference, 'reference', 'resolve');
  const { strict = true } = readOptions('resolve', options, { strict: 'boolean' });
  const B = parseArgument(base, 'base', 'IRI');
  const R = parseArgument(reference, 'reference', 'IRI-reference');
  return recomposeTarget(transform(B, R, strict));
}

function parseArgument(text: string, argument: string, rule: IriComponentRule): UriComponents {
  const v = iriCheck(text, rule, true);
  if (!v.ok) throw iriError(text, rule, v, `resolve: ${argument}`);
  return splitComponents(text);
}

/** 6.2.2 (and 6.2.3 with `{ scheme: true }`) on an IRI; no NFC (see above). */
export function normalizeIri(iri: string, options: NormalizeOptions = {}): string {
  expectString(iri, 'iri', 'normalize');
  const byScheme = readOptions('normalize', options, { scheme: 'boolean' }).scheme === true;
  return normalizeUri(parseAbsolute(iri, 'normalize'), byScheme);
}

/** Same syntax- and scheme-based normal form? */
export function equivalentIri(a: string, b: string): boolean {
  expectString(a, 'a', 'equivalent');
  expectString(b, 'b', 'equivalent');
  return normalizeUri(parseAbsolute(a, 'equivalent'), true) === normalizeUri(parseAbsolute(b, 'equivalent'), true);
}

function parseAbsolute(iri: string, fn: string): UriComponents {
  const v = iriCheck(iri, 'IRI', true);
  if (v.ok) return splitComponents(iri);
  if (iriCheck(iri, 'irelative-ref', true).ok) {
    const shown = JSON.stringify(iri.length > 60 ? iri.slice(0, 60) + '…' : iri);
    throw new UriSyntaxError(iri, 'IRI', v.index, [], `${fn}: ${shown} is a relative reference, not an IRI; resolve it against a base IRI first (RFC 3986 5.2)`);
  }
  throw iriError(iri, 'IRI', v, fn);
}

/** 5.3 on IRI components: each must match its RFC 3987 rule, and the path the alternative the others leave (RFC 3986 3.3). */
export function recomposeIri(components: ComponentsInput): string {
  if (components === undefined) throw new TypeError('recompose: argument "components" must be an object, got undefined');
  // Own properties, each read once (src/engine/options.ts): what is checked is what is joined.
  const c = readOptions('recompose', components, FIELDS, { argument: 'components', field: 'component' });
  const { scheme, userinfo, host, port, query, fragment } = c;
  const path = c.path ?? '';
  let authority = c.authority;
  if (scheme !== undefined) checkAscii(scheme, 'scheme');
  if (host !== undefined) {
    if (userinfo !== undefined) check(userinfo, 'userinfo', 'iuserinfo');
    check(host, 'host', 'ihost');
    if (port !== undefined) checkAscii(port, 'port');
    const built = authorityText(userinfo, host, port);
    if (authority !== undefined && authority !== built) {
      throw new UriSyntaxError(authority, 'iauthority', 0, [], `recompose: component "authority" ${JSON.stringify(authority)} disagrees with userinfo/host/port, which give ${JSON.stringify(built)}`);
    }
    authority = built;
  } else {
    if (userinfo !== undefined || port !== undefined) {
      const k = userinfo !== undefined ? 'userinfo' : 'port';
      throw new UriSyntaxError(c[k]!, k, 0, [], `recompose: component "${k}" cannot be recomposed: ${k} is given without a host (iauthority = [ iuserinfo "@" ] ihost [ ":" port ])`);
    }
    if (authority !== undefined) check(authority, 'authority', 'iauthority');
  }
  if (query !== undefined) check(query, 'query', 'iquery');
  if (fragment !== undefined) check(fragment, 'fragment', 'ifragment');
  if (path !== '') {
    const rule: MappedRule = authority !== undefined ? 'ipath-abempty' : path[0] === '/' ? 'ipath-absolute' : scheme !== undefined ? 'ipath-rootless' : 'ipath-noscheme';
    check(path, 'path', rule);
  }
  return recomposeTrusted(scheme, authority, path, query, fragment);
}

function check(value: string, component: string, rule: MappedRule): void {
  const v = iriCheck(value, rule, true);
  if (!v.ok) throw iriError(value, rule, v, `recompose: component "${component}" cannot be recomposed`);
}

/** scheme and port are ASCII in RFC 3987 as in RFC 3986. */
function checkAscii(value: string, rule: 'scheme' | 'port'): void {
  const v = driver.verdict(value, rule);
  if (!v.ok) throw new UriSyntaxError(value, rule, v.index, v.expected, `recompose: component "${rule}" cannot be recomposed: not a valid ${rule}: at offset ${v.index}, ${foundAt(value, v.index)}`);
}
