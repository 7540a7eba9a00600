/** The command line with IRIs: --grammar rfc3987 / rfc6874, to-uri, to-iri (in-process, captured output). */
import { run } from '../../src/cli';

async function cli(...argv: string[]): Promise<{ status: number; out: string[]; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err: err.join('\n') };
}

test('validate --grammar rfc3987', async () => {
  expect(await cli('--grammar', 'rfc3987', 'validate', 'http://b\u00fccher.de/stra\u00dfe', '--rule', 'IRI')).toMatchObject({ status: 0, err: '' });
  const bad = await cli('--grammar', 'rfc3987', 'validate', 'http://h/a\u200eb', '--rule', 'IRI');
  expect(bad.status).toBe(1);
  expect(bad.out.join('\n') + bad.err).toMatch(/4\.1/);
  expect((await cli('validate', 'http://b\u00fccher.de/')).status).toBe(1); // RFC 3986: not a URI
});

test('tree --grammar rfc3987 names the IRI rules', async () => {
  const r = await cli('--grammar', 'rfc3987', 'tree', 'http://\u4f8b.jp/', '--rule', 'IRI');
  expect(r.status).toBe(0);
  expect(r.out.join('\n')).toMatch(/ireg-name/);
});

test('parse, normalize, resolve, equivalent --grammar rfc3987', async () => {
  const p = await cli('--grammar', 'rfc3987', 'parse', 'http://b\u00fccher.de/p?\ue000');
  expect(p.status).toBe(0);
  expect(JSON.parse(p.out.join('\n'))).toMatchObject({ host: 'b\u00fccher.de', query: '\ue000' });
  expect((await cli('--grammar', 'rfc3987', 'normalize', 'HTTP://B\u00fc.de/./a')).out).toEqual(['http://b\u00fc.de/a']);
  expect((await cli('--grammar', 'rfc3987', 'resolve', 'http://\u00e4/b/c', '../\u00fc')).out).toEqual(['http://\u00e4/\u00fc']);
  expect((await cli('--grammar', 'rfc3987', 'equivalent', 'http://\u00e4:80/', 'HTTP://\u00e4/')).status).toBe(0);
  expect((await cli('--grammar', 'rfc3987', 'parse', 'x', '--rule', 'ipath')).status).toBe(2);
});

test('to-uri and to-iri', async () => {
  expect(await cli('to-uri', 'http://b\u00fccher.de/stra\u00dfe')).toEqual({ status: 0, out: ['http://b%C3%BCcher.de/stra%C3%9Fe'], err: '' });
  expect((await cli('to-uri', 'http://fa\u00df.de/', '--idna')).out).toEqual(['http://xn--fa-hia.de/']);
  const rejected = await cli('to-uri', 'http://a_b.\u00fc/', '--idna');
  expect(rejected.status).toBe(1);
  expect(rejected.err).toMatch(/IdnaError.*"a_b"/);
  expect((await cli('to-uri', 'http://h/ x')).status).toBe(1);
  expect((await cli('to-iri', 'http://xn--99zt52a.example.org/%e2%80%ae', '--idna')).out).toEqual(['http://\u7d0d\u8c46.example.org/%E2%80%AE']);
  expect((await cli('to-iri', 'http://h/%41', '--unreserved')).out).toEqual(['http://h/A']);
  expect((await cli('to-iri')).status).toBe(2);
});

test('--grammar rfc6874 (opt-in zone ids)', async () => {
  expect((await cli('--grammar', 'rfc6874', 'validate', 'http://[fe80::1%25en1]/')).status).toBe(0);
  expect((await cli('validate', 'http://[fe80::1%25en1]/')).status).toBe(1);
  expect((await cli('--grammar', 'rfc6874', 'tree', 'http://[fe80::1%25en1]/', '--rule', 'URI')).out.join('\n')).toMatch(/ZoneID/);
  expect((await cli('--grammar', 'rfc6874', 'tree', 'http://[fe80::1%en1]/', '--rule', 'URI')).status).toBe(1);
});
