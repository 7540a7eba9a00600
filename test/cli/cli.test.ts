/**
 * The command line (src/cli/): each command's output and exit status, the argument reader,
 * usage errors (exit 2, one line), batch validation from a file and from standard input,
 * and the built command's behaviour on a closed pipe and a full disk.
 * `run` is called in-process with captured output; the last block runs the built bin/ script.
 */
import { execFileSync, spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Readable } from 'stream';
import { run, outline, version, allCommands, COMMAND_NAMES } from '../../src/cli';
import { column, oneLine } from '../../src/cli/batch';
import fc from 'fast-check';
import { GrammarSyntaxError, summaryLine } from '../../src/engine/errors';
import { withoutPassword } from '../../src/uri/redact';
import { mutated } from '../support/arbitraries';
import { compileAbnf, parseTree, policyPresets, validate } from '../../src/index';
import { PRESET_NAMES } from '../../src/cli/policy';

async function cli(...argv: string[]): Promise<{ status: number; out: string[]; err: string }> {
  return cliIn(undefined, ...argv);
}
async function cliIn(stdin: string | string[] | undefined, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const input = stdin === undefined ? undefined : Readable.from(typeof stdin === 'string' ? [stdin] : stdin);
  const status = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l), stdin: input });
  return { status, out, err: err.join('\n') };
}

describe('validate one input', () => {
  it('exit 0 for a valid URI, with the rule named', async () => {
    expect(await cli('validate', 'http://example.com/a?b#c')).toEqual({ status: 0, out: ['valid URI-reference'], err: '' });
    expect((await cli('validate', '1:2::3:4', '--rule', 'IPv6address')).out).toEqual(['valid IPv6address']);
  });
  it('rule names are case-insensitive (RFC 5234 2.1): --rule uri is URI', async () => {
    expect(await cli('validate', 'http://a/', '--rule', 'uri')).toEqual({ status: 0, out: ['valid URI'], err: '' });
  });
  it('railroad --help lists the rules its argument names', async () => {
    const r = await cli('railroad', '--help');
    expect(r.out.join('\n')).toMatch(/rules \(rfc3986\):\n {2}URI hier-part/);
  });
  it('--rule=R is --rule R', async () => {
    expect((await cli('validate', '--rule=IPv6address', '1:2::3:4')).out).toEqual(['valid IPv6address']);
    expect((await cli('validate', '--rule=URI', 'a')).status).toBe(1);
  });
  it('exit 1 for an invalid one, with the error, the input and the caret', async () => {
    const r = await cli('validate', 'http://a b', '--rule', 'URI');
    expect(r.status).toBe(1);
    expect(r.out).toEqual([]);
    const lines = r.err.split('\n');
    expect(lines[0]).toBe('UriSyntaxError: not a valid URI: at offset 8, found " "');
    expect(lines).toContain('  http://a b');
    expect(lines[lines.indexOf('  http://a b') + 1]).toBe('          ^');
  });
});

describe('tree', () => {
  it('prints one line a node: depth, rule, span, text', async () => {
    const r = await cli('tree', '//h:8/x');
    expect(r.status).toBe(0);
    expect(r.out).toEqual([
      'URI-reference [0,7) "//h:8/x"',
      '  relative-ref [0,7) "//h:8/x"',
      '    relative-part [0,7) "//h:8/x"',
      '      authority [2,5) "h:8"',
      '        host [2,3) "h"',
      '          reg-name [2,3) "h"',
      '        port [4,5) "8"',
      '      path-abempty [5,7) "/x"',
      '        segment [6,7) "x"',
    ]);
  });
  it('labels an empty node "(empty)", its offset in its span (issue 38)', async () => {
    const r = await cli('tree', 'file:///x?#');
    expect(r.status).toBe(0);
    expect(r.out).toEqual([
      'URI-reference [0,11) "file:///x?#"',
      '  URI [0,11) "file:///x?#"',
      '    scheme [0,4) "file"',
      '    hier-part [5,9) "///x"',
      '      authority [7,7) (empty)',
      '        host [7,7) (empty)',
      '          reg-name [7,7) (empty)',
      '      path-abempty [7,9) "/x"',
      '        segment [8,9) "x"',
      '    query [10,10) (empty)',
      '    fragment [11,11) (empty)',
    ]);
    const dot = await cli('tree', 'a:', '--format', 'dot');
    expect(dot.out.join('\n')).toContain('[label="path-empty\\n[2,2) (empty)"];');
  });
  it('--lexical adds the character-level rules', async () => {
    const plain = (await cli('tree', 'a%41', '--rule', 'segment')).out;
    const lexical = (await cli('tree', 'a%41', '--rule', 'segment', '--lexical')).out;
    expect(plain).toEqual(['segment [0,4) "a%41"']);
    expect(lexical).toEqual(outline('a%41', parseTree('a%41', 'segment', { lexical: true })));
    expect(lexical).toContain('    pct-encoded [1,4) "%41"');
  });
  it('an invalid input is exit 1 with the error', async () => {
    const r = await cli('tree', 'http://[::1', '--rule', 'URI');
    expect(r.status).toBe(1);
    expect(r.err).toContain('at offset 11');
  });
});

describe('parse, resolve, normalize, equivalent', () => {
  it('parse prints JSON with null for absent components', async () => {
    const r = await cli('parse', 'a:?');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out.join('\n'))).toEqual({
      scheme: 'a', authority: null, userinfo: null, host: null, port: null, path: '', query: '', fragment: null, hostKind: null,
    });
  });
  it('resolve, strict and not', async () => {
    expect((await cli('resolve', 'http://a/b/c/d;p?q', '../g')).out).toEqual(['http://a/b/g']);
    expect((await cli('resolve', 'http://a/b/c/d;p?q', 'http:g')).out).toEqual(['http:g']);
    expect((await cli('resolve', 'http://a/b/c/d;p?q', 'http:g', '--non-strict')).out).toEqual(['http://a/b/c/g']);
    const bad = await cli('resolve', 'a/b', 'c');
    expect([bad.status, bad.err.split('\n')[0]]).toEqual([1, 'UriSyntaxError: resolve: base is not a valid URI: at offset 1, found "/"']);
  });
  it('normalize, syntax and scheme level', async () => {
    expect((await cli('normalize', 'HTTP://Example.COM:80/a/./b/../c')).out).toEqual(['http://example.com:80/a/c']);
    expect((await cli('normalize', 'HTTP://Example.COM:80', '--scheme')).out).toEqual(['http://example.com/']);
  });
  it('equivalent: exit 0 when equivalent, 1 when not', async () => {
    expect(await cli('equivalent', 'http://a', 'HTTP://A:80/')).toEqual({ status: 0, out: ['equivalent'], err: '' });
    expect(await cli('equivalent', 'http://a/%2F', 'http://a//')).toEqual({ status: 1, out: ['not equivalent'], err: '' });
  });
});

describe('usage errors: exit 2 with one short line', () => {
  it.each([
    [['tree'], 'tree takes 1 argument, got 0'],
    [['validate', 'a', 'b'], 'validate takes 0 to 1 argument, got 2'],
    [['validate', 'a', '--rule', 'nope'], 'unknown rule "nope" in rfc3986'],
    [['validate', 'a', '--rule'], '--rule needs a value'],
    [['validate', 'a', '--rule='], 'unknown rule ""'],
    [['normalize', 'a:b', '--lexical'], 'normalize: unknown option "--lexical"'],
    [['resolve', 'a:b', 'c', '--rule', 'URI'], 'resolve: unknown option "--rule"'],
    [['validate', 'a', '--lexical=yes'], 'unknown option "--lexical"'],
    [['tree', 'a', '--lexical=yes'], '--lexical takes no value'],
    [['validate', 'a', '-x'], 'unknown option "-x"'],
    [['parse', 'x', '--rule', 'host'], 'parse takes --rule URI, URI-reference, absolute-URI, relative-ref; not "host"'],
    [['frobnicate'], 'unknown command "frobnicate"'],
    [['--frob', 'validate', 'a'], 'unknown option "--frob"'],
    [['--grammar', 'nope', 'validate', 'a'], 'unknown grammar "nope"'],
    [['validate', 'a', '--json'], '--json and --all are for many inputs'],
    [['validate', '-', '--all'], '--all goes with --json'],
    [['validate', 'a', '--file', 'b'], 'either an input or --file'],
    [[], 'no command given'],
    [['validate', 'a', '--rule', 'URI', '--rule', 'host'], '--rule is given more than once'],
    [['tree', 'a', '--rule=URI', '--rule=URI'], '--rule is given more than once'],
    [['validate', '-', '--file', 'a', '--file', 'b'], '--file is given more than once'],
    [['railroad', 'nope'], 'unknown rule "nope" in rfc3986 (uri-grammar railroad --help lists them)'],
  ])('%j', async (argv, message) => {
    const r = await cli(...argv);
    expect(r.status).toBe(2);
    expect(r.out).toEqual([]);
    expect(r.err).toContain(message);
    expect(r.err).toMatch(/^uri-grammar: [^\n]+$/); // one line
    expect(r.err.length).toBeLessThan(200); // no list of every rule name
  });
  it('a file that cannot be read is one line, exit 2', async () => {
    const r = await cli('validate', '--file', path.join(os.tmpdir(), 'uri-grammar-no-such-file'));
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/^uri-grammar: validate: cannot read "[^"]*": ENOENT$/);
  });
  it('-- ends the options, so an input may begin with --', async () => {
    expect((await cli('validate', '--', '--a', '--rule', 'URI')).status).toBe(2); // three arguments after "--"
    expect((await cli('validate', '--', '--a')).out).toEqual(['valid URI-reference']);
  });
});

describe('help and version', () => {
  it('--help and help list every command, exit 0 on stdout', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const r = await cli(...argv);
      expect(r.status).toBe(0);
      expect(r.out[0]).toContain('usage: uri-grammar');
      for (const c of ['validate', 'tree', 'parse', 'resolve', 'normalize', 'equivalent']) expect(r.out.join('\n')).toContain(`  ${c} `);
    }
  });
  it('each command has its own help, listing its options', async () => {
    for (const argv of [['validate', '--help'], ['help', 'validate'], ['--help', 'validate'], ['validate', 'x', '-h']]) {
      const r = await cli(...argv);
      expect(r.status).toBe(0);
      expect(r.out[0]).toMatch(/^usage: uri-grammar validate /);
      expect(r.out.join('\n')).toContain('--file F');
    }
    expect((await cli('resolve', '--help')).out.join('\n')).toContain('--non-strict');
    expect((await cli('resolve', '--help')).out.join('\n')).not.toContain('--rule');
  });
  it('--version prints the version of package.json', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
    expect(version()).toBe(pkg.version);
    expect(await cli('--version')).toEqual({ status: 0, out: [`uri-grammar ${pkg.version}`], err: '' });
  });
  it('--grammar: a registry name or an .abnf / .bnf file; other grammars start at their first rule', async () => {
    expect((await cli('--grammar', 'rfc2396', 'validate', 'http://a/b')).out).toEqual(['valid URI-reference']);
    expect((await cli('validate', '--grammar=rfc2396', 'http://[::1]/')).status).toBe(1); // no IP-literal in RFC 2396
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-cli-'));
    const abnf = path.join(dir, 'g.abnf');
    fs.writeFileSync(abnf, 'a = "x" / b\r\nb = 1*DIGIT\r\n');
    expect(await cli('--grammar', abnf, 'validate', '12')).toEqual({ status: 0, out: ['valid a'], err: '' });
    expect((await cli('--grammar', abnf, 'tree', '12')).out).toEqual(['a [0,2) "12"', '  b [0,2) "12"']);
    expect((await cliIn('x\ny\n', '--grammar', abnf, 'validate', '--rule', 'a')).out).toEqual([expect.stringMatching(/^-:2:1: not a valid a: at offset 0/)]);
    const bnf = path.join(dir, 'g.bnf');
    fs.writeFileSync(bnf, 'word = 1*alpha\nalpha = "a" | "b"\n');
    expect((await cli('--grammar', bnf, 'validate', 'abba')).out).toEqual(['valid word']);
    const bad = path.join(dir, 'bad.abnf');
    fs.writeFileSync(bad, 'a = = x\n');
    const r = await cli('--grammar', bad, 'validate', 'x');
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/^uri-grammar: grammar "[^"]+": .*line 1, column 5\)$/);
    expect((await cli('--grammar', path.join(dir, 'none.abnf'), 'validate', 'x')).err).toMatch(/cannot read grammar .*ENOENT$/);
    expect((await cli('--grammar', abnf, 'parse', '12')).err).toBe('uri-grammar: parse works with the rfc3986, rfc2396 and rfc3987 grammars only');
    expect((await cli('--grammar', 'rfc2396', 'normalize', 'x')).err).toMatch(/^uri-grammar: normalize works with the rfc3986 (and rfc3987 )?grammars? only$/);
    expect((await cli('--grammar', 'rfc2396', 'validate', 'x', '--require-host')).err).toContain('policy options work with the rfc3986 grammar only');
    fs.rmSync(dir, { recursive: true });
  });
  it('--grammar rfc3986 is the default grammar, accepted before or after the command', async () => {
    expect((await cli('--grammar', 'rfc3986', 'validate', 'a:b', '--rule', 'URI')).status).toBe(0);
    expect((await cli('validate', '--grammar=rfc3986', 'a:b')).status).toBe(0);
  });
});

describe('validate many inputs (standard input, --file)', () => {
  const lines = ['http://example.com/', 'http://a b', 'mailto:x@y', 'foo', ''];
  it('stdin: FILE:LINE:COLUMN: message for each invalid line, a summary on stderr, exit 1', async () => {
    const r = await cliIn(lines.join('\n'), 'validate', '--rule', 'URI');
    expect(r.status).toBe(1);
    expect(r.out).toEqual([
      '-:2:9: not a valid URI: at offset 8, found " "; expected: pct-encoded, sub-delims, unreserved, "#", "/", ":", "?", "@", end of input; hint: a space must be percent-encoded as "%20"',
      '-:4:4: not a valid URI: at offset 3, found the end of input; expected: ALPHA, DIGIT, "+", "-", ".", ":"; hint: an absolute URI begins with a scheme and ":" (e.g. "https:")',
    ]);
    // the final "" after the last newline is no line; without a final newline, "foo" still is one
    expect(r.err).toBe('-: 4 lines, 2 valid, 2 invalid (URI)');
    expect((await cliIn('a:b\nfoo', 'validate', '-', '--rule', 'URI')).err).toBe('-: 2 lines, 1 valid, 1 invalid (URI)');
  });
  it('all valid is exit 0 with nothing on stdout; an empty input is 0 lines', async () => {
    expect(await cliIn('a:b\r\nhttp://x/\r\n', 'validate', '--rule', 'URI')).toEqual({ status: 0, out: [], err: '-: 2 lines, 2 valid, 0 invalid (URI)' });
    expect(await cliIn('', 'validate')).toEqual({ status: 0, out: [], err: '-: 0 lines, 0 valid, 0 invalid (URI-reference)' });
  });
  it('CRLF line ends, a blank line, a byte order mark and lines split across chunks', async () => {
    const r = await cliIn(['\ufeffhttp://a/\r', '\nhttp://', 'a b/\r\n\r\nx:y\r\n'], 'validate', '--rule', 'URI');
    expect(r.out).toEqual([
      expect.stringMatching(/^-:2:9: not a valid URI: at offset 8, found " "/),
      expect.stringMatching(/^-:3:1: not a valid URI: at offset 0, found the end of input/),
    ]);
    expect(r.err).toBe('-: 4 lines, 2 valid, 2 invalid (URI)');
  });
  it('a CR inside a line is part of it (and invalid)', async () => {
    const r = await cliIn('a:b\rc\n', 'validate', '--rule', 'URI');
    expect(r.out).toEqual([expect.stringMatching(/^-:1:4: not a valid URI: at offset 3, found "\\x0d"/)]);
  });
  it('--file F names the file in each line; the column counts code points', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-cli-'));
    const file = path.join(dir, 'urls.txt');
    fs.writeFileSync(file, 'http://b\u00fccher.de/\nhttp://\u{1F600}x/ y\nok:\n');
    const r = await cli('validate', '--file', file, '--rule=URI');
    expect(r.status).toBe(1);
    expect(r.out).toEqual([
      expect.stringMatching(new RegExp(`^${file.replace(/[.\\]/g, '\\$&')}:1:9: not a valid URI: at offset 8, found "ü"`)),
      expect.stringMatching(new RegExp(`^${file.replace(/[.\\]/g, '\\$&')}:2:8: not a valid URI: at offset 7`)),
    ]);
    expect(r.err).toBe(`${file}: 3 lines, 1 valid, 2 invalid (URI)`);
    fs.rmSync(dir, { recursive: true });
  });
  it('--json: one object per invalid line that parses, with the agreed fields; --all adds valid lines', async () => {
    const r = await cliIn(lines.join('\n'), 'validate', '--rule', 'URI', '--json');
    expect(r.status).toBe(1);
    const objs = r.out.map((l) => JSON.parse(l));
    expect(objs.map((o) => o.line)).toEqual([2, 4]);
    expect(objs[0]).toMatchObject({ file: '-', line: 2, column: 9, input: 'http://a b', valid: false, rule: 'URI', index: 8 });
    for (const k of ['expected', 'message', 'hint', 'suggestion']) expect(objs[0]).toHaveProperty(k);
    expect(objs[0].message).toContain('not a valid URI: at offset 8');
    expect(objs[0]).toMatchObject({ hint: 'a space must be percent-encoded as "%20"', suggestion: 'http://a%20b' });
    expect(objs[1]).toMatchObject({ hint: expect.stringContaining('scheme'), suggestion: null });
    const all = (await cliIn(lines.join('\n'), 'validate', '--rule', 'URI', '--json', '--all')).out.map((l) => JSON.parse(l));
    expect(all.map((o) => [o.line, o.valid])).toEqual([[1, true], [2, false], [3, true], [4, false]]);
    expect(all[0]).toMatchObject({ input: 'http://example.com/', index: null, message: null, hint: null, suggestion: null });
  });
  it('no progress line unless one is asked for (a terminal); with one it is cleared at the end', async () => {
    const progress: string[] = [];
    const many = Array.from({ length: 2000 }, (_, i) => `http://h${i}/\n`);
    const status = await run(['validate'], { out: () => undefined, err: () => undefined, stdin: Readable.from(many), progress: (t) => progress.push(t) });
    expect(status).toBe(0);
    // the first chunk only arms the timer; whatever was shown is cleared with ''
    if (progress.length) expect(progress[progress.length - 1]).toBe('');
  });
});

describe('validate with a policy (--scheme, --require-host, --no-userinfo, --port, ...)', () => {
  it('one input: exit 1 with the UriPolicyError naming the component, the password redacted', async () => {
    const r = await cli('validate', '--scheme', 'https', '--require-host', '--no-userinfo', '--port=1-65535', 'http://u:pw@h:0/');
    expect(r.status).toBe(1);
    expect(r.err.split('\n')[0]).toBe('UriPolicyError: scheme "http" is not allowed (allowed: https): scheme at offset 0-4');
    expect(r.err).not.toContain('pw');
    expect(await cli('validate', '--scheme', 'https', '--require-host', 'https://h/')).toEqual({ status: 0, out: ['valid URI'], err: '' });
  });
  it.each([
    [['--scheme', 'http,https'], 'ftp://h/', 'scheme'],
    [['--scheme', 'http', '--scheme', 'https'], 'ftp://h/', 'scheme'],
    [['--require-host'], 'http:/x', 'host'],
    [['--no-host'], 'http://x/', 'host'],
    [['--no-userinfo'], 'http://u@x/', 'userinfo'],
    [['--no-password'], 'http://u:p@x/', 'userinfo'],
    [['--port', '443'], 'https://x:8443/', 'port'],
    [[], 'http://x:65536/', null], // no policy asked: grammar only, any port
    [['--require-host'], 'http://x:65536/', 'port'], // a policy: 0-65535
    [['--no-query'], 'http://x/?a', 'query'],
    [['--no-fragment'], 'http://x/#a', 'fragment'],
    [['--require-host'], '//x/', 'syntax'], // a policy means rule URI
    [['--require-host', '--relative'], '//x/', 'host'], // a network-path reference: refused unless --network-path
    [['--require-host', '--relative', '--network-path'], '//x/', null],
    [['--require-host', '--relative'], '/x', null],
    [['--host-syntax', 'dns'], 'http://1.2.3.4.5/', 'host'],
    [['--no-private-host'], 'http://[::ffff:127.0.0.1]/', 'host'],
    [['--no-private-host'], 'http://0x7f000001/', 'host'], // 127.0.0.1 to the client (issue 34)
    [['--relative', '--scheme', 'https'], 'https:/evil.com', 'host'], // the client reads https://evil.com/
    [['--whatwg-reading'], 'http://0x7f000001/', 'host'],
    [['--whatwg-reading'], 'http://EXAMPLE.com:80/', null],
    [['--preset', 'webhookUrl'], 'https://localhost/', 'host'],
    [['--preset', 'webhookUrl'], 'https://x/#f', 'fragment'],
    [['--preset=httpUrl', '--scheme', 'https'], 'http://x/', 'scheme'],
  ])('%j %j', async (flags, input, component) => {
    const r = await cliIn(`${input}\n`, 'validate', '--json', ...flags);
    if (component === null) {
      expect(r).toEqual({ status: 0, out: [], err: expect.stringMatching(/1 valid, 0 invalid/) });
      return;
    }
    expect(r.status).toBe(1);
    const o = JSON.parse(r.out[0]);
    expect(o.component).toBe(component === 'syntax' ? null : component);
    expect(o.valid).toBe(false);
  });
  it('file positions: the column counts in the line as written, the message in the redacted input', async () => {
    const r = await cliIn('https://u:secret@x:0/\n', 'validate', '--port', '1-2');
    expect(r.out).toEqual(['-:1:20: port 0 is out of range (1-2): port at offset 16-17']);
    const j = JSON.parse((await cliIn('https://u:secret@x:0/\n', 'validate', '--port', '1-2', '--json')).out[0]);
    expect(j).toMatchObject({ column: 20, input: 'https://u:***@x:0/', index: 16 });
    const all = (await cliIn('https://u:secret@x/\n', 'validate', '--no-userinfo', '--json', '--all')).out.join('\n');
    expect(all).not.toContain('secret');
    const valid = (await cliIn('https://u:secret@x/\n', 'validate', '--no-query', '--json', '--all')).out.join('\n');
    expect(JSON.parse(valid).input).toBe('https://u:***@x/');
  });
  it.each([
    [['--port', '9-1'], '--port "9-1"'],
    [['--port', '70000'], '--port "70000"'],
    [['--scheme', 'ht tp'], '--scheme "ht tp"'],
    [['--require-host', '--no-host'], 'contradict'],
    [['--relative', '--rule', 'URI'], 'option "relative" contradicts option "rule" "URI"'],
    [['--require-host', '--rule', 'host'], 'with a policy, --rule is one of'],
    [['--preset', 'nope'], 'unknown preset "nope"'],
  ])('usage: %j', async (flags, message) => {
    const r = await cli('validate', 'x', ...flags);
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/^uri-grammar: [^\n]+$/);
    expect(r.err).toContain(message);
  });
});

describe('the command table', () => {
  it('each entry loads the command of its name; only the command run is loaded', () => {
    expect(allCommands().map((c) => c.name)).toEqual([...COMMAND_NAMES]);
    const code = `require('./dist/src/cli/index.js'); const ks = Object.keys(require.cache);
      process.stdout.write(JSON.stringify([ks.some((k) => /railroad-diagrams/.test(k)), ks.some((k) => /[\\/]iri[\\/]/.test(k))]));`;
    const r = spawnSync(process.execPath, ['-e', code], { cwd: path.join(__dirname, '..', '..'), encoding: 'utf8' });
    if (fs.existsSync(path.join(__dirname, '..', '..', 'dist', 'src', 'cli', 'index.js'))) expect(r.stdout).toBe('[false,false]');
  });
});

describe('policy flags and the library agree', () => {
  it('the preset names the CLI lists are the presets of src/uri/policy.ts', () => {
    expect([...PRESET_NAMES]).toEqual(Object.keys(policyPresets));
  });
});

describe('batch helpers', () => {
  it('column: 1-based, in code points', () => {
    expect(column('abc', 0)).toBe(1);
    expect(column('abc', 2)).toBe(3);
    expect(column('\u{1F600}x', 2)).toBe(2);
    expect(column('\u00fcx', 1)).toBe(2);
  });
  it('oneLine drops the caret lines', () => {
    expect(oneLine('a\nexpected: b\n  xx\n   ^')).toBe('a; expected: b');
  });
  it('summaryLine is oneLine of the message, without composing it (hinted, redacted, headlined and other grammars\' errors)', () => {
    const errors: GrammarSyntaxError[] = [];
    fc.assert(fc.property(mutated('URI'), (s) => {
      const v = validate(s, 'URI');
      if (!v.ok) errors.push(v.error);
    }), { numRuns: 500 });
    errors.push(withoutPassword((validate('http://u:p@ss@h/ x', 'URI') as { error: GrammarSyntaxError }).error));
    errors.push(new GrammarSyntaxError('ab', 'r', 1, ['"x"'], 'my headline'));
    const g = compileAbnf('r = "a" 1*DIGIT\n');
    errors.push((g.validate('ax', 'r') as { error: GrammarSyntaxError }).error);
    expect(errors.filter((e) => e.hint !== undefined).length).toBeGreaterThan(10);
    for (const e of errors) expect([e.input, summaryLine(e)]).toEqual([e.input, oneLine(e.message)]);
  });
});

const BIN = path.join(__dirname, '..', '..', 'bin', 'uri-grammar.js');
const built = fs.existsSync(path.join(__dirname, '..', '..', 'dist', 'src', 'cli', 'index.js'));
// `npm test` builds first; a bare `npx jest` without a build skips only these tests.
(built ? describe : describe.skip)('the installed command (bin/uri-grammar.js, built dist/)', () => {
  const node = (args: string[], input?: string) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', input });
  it('starts from the bundle (dist/cjs/cli.js) and the library\'s main bundle; the cold parts (the registry, other grammars) and a dependency load only for a command that needs them', () => {
    const loads = (args: string[]) => {
      const code = `const cli = require('./dist/cjs/cli.js'); const io = cli.processIo();
        cli.run(${JSON.stringify(args)}, io).then(async (status) => { await io.flush();
          const ks = Object.keys(require.cache).map((k) => k.replace(/\\\\/g, '/'));
          process.stderr.write('\\n' + JSON.stringify([status, [...new Set(ks.filter((k) => !k.endsWith('/dist/cjs/cli.js')).map((k) => k.replace(/^.*\\/node_modules\\/([^/]+)\\/.*$/, '$1').replace(/^.*\\/(dist\\/)/, '$1')))].sort()]));
        });`;
      const r = spawnSync(process.execPath, ['-e', code], { cwd: path.join(__dirname, '..', '..'), encoding: 'utf8' });
      return JSON.parse(r.stderr.split('\n').pop()!);
    };
    // The main bundle through its entry and code-cache loader (dist/cjs/entry.js, cached.js), and
    // the cold parts a command needs (scripts/bundle.js): RFC 3986's tables for a verdict, the
    // hints and how the input is shown for an error.
    const main = ['dist/cjs/cached.js', 'dist/cjs/entry.js', 'dist/cjs/index.js'];
    const cold = (...parts: string[]) => parts.map((p) => `dist/cjs/${p}.js`);
    const sorted = (...lists: string[][]) => lists.flat().sort();
    expect(loads(['validate', 'http://a/'])).toEqual([0, sorted(main, cold('cold-tables'))]);
    expect(loads(['validate', 'http://a b'])).toEqual([1, sorted(main, cold('cold-tables', 'cold-hints', 'cold-shown'))]);
    expect(loads(['parse', 'http://a/b'])).toEqual([0, sorted(main, cold('cold-tables'))]);
    // A diagram of RFC 3986: the teaching part alone (the catalog is read only for help).
    expect(loads(['railroad', 'URI'])).toEqual([0, sorted(main, cold('cold-teaching'), ['railroad-diagrams'])]);
    // Another grammar comes from the registry (cold.js) and the other grammars' part, with its
    // compiled data and the precompiled grammars' reader (with the trees' part, for its plans; not the
    // automata, which a grammar loads only when a rule runs hot or needs an NFA).
    expect(loads(['railroad', '--grammar', 'rfc2396', 'URI-reference'])).toEqual([0, sorted(main, cold('cold-teaching', 'cold', 'cold-grammars', 'cold-compiled', 'cold-trees'), ['dist/cjs/data/rfc2396.json', 'railroad-diagrams'])]);
    // tr46 and its dependency
    expect(loads(['to-uri', '--idna', 'http://fa\u00df.de/'])).toEqual([0, sorted(main, cold('cold-iri', 'cold-tables'), ['punycode', 'tr46'])]);
  });
  it('runs validate with the exit status and the caret on stderr', () => {
    expect(execFileSync(process.execPath, [BIN, 'validate', 'http://example.com/'], { encoding: 'utf8' })).toBe('valid URI-reference\n');
    const r = node(['validate', 'http://a b', '--rule', 'URI']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('  http://a b\n          ^');
  });
  it('batch from standard input, everything flushed, no progress line when piped', () => {
    const many = Array.from({ length: 20000 }, (_, i) => (i % 1000 === 7 ? `bad ${i}` : `http://h${i}/`)).join('\n');
    const r = node(['validate', '--rule', 'URI'], many);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(20);
    expect(r.stderr).toBe('-: 20000 lines, 19980 valid, 20 invalid (URI)\n');
  });
  it('wrong usage: one line, exit 2, no stack trace', () => {
    for (const args of [['parse', 'x', '--rule', 'host'], ['nope'], ['validate', '--rule']]) {
      const r = node(args);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^uri-grammar: [^\n]+\n$/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
  it('output to a regular file and to /dev/null (written as Node writes files, without its streams): all of it, the same as through a pipe', () => {
    const many = Array.from({ length: 30000 }, (_, i) => (i % 7 === 3 ? `http://h${i}/a b` : `http://h${i}/`)).join('\n');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-out-'));
    try {
      fs.writeFileSync(path.join(dir, 'in.txt'), many);
      const piped = node(['validate', '--file', path.join(dir, 'in.txt')]);
      expect(piped.stdout.split('\n').filter(Boolean)).toHaveLength(4286);
      const out = fs.openSync(path.join(dir, 'out.txt'), 'w');
      const err = fs.openSync(path.join(dir, 'err.txt'), 'w');
      const r = spawnSync(process.execPath, [BIN, 'validate', '--file', path.join(dir, 'in.txt')], { stdio: ['ignore', out, err] });
      fs.closeSync(out);
      fs.closeSync(err);
      expect(r.status).toBe(1);
      expect(fs.readFileSync(path.join(dir, 'out.txt'), 'utf8')).toBe(piped.stdout);
      expect(fs.readFileSync(path.join(dir, 'err.txt'), 'utf8')).toBe(piped.stderr);
      const nul = spawnSync(process.execPath, [BIN, 'validate', '--file', path.join(dir, 'in.txt')], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
      expect([nul.status, nul.stderr]).toEqual([1, piped.stderr]);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
  it('a regular file it cannot write to (opened read-only): one line, exit 3', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-out-'));
    const fd = fs.openSync(path.join(dir, 'ro.txt'), 'w+');
    const ro = fs.openSync(path.join(dir, 'ro.txt'), 'r');
    try {
      const r = spawnSync(process.execPath, [BIN, 'validate', 'x'], { encoding: 'utf8', stdio: ['ignore', ro, 'pipe'] });
      expect(r.status).toBe(3);
      expect(r.stderr).toBe('uri-grammar: cannot write output: EBADF\n');
    } finally {
      fs.closeSync(fd);
      fs.closeSync(ro);
      fs.rmSync(dir, { recursive: true });
    }
  });
  (fs.existsSync('/dev/full') ? it : it.skip)('a full disk (> /dev/full): one line, exit 3', () => {
    const fd = fs.openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [BIN, 'validate', 'x'], { encoding: 'utf8', stdio: ['ignore', fd, 'pipe'] });
      expect(r.status).toBe(3);
      expect(r.stderr).toBe('uri-grammar: cannot write output: no space left on device\n');
    } finally {
      fs.closeSync(fd);
    }
  });
  it('a closed pipe (the reader stops early): one line, exit 3, no stack trace', async () => {
    const child = spawn(process.execPath, [BIN, 'validate', '--json', '--all'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.on('error', () => undefined);
    const status = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // keep writing until the child gives up
    const line = 'http://example.com/\n'.repeat(5000);
    const pump = () => {
      if (child.stdin.destroyed || child.exitCode !== null) return;
      child.stdin.write(line, () => setImmediate(pump));
    };
    pump();
    expect(await status).toBe(3);
    expect(stderr).toBe('uri-grammar: cannot write output: the reader closed the pipe\n');
  });
});
