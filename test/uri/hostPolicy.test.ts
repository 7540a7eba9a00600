/** Host rules of a policy (src/uri/hostPolicy.ts): hosts a client resolves, and private hosts as written. */
import { createValidator, policyPresets } from '../../src/uri/policy';
import { dnsHostProblem, privateHostProblem } from '../../src/uri/hostPolicy';
import { parse } from '../../src/index';

const httpUrl = createValidator(policyPresets.httpUrl);
const webhook = createValidator(policyPresets.webhookUrl);

/** What the host rule answers for the host of `uri` (the grammar's host and hostKind). */
const dns = (uri: string) => { const c = parse(uri, 'URI'); return dnsHostProblem(c.host!, c.hostKind); };
const priv = (uri: string) => { const c = parse(uri, 'URI'); return privateHostProblem(c.host!, c.hostKind); };

describe('hostSyntax "dns": the hosts an HTTP client resolves (default of httpUrl and webhookUrl)', () => {
  it.each([
    // The cases: valid RFC 3986 reg-names or IPvFuture, but no host a client resolves.
    ['https://1.2.3.4.5/', /all digits/],
    ['https://256.1.1.1/', /all digits/],
    ['https://-bad-.com/', /begins or ends with "-"/],
    ['https://.../', /empty label/],
    ['https://[v1.x]/', /IPvFuture/],
    ['https://ex%20ample.com/', /percent-encoded/],
    ['https://a..b/', /empty label/],
    ['https://.example.com/', /empty label/],
    ['https://my_host.example/', /other than letters, digits and "-"/],
    ['https://' + 'a'.repeat(64) + '.com/', /64 characters long \(at most 63\)/],
    ['https://' + ('a'.repeat(63) + '.').repeat(4) + 'com/', /at most 253/],
    ['https://example.123/', /all digits/],
  ])('%s is refused', (uri, why) => {
    const r = httpUrl(uri);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.name).toBe('UriPolicyError');
    expect([r.error.message.split('\n')[0], 'component' in r.error && r.error.component]).toEqual([expect.stringMatching(why), 'host']);
  });

  it.each([
    'https://example.com/', 'https://example.com./', 'https://EXAMPLE.com/', 'https://a/', 'https://xn--bcher-kva.de/',
    'https://1.2.3.4/', 'https://[::1]/', 'https://[2001:db8::1]:8443/x', 'https://a-b.c-d.example/',
    'https://' + ('a'.repeat(63) + '.').repeat(3) + 'a'.repeat(61) + '/', // 253 characters
    'https://123.example/',
  ])('%s is a host a client resolves', (uri) => {
    expect(dns(uri)).toBeUndefined();
    expect(httpUrl(uri).ok).toBe(true);
  });

  it('a suggestion never proposes a host the policy refuses', () => {
    const r = httpUrl('https://exa mple.com');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.suggestion).toBeUndefined(); // "exa%20mple.com" is a reg-name, not a DNS name
    const fine = httpUrl('https://example.com/my file');
    expect(!fine.ok && fine.error.suggestion).toBe('https://example.com/my%20file');
  });

  it('hostSyntax "uri" (the default without a preset) keeps every RFC 3986 host', () => {
    expect(createValidator({ host: 'required' })('https://1.2.3.4.5/').ok).toBe(true);
    expect(createValidator({ hostSyntax: 'uri' })('https://[v1.x]/').ok).toBe(true);
  });
});

describe('privateHosts false: hosts that name this machine or a private network, as written (default of webhookUrl)', () => {
  it.each([
    ['https://localhost/', /localhost/],
    ['https://LOCALHOST./', /localhost/],
    ['https://api.localhost/', /localhost/],
    ['https://127.0.0.1/', /loopback/],
    ['https://127.255.255.254/', /loopback/],
    ['https://10.0.0.1/', /RFC 1918/],
    ['https://172.16.0.1/', /RFC 1918/],
    ['https://172.31.255.255/', /RFC 1918/],
    ['https://192.168.1.1/', /RFC 1918/],
    ['https://169.254.169.254/', /link-local/],
    ['https://100.64.0.1/', /CGNAT/],
    ['https://0.0.0.0/', /unspecified/],
    ['https://[::1]/', /loopback/],
    ['https://[0:0:0:0:0:0:0:1]/', /loopback/],
    ['https://[::]/', /unspecified/],
    ['https://[fc00::1]/', /unique local/],
    ['https://[fd12:3456::1]/', /unique local/],
    ['https://[fe80::1]/', /link-local/],
    ['https://[FEBF::1]/', /link-local/],
    ['https://[::ffff:127.0.0.1]/', /loopback.*IPv4-mapped/],
    ['https://[::ffff:7f00:1]/', /loopback.*IPv4-mapped/],
    ['https://[::ffff:10.1.2.3]/', /RFC 1918.*IPv4-mapped/],
    ['https://[::ffff:a9fe:a9fe]/', /link-local.*IPv4-mapped/],
    ['https://[::127.0.0.1]/', /loopback.*IPv4-compatible/],
  ])('%s is refused', (uri, why) => {
    expect(priv(uri)).toMatch(why);
    const r = webhook(uri);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message.split('\n')[0]).toMatch(/local or private host is not allowed/);
  });

  it.each([
    'https://example.com/', 'https://8.8.8.8/', 'https://172.32.0.1/', 'https://100.128.0.1/', 'https://[2001:db8::1]/',
    'https://[fec0::1]/', 'https://[::ffff:8.8.8.8]/', 'https://localhost.example.com/', 'https://notlocalhost/',
  ])('%s is not private as written', (uri) => {
    expect(priv(uri)).toBeUndefined();
    expect(webhook(uri).ok).toBe(true);
  });

  it('is off by default, and in httpUrl', () => {
    expect(createValidator({})('https://127.0.0.1/').ok).toBe(true);
    expect(httpUrl('http://localhost:8080/').ok).toBe(true);
  });
});
