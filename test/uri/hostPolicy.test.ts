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
    // Not globally reachable in the IANA special-purpose registries: no public server is there.
    ['https://[2001:db8::1]/', /documentation address \(2001:db8::\/32, RFC 3849\)/],
    ['https://[fec0::1]/', /site-local/],
    ['https://192.0.2.1/', /documentation address/],
    ['https://198.18.0.1/', /benchmarking/],
    ['https://224.0.0.1/', /multicast/],
    ['https://255.255.255.255/', /broadcast/],
    ['https://240.0.0.1/', /reserved/],
    ['https://[ff02::1]/', /multicast/],
    ['https://[64:ff9b:1::1]/', /local-use NAT64/],
  ])('%s is refused', (uri, why) => {
    expect(priv(uri)).toMatch(why);
    const r = webhook(uri);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message.split('\n')[0]).toMatch(/local or private host is not allowed/);
  });

  it.each([
    'https://example.com/', 'https://8.8.8.8/', 'https://172.32.0.1/', 'https://100.128.0.1/', 'https://[2606:4700:4700::1111]/',
    'https://[::ffff:8.8.8.8]/', 'https://localhost.example.com/', 'https://notlocalhost/', 'https://192.0.0.9/', 'https://[2001:1::1]/',
    'https://[64:ff9b::808:808]/', 'https://[2002:808:808::1]/', 'https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/',
  ])('%s is not private as written', (uri) => {
    expect(priv(uri)).toBeUndefined();
    expect(webhook(uri).ok).toBe(true);
  });

  it('is off by default, and in httpUrl', () => {
    expect(createValidator({})('https://127.0.0.1/').ok).toBe(true);
    expect(httpUrl('http://localhost:8080/').ok).toBe(true);
  });
});

describe('the host as the client reads it (issue 34)', () => {
  it.each([
    // The reproductions: each is loopback, 0.0.0.0 or 169.254.169.254 to Node's URL and fetch.
    ['https://0x7f000001/', '0x7f000001 is 127.0.0.1 to a browser or `fetch`: a loopback address (127.0.0.0/8'],
    ['https://0xa9fea9fe/latest/meta-data', '0xa9fea9fe is 169.254.169.254 to a browser or `fetch`: a link-local address'],
    ['https://127.0.0.0x1/', '127.0.0.0x1 is 127.0.0.1 to a browser or `fetch`: a loopback address'],
    ['https://0x0/', '0x0 is 0.0.0.0 to a browser or `fetch`: the unspecified address'],
    ['https://0x7f000001./', '0x7f000001. is 127.0.0.1 to a browser or `fetch`: a loopback address'],
    ['https://[2002:7f00:1::]/', '[2002:7f00:1::] carries 127.0.0.1, a loopback address (127.0.0.0/8), as a 6to4 address (2002::/16'],
    ['https://[::ffff:0:7f00:1]/', '[::ffff:0:7f00:1] carries 127.0.0.1, a loopback address (127.0.0.0/8), as an IPv4-translated (SIIT) IPv6 address (::ffff:0:0:0/96'],
    // Decimal, octal, short and mixed forms: refused because they are 127.0.0.1, not because the last label is all digits.
    ['https://2130706433/', '2130706433 is 127.0.0.1 to a browser or `fetch`: a loopback address'],
    ['https://017700000001/', '017700000001 is 127.0.0.1 to a browser or `fetch`: a loopback address'],
    ['https://0177.0.0.1/', '0177.0.0.1 is 127.0.0.1 to a browser or `fetch`: a loopback address'],
    ['https://127.1/', '127.1 is 127.0.0.1 to a browser or `fetch`: a loopback address'],
    ['https://10.1/', '10.1 is 10.0.0.1 to a browser or `fetch`: a private address (RFC 1918)'],
    ['https://169.254.43518/', '169.254.43518 is 169.254.169.254 to a browser or `fetch`: a link-local address'],
    ['https://0XA9.0376.0xa9FE/', '0XA9.0376.0xa9FE is 169.254.169.254 to a browser or `fetch`: a link-local address'],
    ['https://127.0.0.1./', '127.0.0.1. is 127.0.0.1 to a browser or `fetch`: a loopback address'],
    ['https://0x/', '0x is 0.0.0.0 to a browser or `fetch`'],
    // Percent-decoding and IDNA mapping come first: "%30" is "0", U+FF10 (fullwidth zero) maps to "0", U+3002 to ".".
    ['https://%30x7f000001/', '%30x7f000001 is 127.0.0.1 to a browser or `fetch`: a loopback address'],
    ['https://%EF%BC%90x7f000001/', 'is 127.0.0.1 to a browser or `fetch`: a loopback address'],
    ['https://127%E3%80%820.0.1/', 'is 127.0.0.1 to a browser or `fetch`: a loopback address'],
    ['https://%6Cocalhost/', '%6Cocalhost is localhost to a browser or `fetch`: it names this machine'],
    ['https://LOCALHOST%2E/', 'is localhost. to a browser or `fetch`: it names this machine'],
    // Every IPv6 form that carries an IPv4 address.
    ['https://[::ffff:a9fe:a9fe]/', '[::ffff:a9fe:a9fe] is 169.254.169.254 to a browser or `fetch`: a link-local address'],
    ['https://[::7f00:1]/', 'carries 127.0.0.1, a loopback address (127.0.0.0/8), as an IPv4-compatible IPv6 address'],
    ['https://[64:ff9b::7f00:1]/', 'carries 127.0.0.1, a loopback address (127.0.0.0/8), as a NAT64 well-known-prefix address (64:ff9b::/96'],
    ['https://[64:ff9b:1::a00:1]/', 'a local-use NAT64 address (64:ff9b:1::/48'],
    ['https://[2002:a9fe:a9fe::1]/', 'carries 169.254.169.254'],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'carries 127.0.0.1 (the Teredo client, its bits inverted), a loopback address'],
  ])('webhookUrl refuses %s', (uri, says) => {
    const r = webhook(uri);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const line = r.error.message.split('\n')[0];
    expect(line).toContain(says);
    expect(line).not.toMatch(/not a host name a client resolves/);
    expect('component' in r.error && r.error.component).toBe('host');
  });

  it('IPv4-compatible ::a.b.c.d keeps its own words (its embedding row), and ::1 and :: their own rows', () => {
    expect(priv('https://[::7f00:1]/')).toMatch(/IPv4-compatible/);
    expect(priv('https://[::1]/')).toBe('[::1] is the IPv6 loopback address (::1/128, RFC 4291 2.5.3)');
    expect(priv('https://[::]/')).toMatch(/^\[::\] is the IPv6 unspecified address/);
  });

  it.each([
    ['https://0x08080808/', '0x08080808 is 8.8.8.8 to a browser or `fetch`, but a name to look up to RFC 3986'],
    ['https://134744072/', '134744072 is 8.8.8.8 to a browser or `fetch`'],
    ['https://8.8.8.8./', '8.8.8.8. is 8.8.8.8 to a browser or `fetch`'],
    ['https://010.010.010.010/', '010.010.010.010 is 8.8.8.8 to a browser or `fetch`'],
  ])('hostSyntax "dns" refuses a public IPv4 address in a number form on purpose: %s', (uri, says) => {
    const r = httpUrl(uri);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message.split('\n')[0]).toContain(says);
    expect(r.error.message).toContain('write the address in dotted decimal (8.8.8.8)');
    expect(r.error.message).not.toMatch(/not a host name a client resolves/);
  });

  it.each([
    ['https://a.0x/', /"a" is not a number/], // ends in a number ("0x" is 0), so an IPv4 address, and not one
    ['https://1.2.3.4.5/', /all digits/],
    ['https://0x100.2.3.4/', /all digits, so a browser or `fetch` reads it as an IPv4 address, and it is not one/], // 0x100 is over 255
  ])('hostSyntax "dns" refuses what a client refuses: %s', (uri, why) => {
    const r = createValidator({ hostSyntax: 'dns' })(uri);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message.split('\n')[0]).toMatch(why);
  });

  it('hostSyntax "uri" and privateHosts true leave number forms alone (no rule asked)', () => {
    expect(createValidator({})('https://0x7f000001/').ok).toBe(true);
    expect(createValidator({ hostSyntax: 'uri', privateHosts: false })('https://0x08080808/').ok).toBe(true);
  });

  it('the private rule reads the host so for every scheme (getaddrinfo reads these forms too)', () => {
    const db = createValidator({ ...policyPresets.databaseUrl, privateHosts: false });
    const r = db('postgres://u@0x7f000001/db');
    expect(!r.ok && r.error.message).toMatch(/0x7f000001 is 127\.0\.0\.1/);
  });
});

describe('a host too long to map', () => {
  it('is refused by the private rule, not passed', () => {
    const r = createValidator({ privateHosts: false })('https://1' + '%C2%AD'.repeat(1000) + '27.0.0.1/');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/what a browser or `fetch` reaches is not known/);
  });
});
