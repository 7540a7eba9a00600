/**
 * Policies: what a config loader means by "a URL", on top of the grammar. The grammar says
 * whether the text is a URI (RFC 3986 Appendix A); a policy then says which URIs this
 * application takes: which schemes, whether there must be a host, whether credentials may be
 * written, which ports, whether a query or fragment may be there, whether a relative reference
 * will do.
 *
 *   const check = createValidator({ schemes: ['https'], host: 'required', userinfo: 'forbidden' });
 *   check('https://example.com/hook')  // { ok: true, components }
 *   check('http://example.com/hook')   // { ok: false, error: UriPolicyError (component 'scheme') }
 *
 * A syntax error is a `UriSyntaxError` as from `validate`; a text that is a URI but breaks
 * the policy is a `UriPolicyError` that names the component and its span. A password never
 * appears in a policy error: its input, message and caret line show it redacted (`***`).
 */
import { isScheme } from './scheme';
import { dnsHostProblem, privateHostProblem } from './hostPolicy';
import { clientHost } from './clientHost';
import { hostlessSpecial, platformUrl, whatReadingDiffers } from './whatwgReading';
import { parse, type UriComponents, type ComponentRule, COMPONENT_RULES } from './components';
import { UriSyntaxError, caretLines } from './errors';
import { REDACTED, secretSpan, shownEnd, shownIndex, shownSuggestion, withoutPassword } from './redact';
import { givenOf } from '../engine/errors';
import { passwordsRevealed, revealed, scrubQuoted, secretForms } from '../engine/secrets';
import { expectPlainObject } from '../engine/options';
import { attachHint, findHint, type Checker, type HintKind } from './hints';

/** The components a policy speaks about. */
export type PolicyComponent = 'scheme' | 'userinfo' | 'host' | 'port' | 'query' | 'fragment';

export interface PolicyOptions {
  /** The grammar rule: default `URI`, or `URI-reference` when `relative` is true. */
  readonly rule?: ComponentRule;
  /** Allowed schemes, compared case-insensitively (RFC 3986 3.1). Default: any. */
  readonly schemes?: readonly string[];
  /** `required`: a non-empty host; `forbidden`: no host (absent or empty, as in `file:///x`). Default `optional`. */
  readonly host?: 'required' | 'forbidden' | 'optional';
  /** `forbidden`: no userinfo (no `@` in the authority); `no-password`: no data after a `:` in it (3.2.1). Default `allowed`. */
  readonly userinfo?: 'allowed' | 'forbidden' | 'no-password';
  /** `[min, max]` for a port that is written (an empty port, `host:`, means the default; 3.2.3). Default `[0, 65535]`. */
  readonly port?: readonly [number, number];
  /** May a query be there? Default true. */
  readonly query?: boolean;
  /** May a fragment be there? Default true. */
  readonly fragment?: boolean;
  /**
   * May the input be a relative reference (no scheme)? Default false unless `rule` allows one.
   * A path, query or fragment reference (`/cb`, `?x`, `#f`) is then checked by the path, query
   * and fragment rules only: its host is the base's.
   */
  readonly relative?: boolean;
  /**
   * With `relative`: may the reference be a network-path reference (`//host/path`, RFC 3986
   * 4.2)? It names another host under the base's scheme, the open-redirect shape, so it is
   * refused unless this is true; then its host passes the host rules. Default false.
   */
  readonly networkPath?: boolean;
  /**
   * `dns`: the host must be one an HTTP client resolves: a DNS name (LDH labels of 1-63
   * characters, at most 253 in all, an optional final root dot, a last label not all digits, no
   * percent-encoding), an IPv4 address in dotted decimal, or an IPv6 literal (src/uri/hostPolicy.ts).
   * A name a browser or `fetch` reads as an IPv4 address (`0x7f000001`, `127.1`) is refused.
   * `uri`: any RFC 3986 host. Default `uri`.
   */
  readonly hostSyntax?: 'uri' | 'dns';
  /**
   * `false`: refuse hosts that reach this machine, a private network or another address no
   * public server has, as the client reads the host (`localhost`, `0x7f000001`, `[::ffff:a9fe:a9fe]`:
   * the ranges of src/uri/specialAddresses.ts). A DNS name can still resolve to such an address:
   * only a check after resolution catches that. Default true.
   */
  readonly privateHosts?: boolean;
  /**
   * `true`: read the input a second time with the platform's WHATWG `URL` (browsers, Node ≥ 20)
   * and refuse it unless both readings agree on scheme, host and port; a reference without a
   * scheme is read against a placeholder base of the policy's first scheme. Default false; true
   * in `httpUrl` and `webhookUrl`.
   */
  readonly whatwgReading?: boolean;
  /**
   * `true`: errors show a password as written (in `input`, the message, the caret line, `hint`
   * and `suggestion`), for a view that must show the raw text, such as a teaching playground.
   * Default false: every error shows it as `***`, in every reading of the text (docs/hardening.md).
   */
  readonly revealPasswords?: boolean;
}

export type PolicyResult =
  | { ok: true; components: UriComponents }
  | { ok: false; error: UriSyntaxError | UriPolicyError };

/** A URI that is valid by the grammar and breaks a policy. */
export class UriPolicyError extends Error {
  override readonly name = 'UriPolicyError';
  /** How to fix it, when a known mistake fits (src/uri/hints.ts; also in the message). */
  declare readonly hint?: string;
  declare readonly hintKind?: HintKind;
  declare readonly hintIndex?: number;
  /** The corrected input, checked valid under the same policy (never for an input with a password). */
  declare readonly suggestion?: string;
  constructor(
    /** The text checked (with any password shown as `***`). */
    readonly input: string,
    /** The grammar rule it matched. */
    readonly rule: string,
    /** The component that breaks the policy. */
    readonly component: PolicyComponent,
    /** Offset of the component (where it is, or where it would begin) in `input`. */
    readonly index: number,
    /** Offset just past the component (`index` when it is absent or empty). */
    readonly end: number,
    /** What the policy says, one line: `scheme "ftp" is not allowed (allowed: http, https)`. */
    readonly reason: string,
  ) {
    super(`${reason}: ${component} at offset ${index}${end > index ? `-${end}` : ''}\n${caretLines(input, index, end)}`);
  }
}

/** Read once, checked, frozen: the options a validator works with. */
interface Policy {
  readonly rule: ComponentRule;
  readonly schemes: readonly string[] | undefined;
  readonly host: 'required' | 'forbidden' | 'optional';
  readonly userinfo: 'allowed' | 'forbidden' | 'no-password';
  readonly port: readonly [number, number];
  readonly query: boolean;
  readonly fragment: boolean;
  readonly relative: boolean;
  readonly networkPath: boolean;
  readonly hostSyntax: 'uri' | 'dns';
  readonly privateHosts: boolean;
  readonly whatwgReading: boolean;
  /** What a reference without a scheme is read against, for `whatwgReading`. */
  readonly base: string;
  readonly revealPasswords: boolean;
}

/**
 * Every policy option and the values it takes, as JSON Schema: the one list of them. readPolicy
 * refuses a key that is not here, and the ajv plugin's `uriPolicy` keyword (src/ajv.ts) takes its
 * schema from it, so the two cannot drift; `satisfies` makes an option of PolicyOptions missing
 * here, or one here that PolicyOptions lacks, a compile error. (readPolicy checks more than the
 * schema says: scheme names, a port range's order, options that contradict each other.)
 */
export const POLICY_OPTION_SCHEMAS = {
  rule: { type: 'string', enum: COMPONENT_RULES },
  schemes: { type: 'array', minItems: 1, items: { type: 'string' } },
  host: { type: 'string', enum: ['required', 'forbidden', 'optional'] },
  userinfo: { type: 'string', enum: ['allowed', 'forbidden', 'no-password'] },
  port: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0 } },
  query: { type: 'boolean' },
  fragment: { type: 'boolean' },
  relative: { type: 'boolean' },
  networkPath: { type: 'boolean' },
  hostSyntax: { type: 'string', enum: ['uri', 'dns'] },
  privateHosts: { type: 'boolean' },
  whatwgReading: { type: 'boolean' },
  revealPasswords: { type: 'boolean' },
} as const satisfies { readonly [K in keyof Required<PolicyOptions>]: { readonly type: string; readonly enum?: readonly NonNullable<PolicyOptions[K]>[]; readonly [keyword: string]: unknown } };

/** The names of the policy options. */
export const POLICY_OPTIONS = Object.freeze(Object.keys(POLICY_OPTION_SCHEMAS)) as readonly (keyof PolicyOptions)[];
const KEYS: readonly string[] = POLICY_OPTIONS;

/** The options, own properties only, checked: a `TypeError` naming the option otherwise. */
export function readPolicy(options: unknown, fn = 'createValidator'): Policy {
  if (options === undefined) options = {};
  expectPlainObject(options, 'options', fn);
  const o = options as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!KEYS.includes(k)) throw new TypeError(`${fn}: unknown option "${k}" (options: ${KEYS.join(', ')})`);
  // Each own property read once (a getter cannot answer two ways; the prototype is never read).
  const values = new Map<string, unknown>();
  for (const k of KEYS) if (Object.prototype.hasOwnProperty.call(o, k)) values.set(k, o[k]);
  const own = (k: string): unknown => values.get(k);
  const bad = (k: string, what: string) => new TypeError(`${fn}: option "${k}" must be ${what}`);
  const oneOf = <T extends string>(k: string, allowed: readonly T[], dflt: T): T => {
    const v = own(k);
    if (v === undefined) return dflt;
    if (!allowed.includes(v as T)) throw bad(k, allowed.map((a) => JSON.stringify(a)).join(' or '));
    return v as T;
  };
  const bool = (k: string, dflt: boolean): boolean => {
    const v = own(k);
    if (v === undefined) return dflt;
    if (typeof v !== 'boolean') throw bad(k, 'a boolean');
    return v;
  };
  const rule = own('rule');
  if (rule !== undefined && !(COMPONENT_RULES as readonly unknown[]).includes(rule)) throw bad('rule', COMPONENT_RULES.join(', '));
  const relativeGiven = own('relative');
  const relative = bool('relative', rule === 'URI-reference' || rule === 'relative-ref');
  // Options that contradict each other are refused alike here and on the command line, which
  // reports this TypeError's message.
  if (rule === 'relative-ref' && relativeGiven === false) throw bad('relative', 'true (or absent) with rule "relative-ref"');
  if (relativeGiven === true && (rule === 'URI' || rule === 'absolute-URI')) {
    throw new TypeError(`${fn}: option "relative" contradicts option "rule" ${JSON.stringify(rule)} (a ${rule} has a scheme; use rule "URI-reference")`);
  }
  const networkPath = bool('networkPath', false);
  if (networkPath && !relative) throw new TypeError(`${fn}: option "networkPath" needs relative references (option "relative": true)`);
  const schemesIn = own('schemes');
  let schemes: string[] | undefined;
  if (schemesIn !== undefined) {
    const list: unknown[] | undefined = Array.isArray(schemesIn) ? [...schemesIn] : undefined; // read once
    if (!list || list.length === 0 || !list.every((s) => typeof s === 'string' && isScheme(s))) {
      throw bad('schemes', 'a non-empty array of scheme names (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ))');
    }
    schemes = (list as string[]).map((s) => s.toLowerCase());
  }
  const portIn = own('port');
  let port: [number, number] = [0, 65535];
  if (portIn !== undefined) {
    const pair: unknown[] | undefined = Array.isArray(portIn) ? [...portIn] : undefined; // read once
    const ok = pair && pair.length === 2 && pair.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) && (pair[0] as number) <= (pair[1] as number);
    if (!ok) throw bad('port', 'a range [min, max] of integers, 0 <= min <= max');
    port = [pair[0] as number, pair[1] as number];
  }
  const whatwgReading = bool('whatwgReading', false);
  if (whatwgReading && !platformUrl()) throw new TypeError(`${fn}: option "whatwgReading" needs the platform's WHATWG URL (globalThis.URL), which this environment lacks`);
  return Object.freeze({
    rule: (rule as ComponentRule | undefined) ?? (relative ? 'URI-reference' : 'URI'),
    schemes: schemes && Object.freeze(schemes),
    host: oneOf('host', POLICY_OPTION_SCHEMAS.host.enum, 'optional'),
    userinfo: oneOf('userinfo', POLICY_OPTION_SCHEMAS.userinfo.enum, 'allowed'),
    port: Object.freeze(port) as readonly [number, number],
    query: bool('query', true),
    fragment: bool('fragment', true),
    relative,
    networkPath,
    hostSyntax: oneOf('hostSyntax', POLICY_OPTION_SCHEMAS.hostSyntax.enum, 'uri'),
    privateHosts: bool('privateHosts', true),
    whatwgReading,
    base: `${schemes?.[0] ?? 'https'}://base.invalid/`,
    revealPasswords: bool('revealPasswords', false),
  });
}

/**
 * A function that checks one input against the grammar and then the policy. Errors carry a
 * `hint` (and a `suggestion` checked valid under the same rule and policy) when a known
 * mistake fits: src/uri/hints.ts.
 */
export function createValidator(options?: PolicyOptions): (input: string) => PolicyResult {
  const policy = readPolicy(options);
  const check = (input: string): PolicyResult => {
    let c: UriComponents;
    try {
      c = parse(input, policy.rule);
    } catch (e) {
      if (e instanceof UriSyntaxError) return { ok: false, error: e };
      throw e;
    }
    const error = breach(input, c, policy);
    return error ? { ok: false, error } : { ok: true, components: c };
  };
  // The offset in the text as given (a syntax error shows it with any password hidden).
  const where: Checker = (s) => {
    const r = check(s);
    return r.ok ? undefined : r.error instanceof UriPolicyError ? r.error.index : givenOf(r.error).index;
  };
  const validator = (input: string): PolicyResult => {
    if (typeof input !== 'string') throw new TypeError(`createValidator: input must be a string, got ${input === null ? 'null' : typeof input}`);
    const r = check(input);
    if (r.ok) return r;
    const e = r.error;
    // The hint and its suggestion are worked out on the text as given (a suggestion must pass
    // this policy as it is); then everything the error carries is redacted.
    const hint = findHint(
      e instanceof UriPolicyError
        ? { input, rule: e.rule, index: e.index, component: e.component, reason: e.reason, schemes: policy.schemes }
        : { input, rule: e.rule, index: givenOf(e).index },
      where,
    );
    const hinted = attachHint(e, hint);
    return { ok: false, error: hinted instanceof UriPolicyError ? policyWithoutPassword(hinted) : withoutPassword(hinted, input) };
  };
  return policy.revealPasswords ? (input: string) => revealed(true, () => validator(input)) : validator;
}

/** A policy error remade with the password redacted from everything it carries (see `withoutPassword`). */
function policyWithoutPassword(e: UriPolicyError): UriPolicyError {
  if (passwordsRevealed()) return e;
  const span = secretSpan(e.input);
  if (!span) return e;
  const forms = secretForms(e.input, span);
  const shown = e.input.slice(0, span[0]) + REDACTED + e.input.slice(span[1]);
  const out = policyError0(e, shown, shownIndex(e.index, span), shownEnd(e.end, span), scrubQuoted(e.reason, forms));
  if (e.hint === undefined || e.hintKind === undefined) return out;
  return attachHint(out, {
    kind: e.hintKind, text: scrubQuoted(e.hint, forms), index: shownIndex(e.hintIndex ?? e.index, span), suggestion: shownSuggestion(e.suggestion, forms),
  });
}

/** A policy error like `e`, made afresh (no stack of `e`) for the text `input`. */
function policyError0(e: UriPolicyError, input: string, index: number, end: number, reason: string): UriPolicyError {
  return new UriPolicyError(input, e.rule, e.component, index, end, reason);
}

/** Where each component stands in the text, from the components (RFC 3986 5.3 recomposition). */
export function spans(c: UriComponents): Record<PolicyComponent | 'authority' | 'path', [number, number]> {
  const scheme: [number, number] = [0, c.scheme?.length ?? 0];
  let at = c.scheme === undefined ? 0 : c.scheme.length + 1;
  let authority: [number, number] = [at, at];
  let userinfo: [number, number] = [at, at];
  let host: [number, number] = [at, at];
  let port: [number, number] = [at, at];
  if (c.authority !== undefined) {
    at += 2; // "//"
    authority = [at, at + c.authority.length];
    userinfo = [at, at + (c.userinfo?.length ?? 0)];
    const hostAt = c.userinfo === undefined ? at : at + c.userinfo.length + 1;
    host = [hostAt, hostAt + (c.host?.length ?? 0)];
    const portAt = c.port === undefined ? host[1] : host[1] + 1;
    port = [portAt, portAt + (c.port?.length ?? 0)];
    at = authority[1];
  }
  const path: [number, number] = [at, at + c.path.length];
  at = path[1];
  const query: [number, number] = c.query === undefined ? [at, at] : [at + 1, at + 1 + c.query.length];
  if (c.query !== undefined) at = query[1];
  const fragment: [number, number] = c.fragment === undefined ? [at, at] : [at + 1, at + 1 + c.fragment.length];
  return { scheme, authority, userinfo, host, port, path, query, fragment };
}

/** The first rule of the policy the components break, as an error; undefined when none. */
function breach(input: string, c: UriComponents, p: Policy): UriPolicyError | undefined {
  const fail = (component: PolicyComponent, reason: string) => policyError(input, c, p.rule, component, reason);
  if (c.scheme === undefined) {
    if (!p.relative) return fail('scheme', 'a relative reference is not allowed here: a scheme is required');
    if (c.authority !== undefined && !p.networkPath) {
      return fail('host', 'a network-path reference ("//" and a host) is not allowed here: it names another host; write the scheme, or allow it with networkPath');
    }
  } else if (p.schemes && !p.schemes.includes(c.scheme.toLowerCase())) {
    return fail('scheme', `scheme ${JSON.stringify(c.scheme)} is not allowed (allowed: ${p.schemes.join(', ')})`);
  } else if (p.relative || p.whatwgReading) {
    // Where references are taken, `https:evil.com` is one the client resolves to evil.com.
    const why = hostlessSpecial(input, c);
    if (why) return fail('host', why);
  }
  // A path, query or fragment reference has the base's authority: only its own parts are checked.
  if (c.scheme !== undefined || c.authority !== undefined) {
    if (c.userinfo !== undefined) {
      if (p.userinfo === 'forbidden') return fail('userinfo', 'userinfo (credentials before "@") is not allowed');
      const colon = c.userinfo.indexOf(':');
      if (p.userinfo === 'no-password' && colon >= 0 && colon < c.userinfo.length - 1) {
        return fail('userinfo', 'a password in the userinfo is not allowed (RFC 3986 3.2.1: "user:password" is deprecated)');
      }
    }
    const hasHost = c.host !== undefined && c.host !== '';
    if (p.host === 'required' && !hasHost) {
      return fail('host', c.authority === undefined ? 'a host is required ("//" and a host after the scheme)' : 'a host is required (the host is empty)');
    }
    if (p.host === 'forbidden' && hasHost) return fail('host', 'a host is not allowed');
    if (hasHost && (!p.privateHosts || p.hostSyntax === 'dns')) {
      const read = clientHost(c.host!); // the host as a browser or `fetch` reads it
      const local = p.privateHosts ? undefined : privateHostProblem(c.host!, c.hostKind, read);
      if (local) return fail('host', `a local or private host is not allowed: ${local}`);
      const dns = p.hostSyntax === 'dns' ? dnsHostProblem(c.host!, c.hostKind, read) : undefined;
      if (dns) return fail('host', dns);
    }
    if (c.port !== undefined && c.port !== '') {
      const [min, max] = p.port;
      const digits = c.port.replace(/^0+(?=.)/, '');
      const n = digits.length > 15 ? Infinity : Number(digits);
      if (n < min || n > max) return fail('port', `port ${c.port.length > 20 ? `${c.port.slice(0, 20)}…` : c.port} is out of range (${min}-${max})`);
    }
  }
  if (c.query !== undefined && !p.query) return fail('query', 'a query ("?") is not allowed');
  if (c.fragment !== undefined && !p.fragment) return fail('fragment', 'a fragment ("#") is not allowed');
  if (p.whatwgReading) {
    const why = whatReadingDiffers(input, c, p.base, platformUrl()!);
    if (why) return fail('host', why);
  }
  return undefined;
}

/** The error for the component (redacted by `policyWithoutPassword` before it is returned). */
function policyError(input: string, c: UriComponents, rule: string, component: PolicyComponent, reason: string): UriPolicyError {
  const [index, end] = spans(c)[component];
  return new UriPolicyError(input, rule, component, index, end, reason);
}

/**
 * Examples of policies, not magic: spread one and change what your application needs,
 * `createValidator({ ...policyPresets.httpUrl, schemes: ['https'] })`.
 */
export const policyPresets = Object.freeze({
  /** An http(s) URL: a host a client resolves (hostSyntax dns); no userinfo (RFC 9110 4.2.4: a sender must not generate it); port 1-65535; read alike by RFC 3986 and WHATWG (whatwgReading). */
  httpUrl: Object.freeze({
    schemes: Object.freeze(['http', 'https']), host: 'required', userinfo: 'forbidden', port: Object.freeze([1, 65535]), hostSyntax: 'dns', whatwgReading: true,
  }) as PolicyOptions,
  /**
   * A database URL: common database schemes, a host, credentials allowed (they are usual here:
   * keep such URLs out of logs, see `redact`), port 1-65535, no fragment. One host only: RFC
   * 3986 has no syntax for `mongodb://h1:1,h2:2/` host lists.
   */
  databaseUrl: Object.freeze({
    schemes: Object.freeze(['postgres', 'postgresql', 'mysql', 'mariadb', 'mongodb', 'mongodb+srv', 'redis', 'rediss', 'sqlserver', 'mssql']),
    host: 'required', port: Object.freeze([1, 65535]), fragment: false,
  }) as PolicyOptions,
  /**
   * A webhook target: https only, a host a client resolves and not this machine or a private
   * network as written (resolve and check the address too: docs/policy.md), no credentials in
   * the URL, port 1-65535, no fragment (never sent), read alike by RFC 3986 and WHATWG.
   */
  webhookUrl: Object.freeze({
    schemes: Object.freeze(['https']), host: 'required', userinfo: 'forbidden', port: Object.freeze([1, 65535]), fragment: false,
    hostSyntax: 'dns', privateHosts: false, whatwgReading: true,
  }) as PolicyOptions,
});
