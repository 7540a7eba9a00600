/** Where the IDNA tables cannot be loaded (the ES module build on Node < 20.16, a browser): no crash, and no pass for what cannot be read. */
import { createValidator, policyPresets } from '../../src/uri/policy';
import { clientHost } from '../../src/uri/clientHost';

jest.mock('../../src/uri/tr46', () => ({
  tr46: () => {
    throw new Error('uri-grammar: the IDNA conversions need the tr46 package, which this environment cannot load synchronously');
  },
}));

it('an ASCII host needs no IDNA tables; a non-ASCII one is read as unknown', () => {
  expect(clientHost('0x7f000001')).toMatchObject({ kind: 'ipv4', text: '127.0.0.1' });
  expect(clientHost('%EF%BC%90x7f000001')).toMatchObject({ kind: 'unknown', why: expect.stringMatching(/tr46/) });
});

it('the private-host rule refuses a host it cannot read; the ASCII forms are judged as ever', () => {
  const check = createValidator({ ...policyPresets.webhookUrl, hostSyntax: 'uri', whatwgReading: false });
  const r = check('https://%EF%BC%90x7f000001/');
  expect(r.ok).toBe(false);
  expect(!r.ok && r.error.message).toMatch(/what a browser or `fetch` reaches is not known/);
  expect(check('https://0x7f000001/').ok).toBe(false);
  expect(check('https://example.com/').ok).toBe(true);
});
