/** The one table of special ranges (src/uri/specialAddresses.ts): longest match, embedded IPv4, serializer. */
import fc from 'fast-check';
import { SPECIAL_RANGES, embeddedIpv4, ipv4Number, ipv4Range, ipv4Text, ipv6Groups, ipv6Range, ipv6Text } from '../../src/uri/specialAddresses';

describe('the table', () => {
  it('names every range the issue lists, with a source', () => {
    const v6 = SPECIAL_RANGES.ipv6.map((r) => r.range);
    for (const r of ['::ffff:0:0/96', '::/96', '::ffff:0:0:0/96', '2002::/16', '64:ff9b::/96', '64:ff9b:1::/48', '2001::/32']) expect(v6).toContain(r);
    for (const r of [...SPECIAL_RANGES.ipv4, ...SPECIAL_RANGES.ipv6]) expect(r.source).toMatch(/^RFC \d+/);
  });

  it('the row that answers for the first address of a row is that row or a longer one inside it (longest match)', () => {
    const bits = (range: string | undefined) => Number(range?.split('/')[1]);
    for (const r of SPECIAL_RANGES.ipv4) expect(bits(ipv4Range(ipv4Number(r.range.split('/')[0])!)?.range)).toBeGreaterThanOrEqual(bits(r.range));
    for (const r of SPECIAL_RANGES.ipv6) expect(bits(ipv6Range(ipv6Groups(r.range.split('/')[0])!)?.range)).toBeGreaterThanOrEqual(bits(r.range));
    // The last address of each row is in it (or a longer row), never outside it.
    expect(ipv4Range(ipv4Number('10.255.255.255')!)?.range).toBe('10.0.0.0/8');
    expect(ipv6Range(ipv6Groups('2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff')!)?.range).toBe('2002::/16');
  });

  it.each([
    ['127.255.255.255', '127.0.0.0/8'], ['172.31.0.1', '172.16.0.0/12'], ['172.32.0.1', undefined], ['100.127.255.255', '100.64.0.0/10'],
    ['100.128.0.0', undefined], ['192.0.0.9', '192.0.0.9/32'], ['192.0.0.11', '192.0.0.0/24'], ['192.0.0.7', '192.0.0.0/29'],
    ['0.0.0.0', '0.0.0.0/32'], ['0.1.2.3', '0.0.0.0/8'], ['239.255.255.255', '224.0.0.0/4'], ['255.255.255.254', '240.0.0.0/4'], ['8.8.8.8', undefined],
  ])('%s is in %s', (address, range) => {
    expect(ipv4Range(ipv4Number(address)!)?.range).toBe(range);
  });

  it.each([
    ['2001:1::1', '2001:1::1/128', true], ['2001:1::4', '2001::/23', false], ['2001:1ff::', '2001::/23', false], ['2001:200::', undefined, undefined],
    ['2001:db8:ffff::', '2001:db8::/32', false], ['::2', '::/96', false], ['::ffff:1:2', '::ffff:0:0/96', false], ['fe80::', 'fe80::/10', false],
    ['febf::', 'fe80::/10', false], ['fec0::', 'fec0::/10', false], ['2606:4700::1111', undefined, undefined],
  ])('%s is in %s', (address, range, global) => {
    const r = ipv6Range(ipv6Groups(address)!);
    expect([r?.range, r?.global]).toEqual([range, global]);
  });

  it('carries the IPv4 address where each embedding puts it', () => {
    expect(ipv4Text(embeddedIpv4(ipv6Groups('::ffff:7f00:1')!, 'last32'))).toBe('127.0.0.1');
    expect(ipv4Text(embeddedIpv4(ipv6Groups('2002:c000:204::1')!, '6to4'))).toBe('192.0.2.4');
    // RFC 4380 5.2 example shape: client 192.0.2.45 behind the server 65.54.227.120, bits inverted.
    expect(ipv4Text(embeddedIpv4(ipv6Groups('2001:0:4136:e378:8000:63bf:3fff:fdd2')!, 'teredo'))).toBe('192.0.2.45');
  });
});

describe('IPv6 text', () => {
  it('groups: mixed notation, "::" anywhere, case', () => {
    expect(ipv6Groups('::FFFF:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x102, 0x304]);
    expect(ipv6Groups('1:2:3:4:5:6:7')).toBeUndefined();
    expect(ipv6Groups('1::2::3')).toBeUndefined();
    expect(ipv6Groups('::01.2.3.4')).toBeUndefined();
  });

  it('serializes as the platform URL does (property, seeded globally)', () => {
    const group = fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 0xffff }));
    fc.assert(fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), (g) => {
      const text = g.map((x) => x.toString(16)).join(':');
      expect(`[${ipv6Text(g)}]`).toBe(new URL(`http://[${text}]/`).hostname);
      expect(ipv6Groups(ipv6Text(g))).toEqual(g);
    }), { numRuns: 500 });
  });
});
