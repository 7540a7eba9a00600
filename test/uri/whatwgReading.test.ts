/**
 * One reading or none (src/uri/whatwgReading.ts, option `whatwgReading`): the input read a second
 * time with the platform's WHATWG `URL`; the open-redirect shapes RFC 3986 reads without a host.
 */
import * as net from 'net';
import fc from 'fast-check';
import { createValidator, policyPresets, UriPolicyError } from '../../src/uri/policy';
import { parse } from '../../src/index';

const webhook = createValidator(policyPresets.webhookUrl);
const reason = (r: ReturnType<typeof webhook>) => (r.ok ? undefined : r.error instanceof UriPolicyError ? r.error.reason : r.error.message);

describe('open-redirect shapes: references the client resolves to another host (issue 34, item 4)', () => {
  const references = createValidator({ relative: true, schemes: ['https'] });
  it.each(['https:evil.com', 'https:/evil.com', 'https:///evil.com', 'HTTPS:evil.com', 'https:evil.com/path?q', 'https:/\u0065vil.com:8443/x'])('%s is refused where references are taken', (input) => {
    const r = references(input);
    expect(r.ok).toBe(false);
    expect(reason(r)).toMatch(/^RFC 3986 reads no host here \((no "\/\/" after "https:"|an empty host after "\/\/")\), and a browser or `fetch` reads https:\/\/evil\.com(:8443)?\/.* \(host "evil\.com"\)/i);
    expect(!r.ok && r.error instanceof UriPolicyError && r.error.component).toBe('host');
  });

  it.each(['/cb', 'cb?x=1', '?x', '#f', 'https://good.example/cb', './evil.com', 'evil.com'])('%s is still taken (it keeps the base host, or names its own)', (input) => {
    expect(references(input).ok).toBe(true);
  });

  it('is refused by whatwgReading without relative references too; with neither, it is left to the caller (docs/policy.md)', () => {
    expect(createValidator({ schemes: ['https'], whatwgReading: true })('https:/evil.com').ok).toBe(false);
    expect(createValidator({ schemes: ['https'] })('https:/evil.com').ok).toBe(true);
    // Not a special scheme: the WHATWG URL reads no host there either.
    expect(createValidator({ relative: true })('mailto:evil.com').ok).toBe(true);
  });

  it('the message holds no password from either reading', () => {
    const r = references('https:/user:hunter2@evil.com/');
    expect(r.ok).toBe(false);
    expect(reason(r)).toContain('https://user:***@evil.com/');
    expect(reason(r)).not.toContain('hunter2');
  });
});

describe('whatwgReading: both readings agree on scheme, host and port, or the input is refused', () => {
  const both = createValidator({ whatwgReading: true });
  it.each([
    ['https://0x7f000001/', 'host', '"0x7f000001"', '"127.0.0.1"'],
    ['http://0x08080808/', 'host', '"0x08080808"', '"8.8.8.8"'],
    ['https://8.8.8.8./', 'host', '"8.8.8.8."', '"8.8.8.8"'],
    ['https://%C3%A9xample.com/', 'host', '"%C3%A9xample.com"', '"xn--xample-9ua.com"'],
    ['https:evil.com', 'host', 'RFC 3986 reads no host', 'https://evil.com/'],
  ])('%s differs in the %s', (input, what, rfc, whatwg) => {
    const r = both(input);
    expect(r.ok).toBe(false);
    const why = reason(r)!;
    expect(why).toContain(rfc);
    expect(why).toContain(whatwg);
    if (!why.startsWith('RFC 3986 reads no host')) expect(why).toMatch(new RegExp(`^the two readings differ in the ${what}: RFC 3986 reads scheme "https?", host ${rfc}.*; a browser or \`fetch\` \\(WHATWG URL\\) reads .*host ${whatwg}`));
  });

  it.each(['https://xn--a/', 'https://exa%20mple.com/', 'http://a.0x/'])('%s: the client refuses it, the error says so', (input) => {
    const r = both(input);
    expect(r.ok).toBe(false);
    expect(reason(r)).toMatch(/^a browser or `fetch` \(WHATWG URL\) refuses it, while RFC 3986 reads scheme "https?", host /);
  });

  it.each([
    'https://example.com/', 'HTTPS://EXAMPLE.com:443/a?b#c', 'http://example.com:0080/', 'https://ex%41mple.com/', 'https://[::FFFF:127.0.0.1]/',
    'https://[2001:db8:0:0:0:0:0:1]:8443/', 'wss://example.com/socket', 'ftp://example.com:21/f', 'foo://Example/x', 'mailto:a@b.example', 'urn:isbn:0451450523',
    'https://u:p@example.com/', 'https://example.com./',
  ])('%s: the readings agree', (input) => {
    expect(both(input)).toMatchObject({ ok: true });
  });

  it('reads a reference against a base of the policy\'s first scheme: a network path must agree too', () => {
    const refs = createValidator({ relative: true, networkPath: true, whatwgReading: true, schemes: ['https'] });
    expect(refs('//example.com/x').ok).toBe(true);
    expect(refs('/cb?x').ok).toBe(true);
    expect(reason(refs('//0x7f000001/x'))).toMatch(/differ in the host: RFC 3986 reads scheme "https", host "0x7f000001".*host "127\.0\.0\.1"/);
  });

  it('no password in what the error holds', () => {
    const r = both('https://admin:hunter2@0x7f000001/');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toContain('https://admin:***@127.0.0.1/');
    for (const shown of [r.error.message, r.error.stack, JSON.stringify(r.error), r.error.input]) expect(shown).not.toContain('hunter2');
  });

  it('is on in httpUrl and webhookUrl, off elsewhere; a boolean', () => {
    expect([policyPresets.httpUrl.whatwgReading, policyPresets.webhookUrl.whatwgReading, policyPresets.databaseUrl.whatwgReading]).toEqual([true, true, undefined]);
    expect(() => createValidator({ whatwgReading: 'yes' as unknown as boolean })).toThrow(/option "whatwgReading" must be a boolean/);
  });

  describe('the platform URL', () => {
    const Real = globalThis.URL;
    let calls = 0;
    beforeEach(() => {
      calls = 0;
      globalThis.URL = new Proxy(Real, { construct: (T, args) => { calls++; return Reflect.construct(T, args); } });
    });
    afterEach(() => { globalThis.URL = Real; });

    it('is read only where the option is on (the hot path stays one reading)', () => {
      const inputs = ['https://example.com/a', 'postgres://u:p@db.example/x', 'https://0x7f000001/', '/cb'];
      for (const check of [createValidator({}), createValidator(policyPresets.databaseUrl), createValidator({ relative: true, privateHosts: false, hostSyntax: 'dns' })]) {
        for (const s of inputs) check(s);
      }
      expect(calls).toBe(0);
      createValidator(policyPresets.httpUrl)('https://example.com/a');
      expect(calls).toBeGreaterThan(0);
    });

    it('missing: the option is a TypeError that names it', () => {
      delete (globalThis as { URL?: unknown }).URL;
      expect(() => createValidator({ whatwgReading: true })).toThrow(TypeError);
      expect(() => createValidator(policyPresets.webhookUrl)).toThrow(/"whatwgReading" needs the platform's WHATWG URL/);
      expect(createValidator({ ...policyPresets.webhookUrl, whatwgReading: false })('https://example.com/').ok).toBe(true);
    });
  });
});

/* ------------------------------------------------------------------------------------------------
 * The property: for random http(s) URLs and mutations of them, a webhookUrl that accepts means the
 * platform URL reads the input, finds a public host, and agrees with RFC 3986 on scheme, host and
 * port. "Public" is judged here by an oracle of its own: Node's net.BlockList with the ranges
 * below, and the IPv4 address an IPv6 form carries taken out by hand.
 * ---------------------------------------------------------------------------------------------- */

const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 3],
];
const NOT_PUBLIC_V6: [string, number][] = [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b:1::', 48]];
const blocked = new net.BlockList();
for (const [a, n] of NOT_PUBLIC_V4) blocked.addSubnet(a, n, 'ipv4');
for (const [a, n] of NOT_PUBLIC_V6) blocked.addSubnet(a, n, 'ipv6');

/** Eight groups of a URL hostname's IPv6 text (the WHATWG serializer writes no dotted part). */
function expand(text: string): number[] {
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  return [...h, ...Array(8 - h.length - t.length).fill('0'), ...t].map((g) => parseInt(g, 16));
}
const dotted = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');

/** Is the host a URL parser gives public, by the oracle? */
function isPublic(hostname: string): boolean {
  if (!hostname.startsWith('[')) {
    if (!/^\d+\.\d+\.\d+\.\d+$/.test(hostname)) return !/(^|\.)localhost\.?$/.test(hostname);
    return !blocked.check(hostname, 'ipv4');
  }
  const g = expand(hostname.slice(1, -1));
  if (blocked.check(hostname.slice(1, -1), 'ipv6')) return false;
  const v4s: string[] = [];
  if (g.slice(0, 6).every((x) => x === 0) || (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)) v4s.push(dotted(g[6], g[7])); // compatible, mapped
  if (g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && g[5] === 0) v4s.push(dotted(g[6], g[7])); // translated
  if (g[0] === 0x64 && g[1] === 0xff9b) v4s.push(dotted(g[6], g[7])); // NAT64
  if (g[0] === 0x2002) v4s.push(dotted(g[1], g[2])); // 6to4
  if (g[0] === 0x2001 && g[1] === 0) v4s.push(dotted(g[6] ^ 0xffff, g[7] ^ 0xffff)); // Teredo client
  return v4s.every((a) => !blocked.check(a, 'ipv4'));
}

const byte = fc.oneof(fc.constantFrom(0, 1, 10, 127, 169, 172, 192, 254, 255), fc.integer({ min: 0, max: 255 }));
const v4 = fc.oneof(
  fc.tuple(byte, byte, byte, byte),
  fc.constantFrom([127, 0, 0, 1], [169, 254, 169, 254], [10, 0, 0, 5], [0, 0, 0, 0], [8, 8, 8, 8], [192, 168, 1, 1], [100, 64, 0, 1]),
).map((b) => b as number[]);
const num = (b: number[]) => ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
/** An IPv4 address in one of the number forms a WHATWG client reads. */
const v4Form = fc.tuple(v4, fc.integer({ min: 0, max: 7 }), fc.boolean()).map(([b, form, dot]) => {
  const n = num(b);
  const radix = (x: number, r: number) => (r === 16 ? `0x${x.toString(16)}` : r === 8 ? `0${x.toString(8)}` : String(x));
  const text = [
    b.join('.'), radix(n, 16), radix(n, 10), radix(n, 8),
    `${b[0]}.${b[1]}.${(b[2] << 8) | b[3]}`, `${b[0]}.${(b[1] << 16) | (b[2] << 8) | b[3]}`,
    b.map((x, i) => radix(x, [16, 8, 10, 16][i])).join('.'), `${b[0]}.${b[1]}.${b[2]}.${radix(b[3], 16)}`,
  ][form];
  return dot ? `${text}.` : text;
});
const hex = (b: number[]) => `${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
const v6Form = fc.tuple(v4, fc.integer({ min: 0, max: 8 })).map(([b, form]) => `[${[
  `::ffff:${b.join('.')}`, `::ffff:${hex(b)}`, `::${b.join('.')}`, `::ffff:0:${hex(b)}`, `64:ff9b::${hex(b)}`, `64:ff9b:1::${hex(b)}`,
  `2002:${hex(b)}::1`, `2001:0:4136:e378:8000:63bf:${hex(b.map((x) => x ^ 255))}`, `2606:4700::${hex(b)}`,
][form]}]`);
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
const dnsName = fc.oneof(
  fc.array(label, { minLength: 1, maxLength: 3 }).map((ls) => [...ls, 'example'].join('.')),
  fc.constantFrom('localhost', 'LOCALHOST.', 'api.localhost', 'example.com', 'a.0x', '0x7f.example'),
);
/** A host, perhaps percent-encoded in places (an unreserved character written as %XX). */
const host = fc.tuple(fc.oneof(v4Form, v6Form, dnsName), fc.boolean(), fc.nat()).map(([h, encode, seed]) => {
  if (!encode || h.startsWith('[')) return h;
  const i = seed % h.length;
  return h.slice(0, i) + '%' + h.charCodeAt(i).toString(16).toUpperCase().padStart(2, '0') + h.slice(i + 1);
});
const url = fc.tuple(
  fc.constantFrom('https', 'http', 'HTTPS'), fc.constantFrom('://', ':', ':/', ':///', '://'), host,
  fc.constantFrom('', ':443', ':8443', ':0443'), fc.constantFrom('', '/', '/hook', '/a?b=1'),
).map(([scheme, slashes, h, port, path]) => `${scheme}${slashes}${h}${port}${path}`);

describe('property: a webhookUrl that accepts is public to the client and read alike', () => {
  it('holds for random http(s) URLs and their mutations (seeded)', () => {
    let accepted = 0;
    let refusedPrivate = 0;
    fc.assert(fc.property(url, (input) => {
      const r = webhook(input);
      let u: URL | undefined;
      try {
        u = new URL(input);
      } catch {
        u = undefined;
      }
      if (u && !isPublic(u.hostname)) refusedPrivate++;
      if (!r.ok) return;
      accepted++;
      expect(u).toBeDefined();
      const c = parse(input, 'URI');
      expect(isPublic(u!.hostname)).toBe(true);
      expect(u!.protocol).toBe(`${c.scheme!.toLowerCase()}:`);
      const rfcHost = c.host!.toLowerCase();
      if (rfcHost.startsWith('[')) expect(expand(u!.hostname.slice(1, -1))).toEqual(expand(rfcHost.slice(1, -1).replace(/:(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, cc, d) => `:${((+a << 8) | +b).toString(16)}:${((+cc << 8) | +d).toString(16)}`)));
      else expect(u!.hostname).toBe(rfcHost);
      expect(Number(u!.port || 443)).toBe(Number(c.port || 443));
    }), { numRuns: 4000 });
    // The generator reaches both sides: accepted inputs, and inputs the client reads as private.
    expect(accepted).toBeGreaterThan(200);
    expect(refusedPrivate).toBeGreaterThan(200);
  });
});

describe('a special scheme with nothing after it', () => {
  it.each(['https:', 'https://', 'http:?x'])('%s: the client refuses it, and the error says so', (input) => {
    const r = createValidator({ relative: true })(input);
    expect(r.ok).toBe(false);
    expect(reason(r)).toMatch(/^RFC 3986 reads no host here \(.*\), and a browser or `fetch` refuses it; write "https?:\/\/" and the host$/);
  });
});
