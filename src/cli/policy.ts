/**
 * The policy flags of `validate` (src/uri/policy.ts): `--scheme https --require-host --no-userinfo
 * --port 1-65535 ...`. Any of them turns the policy on (and with it the default port range
 * 0-65535 and the rule URI, or URI-reference with --relative).
 */
import type { PolicyOptions, PolicyResult } from '../uri/policy';
import type { ComponentRule } from '../uri/components';
import { Usage, show, type OptionTable } from './args';
import type { Context } from './command';
import { isScheme } from '../uri/scheme';

/** The policy layer, loaded when a policy is asked for (a plain batch does not pay for it). */
const policyModule = () => require('../uri/policy') as typeof import('../uri/policy');
const COMPONENT_RULES: readonly ComponentRule[] = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'];
/** Names of `policyPresets` (test/cli/cli.test.ts checks they are the same). */
export const PRESET_NAMES = ['httpUrl', 'databaseUrl', 'webhookUrl'] as const;

export const POLICY_OPTIONS: OptionTable = {
  preset: { value: 'NAME', help: `start from a preset policy: ${PRESET_NAMES.join(', ')}` },
  scheme: { value: 'S', repeat: true, help: 'allowed scheme(s), case-insensitive; comma-separated or repeated' },
  'require-host': { help: 'a non-empty host is required' },
  'no-host': { help: 'no host (absent or empty)' },
  'no-userinfo': { help: 'no userinfo ("user@" or "user:password@")' },
  'no-password': { help: 'no password in the userinfo ("user@" is fine)' },
  port: { value: 'MIN-MAX', help: 'allowed port range, or one port (default with a policy: 0-65535)' },
  'no-query': { help: 'no query ("?...")' },
  'no-fragment': { help: 'no fragment ("#...")' },
  relative: { help: 'relative references allowed (rule URI-reference)' },
  'network-path': { help: 'with --relative: "//host/path" references allowed too (their host passes the host rules)' },
  'host-syntax': { value: 'uri|dns', help: 'dns: a host a client resolves (DNS name, dotted IPv4, IPv6 literal); uri: any RFC 3986 host' },
  'no-private-host': { help: 'no host that reaches this machine or a private network as a client reads it (localhost, 0x7f000001, 10.0.0.0/8, ...)' },
  'whatwg-reading': { help: 'read the input again with the WHATWG URL parser and refuse it unless scheme, host and port agree' },
};

/** The policy the flags ask for, or undefined when none is asked for. */
export function policyFromFlags(ctx: Context): PolicyOptions | undefined {
  const o = ctx.opts;
  if (!Object.keys(POLICY_OPTIONS).some((k) => o.has(k))) return undefined;
  if (ctx.grammar.name !== 'rfc3986') throw new Usage('validate: policy options work with the rfc3986 grammar only');
  const { policyPresets } = policyModule();
  let p: Record<string, unknown> = {};
  const preset = o.get('preset') as string | undefined;
  if (preset !== undefined) {
    if (!Object.prototype.hasOwnProperty.call(policyPresets, preset)) throw new Usage(`validate: unknown preset ${show(preset)} (${Object.keys(policyPresets).join(', ')})`);
    p = { ...policyPresets[preset as keyof typeof policyPresets] };
  }
  if (o.has('rule')) {
    if (!(COMPONENT_RULES as readonly string[]).includes(ctx.rule)) throw new Usage(`validate: with a policy, --rule is one of ${COMPONENT_RULES.join(', ')}`);
    p.rule = ctx.rule as ComponentRule;
  }
  const schemes = (o.get('scheme') as string[] | undefined)?.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
  if (schemes) {
    const badScheme = schemes.find((s) => !isScheme(s));
    if (badScheme !== undefined || !schemes.length) throw new Usage(`validate: --scheme ${show(badScheme ?? '')} is not a scheme name`);
    p.schemes = schemes;
  }
  if (o.has('require-host') && o.has('no-host')) throw new Usage('validate: --require-host and --no-host contradict each other');
  if (o.has('require-host')) p.host = 'required';
  if (o.has('no-host')) p.host = 'forbidden';
  if (o.has('no-userinfo')) p.userinfo = 'forbidden';
  else if (o.has('no-password')) p.userinfo = 'no-password';
  const port = o.get('port') as string | undefined;
  if (port !== undefined) {
    const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(port);
    const range = m ? [Number(m[1]), Number(m[2] ?? m[1])] : undefined;
    if (!range || range[0] > range[1] || range[1] > 65535) throw new Usage(`validate: --port ${show(port)}: want MIN-MAX or N within 0-65535`);
    p.port = range;
  }
  if (o.has('no-query')) p.query = false;
  if (o.has('no-fragment')) p.fragment = false;
  // Contradictions (--relative with --rule URI, ...) are the library's TypeErrors (policyCheck).
  if (o.has('relative')) p.relative = true;
  if (o.has('network-path')) p.networkPath = true;
  const hostSyntax = o.get('host-syntax') as string | undefined;
  if (hostSyntax !== undefined) {
    if (hostSyntax !== 'uri' && hostSyntax !== 'dns') throw new Usage(`validate: --host-syntax ${show(hostSyntax)}: want uri or dns`);
    p.hostSyntax = hostSyntax;
  }
  if (o.has('no-private-host')) p.privateHosts = false;
  if (o.has('whatwg-reading')) p.whatwgReading = true;
  return p as PolicyOptions;
}

export function policyCheck(policy: PolicyOptions): (input: string) => PolicyResult {
  try {
    return policyModule().createValidator(policy);
  } catch (e) {
    if (e instanceof TypeError) throw new Usage(`validate: ${e.message}`);
    throw e;
  }
}

/** The rule the policy checks against (for the summary line). */
export function policyRule(policy: PolicyOptions): string {
  return policy.rule ?? (policy.relative ? 'URI-reference' : 'URI');
}
