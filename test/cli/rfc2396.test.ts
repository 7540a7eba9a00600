/**
 * The command line with `--grammar rfc2396`: validate, tree and parse through the global
 * grammar flag (src/cli/, resolved through grammarByName), and a `.bnf` grammar file.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { run } from '../../src/cli/main';

async function cli(...argv: string[]): Promise<{ status: number; out: string[]; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l), stdin: undefined });
  return { status, out, err: err.join('\n') };
}

describe('uri-grammar --grammar rfc2396', () => {
  it('validate: exit 0 for an RFC 2396 URI-reference, with the rule named', async () => {
    expect(await cli('validate', 'http://a@b@c/', '--grammar', 'rfc2396')).toEqual({ status: 0, out: ['valid URI-reference'], err: '' });
    expect((await cli('--grammar', 'rfc2396', 'validate', 'my_host', '--rule', 'reg_name')).status).toBe(0);
    // ... which RFC 3986 rejects
    expect((await cli('validate', 'http://a@b@c/')).status).toBe(1);
  });

  it('validate: exit 1 with the error, its offset and a caret, for what RFC 2396 rejects', async () => {
    const r = await cli('validate', 'http://[::1]/', '--grammar=rfc2396');
    expect(r.status).toBe(1);
    expect(r.out).toEqual([]);
    expect(r.err).toMatch(/at offset 7/);
    expect(r.err).toMatch(/\^$/);
    expect((await cli('validate', 'about:', '--grammar', 'rfc2396')).status).toBe(1);
  });

  it('validate --rule takes RFC 2396 rule names, and refuses RFC 3986 ones', async () => {
    expect((await cli('validate', 'a.b', '--grammar', 'rfc2396', '--rule', 'hostname')).status).toBe(0);
    const r = await cli('validate', 'a', '--grammar', 'rfc2396', '--rule', 'reg-name');
    expect(r.status).toBe(2);
    expect(r.err).toBe('uri-grammar: unknown rule "reg-name" in rfc2396 (uri-grammar validate --help lists them)');
  });

  it('tree: the first-match tree with RFC 2396 rule names', async () => {
    const r = await cli('tree', 'http://my_host/a;p', '--grammar', 'rfc2396');
    expect(r.status).toBe(0);
    expect(r.out[0]).toBe('URI-reference [0,18) "http://my_host/a;p"');
    expect(r.out).toContain('          reg_name [7,14) "my_host"');
    expect(r.out.some((l) => /^\s+param \[17,18\) "p"$/.test(l))).toBe(true);
    expect(r.out.some((l) => /\buric\b/.test(l))).toBe(false); // character-level rules only with --lexical
    expect((await cli('tree', 'ab', '--grammar', 'rfc2396', '--rule', 'domainlabel', '--lexical')).out).toEqual([
      'domainlabel [0,2) "ab"', '  alphanum [0,1) "a"', '    alpha [0,1) "a"', '      lowalpha [0,1) "a"',
      '  alphanum [1,2) "b"', '    alpha [1,2) "b"', '      lowalpha [1,2) "b"',
    ]);
  });

  it('parse: RFC 2396 components as JSON, host kind and path rule included', async () => {
    const r = await cli('parse', 'mailto:a@b?subject=hi', '--grammar', 'rfc2396');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out.join('\n'))).toEqual({ scheme: 'mailto', path: 'a@b?subject=hi', pathRule: 'opaque_part' });
    const s = await cli('parse', 'http://h:80:90/', '--grammar', 'rfc2396');
    expect(JSON.parse(s.out.join('\n'))).toEqual({ scheme: 'http', authority: 'h:80:90', host: 'h:80:90', hostKind: 'reg_name', path: '/', pathRule: 'abs_path' });
  });

  it('parse: exit 1 with the error for text RFC 2396 rejects', async () => {
    const r = await cli('parse', '?y', '--grammar', 'rfc2396');
    expect(r.status).toBe(1);
    expect(r.err).toMatch(/^GrammarSyntaxError: not a valid URI-reference: at offset 0/);
  });

  it('an unknown grammar is a usage error naming the known ones', async () => {
    const r = await cli('--grammar', 'rfc1738', 'validate', 'a');
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/^uri-grammar: unknown grammar "rfc1738" \(.*rfc2396.*\.abnf or \.bnf file\)/);
  });
});

describe('uri-grammar --grammar FILE.bnf (RFC 2396 notation)', () => {
  it('loads grammar/rfc2396.bnf from its path and validates with it', async () => {
    const file = path.join(__dirname, '..', '..', 'grammar', 'rfc2396.bnf');
    expect((await cli('validate', 'http://a@b@c/', '--grammar', file)).status).toBe(0);
    expect((await cli('validate', 'ab', '--grammar', file, '--rule', 'toplabel')).status).toBe(0);
    expect((await cli('validate', 'a-', '--grammar', file, '--rule', 'toplabel')).status).toBe(1);
  });

  it('a .bnf file that is not RFC 2396 notation is a usage error with its line and column', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rfc2396-')), 'abnf-style.bnf');
    fs.writeFileSync(file, 'a = "x" / "y"\n');
    const r = await cli('validate', 'x', '--grammar', file, '--rule', 'a');
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/separates alternatives with "\|".*line 1, column 9/);
  });
});
