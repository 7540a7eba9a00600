/**
 * The teaching commands of the command line: `explain`, `tree --format json|dot|text` and
 * `railroad` (src/cli/explain.ts, src/cli/railroad.ts, the --format option of src/cli/tree.ts).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { run, outline } from '../../src/cli';
import { parseTree } from '../../src/index';
import { treeDot, treeJson } from '../../src/teaching/treeFormat';
import { railroadSvg } from '../../src/teaching/railroad';
import { grammarByName } from '../../src/builtins/registry';

async function cli(...argv: string[]): Promise<{ status: number; out: string[]; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err: err.join('\n') };
}

describe('uri-grammar explain', () => {
  it('one line per node, naming the alternative taken', async () => {
    const r = await cli('explain', 'http://example.com');
    expect(r.status).toBe(0);
    expect(r.out).toContain('    `//example.com` is the first alternative of hier-part: "//" authority path-abempty');
    // One line a node, and under a node the "- " lines that say why.
    expect(r.out.filter((l) => !/^\s*- /.test(l))).toHaveLength(outline('http://example.com', parseTree('http://example.com')).length);
    expect((await cli('explain', 'http://example.com', '--no-why')).out).toHaveLength(outline('http://example.com', parseTree('http://example.com')).length);
  });
  it('--rule and --lexical', async () => {
    expect((await cli('explain', '1.2.3.4.5', '--rule', 'host')).out[0]).toBe('`1.2.3.4.5` is the third alternative of host: reg-name');
    expect((await cli('explain', '25', '--rule=dec-octet', '--lexical')).out).toEqual([
      '`25` is the second alternative of dec-octet: %x31-39 DIGIT',
      '  - first alternative, DIGIT: matched `2`, but what follows could not then be matched at `5` (first match goes on to the next alternative)',
    ]);
  });
  it('with a grammar file: explain and railroad (rule names case-insensitive); its errors are named for it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-cli-'));
    const file = path.join(dir, 'nid.abnf');
    fs.writeFileSync(file, 'NID = alphanum 0*30(ldh) alphanum\nldh = alphanum / "-"\nalphanum = ALPHA / DIGIT\n');
    try {
      const e = await cli('--grammar', file, 'explain', 'ab-c', '--rule', 'nid');
      expect(e.status).toBe(0);
      expect(e.out.slice(0, 2)).toEqual(['`ab-c` is NID: alphanum *30ldh alphanum', '  - *30ldh took 2 iterations: it could take 3, and gave 1 back so that what follows could match']);
      const r = await cli('railroad', 'NID', '--grammar', file);
      expect(r.status).toBe(0);
      expect(r.out[0]).toMatch(/^<\?xml/);
      const v = await cli('--grammar', file, 'validate', 'a-', '--rule', 'NID');
      expect(v.status).toBe(1);
      expect(v.err).toMatch(/^GrammarSyntaxError: not a valid NID/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('an invalid input: exit 1 with the syntax error', async () => {
    const r = await cli('explain', 'http://[::1', '--rule', 'URI');
    expect(r.status).toBe(1);
    expect(r.err).toContain('at offset 11');
    // Then what the grammar was inside of there, in the playground's words.
    expect(r.err.split('\n').pop()).toBe('inside … → host → IP-literal → IPv6address, after `::1`: expected DIGIT, HEXDIG, ".", ":", "]"');
    const d = await cli('--grammar', 'rfc2396', 'explain', 'http://a/%zz');
    expect(d.status).toBe(1);
    expect(d.err).toMatch(/^GrammarSyntaxError: /);
    expect(d.err.split('\n').pop()).toMatch(/^inside .*net_path, after `\/\/a\/%`: expected hex$/);
  });
  it('usage errors: exit 2', async () => {
    expect((await cli('explain')).status).toBe(2);
    expect((await cli('explain', 'a', '--rule', 'nope')).status).toBe(2);
  });
});

describe('uri-grammar tree --format', () => {
  const input = 'http://u@h:1/a?q#f';
  it('json, dot and text', async () => {
    const tree = parseTree(input);
    expect((await cli('tree', input, '--format', 'json')).out.join('\n')).toBe(treeJson(input, tree));
    expect((await cli('tree', input, '--format=dot')).out.join('\n')).toBe(treeDot(input, tree));
    expect((await cli('tree', input, '--format', 'text')).out).toEqual(outline(input, tree));
    expect((await cli('tree', input)).out).toEqual(outline(input, tree));
    expect((await cli('tree', input, '--format', 'json', '--lexical')).out.join('\n')).toBe(treeJson(input, parseTree(input, 'URI-reference', { lexical: true })));
  });
  it('an unknown format: exit 2', async () => {
    const r = await cli('tree', input, '--format', 'xml');
    expect(r.status).toBe(2);
    expect(r.err).toContain('json, dot or text');
  });
});

describe('uri-grammar railroad', () => {
  it('writes the SVG of a rule', async () => {
    const r = await cli('railroad', 'host');
    expect(r.status).toBe(0);
    expect(r.out.join('\n')).toBe(railroadSvg(grammarByName('rfc3986'), 'host').trimEnd());
    expect(r.out.join('\n').split('\n')[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
  });
  it('rule names are case-insensitive (RFC 5234 2.1); an unknown rule is a usage error', async () => {
    expect((await cli('railroad', 'HOST')).out.join('\n')).toContain('<title>host</title>');
    const r = await cli('railroad', 'nope');
    expect(r.status).toBe(2);
    expect(r.err).toContain('unknown rule "nope"');
    expect((await cli('railroad')).status).toBe(2);
  });
});

describe('uri-grammar with recursive grammars (issue 35)', () => {
  it('tree --format json and the outline at 1,500 levels and more: no stack overflow, linear output', async () => {
    const depth = 2_000;
    const input = '['.repeat(depth) + ']'.repeat(depth);
    const json = await cli('--grammar', 'json', 'tree', input, '--rule', 'JSON-text', '--format', 'json');
    expect([json.status, json.err]).toEqual([0, '']);
    const data = JSON.parse(json.out.join('\n')) as { rule: string; text?: string };
    expect([data.rule, data.text]).toEqual(['JSON-text', input]);
    const text = await cli('--grammar', 'json', 'tree', input, '--rule', 'JSON-text');
    expect(text.status).toBe(0);
    expect(text.out.join('\n').length).toBeLessThan(depth * 2_000); // quadratic: tens of millions
  });

  it('--max-nesting raises the limit the nesting error names; --work-limit the work limit', async () => {
    const deep = '['.repeat(6_000) + ']'.repeat(6_000);
    const low = await cli('--grammar', 'json', 'validate', deep, '--rule', 'JSON-text');
    expect(low.status).toBe(1);
    expect(low.err).toMatch(/nesting limit: more than 5000 .*--max-nesting/);
    expect((await cli('--grammar', 'json', '--max-nesting', '20000', 'validate', deep, '--rule', 'JSON-text')).status).toBe(0);
    expect((await cli('--grammar', 'json', 'validate', deep, '--rule', 'JSON-text', '--max-nesting=20000')).status).toBe(0);
    expect((await cli('--grammar', 'json', '--max-nesting', '0', 'validate', '1')).status).toBe(2);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-cli-'));
    const cubic = path.join(dir, 'cubic.abnf');
    fs.writeFileSync(cubic, 's = "a" s s / ""\n');
    // A run of `a` the backtracking run settles at once; with a `b` after it every split is tried: the work limit.
    expect((await cli('--grammar', cubic, 'validate', 'a'.repeat(400))).status).toBe(0);
    const slow = await cli('--grammar', cubic, 'validate', 'a'.repeat(400) + 'b');
    expect(slow.status).toBe(1);
    expect(slow.err).toMatch(/work limit: .*raise it with --work-limit/);
    expect((await cli('--grammar', cubic, '--work-limit', '1000000', 'validate', 'a'.repeat(150))).status).toBe(0);
  });

  it('a grammar file with a byte-order mark is read; one with no rules is a clear error (status 2), not an internal one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-cli-'));
    const bom = path.join(dir, 'bom.abnf');
    fs.writeFileSync(bom, '\ufeffa = "x" / "(" a ")"\r\n');
    expect((await cli('--grammar', bom, 'validate', '((x))')).status).toBe(0);
    const none = path.join(dir, 'none.abnf');
    fs.writeFileSync(none, '; only a comment\r\n');
    const r = await cli('--grammar', none, 'validate', 'x');
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/grammar ".*none\.abnf": the grammar has no rules/);
  });
});
