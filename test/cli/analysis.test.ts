/**
 * `uri-grammar diff` and `uri-grammar cover` (src/cli/diff.ts, src/cli/cover.ts), run in process.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { run } from '../../src/cli';

async function cli(...argv: string[]): Promise<{ status: number; out: string[]; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err: err.join('\n') };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-analysis-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => { const p = path.join(dir, name); fs.writeFileSync(p, text); return p; };

describe('uri-grammar diff', () => {
  it('RFC 3986 against RFC 2396: the witnesses each way, exit 1', async () => {
    const r = await cli('diff', '--grammar', 'rfc3986', '--rule', 'URI-reference', '--against', 'rfc2396', '--rule', 'URI-reference');
    expect(r.status).toBe(1);
    expect(r.out[0]).toBe('rfc3986 URI-reference vs rfc2396 URI-reference: neither includes the other');
    expect(r.out[1]).toBe('  only in rfc3986 URI-reference: "?"');
    expect(r.out[2]).toBe('  only in rfc2396 URI-reference: "//:!"');
    expect(r.out[3]).toMatch(/^ {2}exact: product automata/);
  });

  it('equal languages: none each way, proved, exit 0', async () => {
    const a = file('a.abnf', 'r = *"a"\n');
    const b = file('b.abnf', 'r = *( "a" / "aa" )\n');
    const r = await cli('diff', '--grammar', a, '--rule', 'r', '--against', b);
    expect(r.status).toBe(0);
    expect(r.out.slice(1, 3)).toEqual(['  only in a.abnf r: none (proved)', '  only in b.abnf r: none (proved)']);
  });

  it('RFC 3987 restricted to ASCII is RFC 3986', async () => {
    const r = await cli('diff', '--grammar', 'rfc3986', '--rule', 'URI-reference', '--against', 'rfc3987', '--rule', 'IRI-reference', '--ascii');
    expect(r.status).toBe(0);
    expect(r.out[0]).toMatch(/\(ASCII only\): the same language$/);
  });

  it('wrong usage exits 2 with one line', async () => {
    expect((await cli('diff', '--against', 'rfc2396')).status).toBe(2);
    const r = await cli('diff', '--rule', 'nope', '--against', 'rfc2396');
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/unknown rule "nope"/);
    expect((await cli('diff', '--rule', 'URI', '--max-states', '0')).status).toBe(2);
  });
});

describe('uri-grammar cover', () => {
  const g = file('g.abnf', 'r = 1*( x / y )\nx = "a" / "b"\ny = "a" / "c"\n');
  const corpus = file('corpus.txt', 'ab\r\naa\nbc\nzz\n');

  it('prints the table and the share taken; exit 1 below --min', async () => {
    const r = await cli('cover', '--grammar', g, '--rule', 'r', corpus);
    expect(r.status).toBe(0);
    expect(r.out).toEqual([
      'count  rule: alternative',
      '    5  r at 0: 1. x',
      '    1  r at 0: 2. y',
      '    3  x: 1. "a"',
      '    2  x: 2. "b"',
      '    0  y: 1. "a"',
      '    1  y: 2. "c"',
      '5 of 6 alternatives taken (83.3%) by 3 inputs (1 refused by r, not counted)',
    ]);
    const low = await cli('cover', '--grammar', g, '--rule', 'r', '--min', '90', corpus);
    expect(low.status).toBe(1);
    expect(low.err).toBe('uri-grammar: coverage 83.3% is below --min 90%');
    expect((await cli('cover', '--grammar', g, '--rule', 'r', '--min', '80', corpus)).status).toBe(0);
    const never = await cli('cover', '--grammar', g, '--rule', 'r', '--never', corpus);
    expect(never.out.slice(1, -1)).toEqual(['    0  y: 1. "a"']);
  });

  it('RFC 3986 by default (URI-reference)', async () => {
    const c = file('uris.txt', 'http://example.com/a?b#c\n//1.2.3.4\n');
    const r = await cli('cover', c);
    expect(r.status).toBe(0);
    expect(r.out.some((l) => /^\s+1 {2}host: 2\. IPv4address$/.test(l))).toBe(true);
  });

  it('wrong usage exits 2', async () => {
    expect((await cli('cover', path.join(dir, 'missing.txt'))).status).toBe(2);
    expect((await cli('cover', '--min', '200', corpus)).status).toBe(2);
  });
});
