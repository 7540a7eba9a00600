/**
 * The command line (src/cli.ts): each command's output and exit status, and usage errors.
 * `main` is called in-process with captured output; one test runs the built bin/ script.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { main, outline } from '../src/cli';
import { parseTree } from '../src/index';

function cli(...argv: string[]): { status: number; out: string[]; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const status = main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err: err.join('\n') };
}

describe('validate', () => {
  it('exit 0 for a valid URI, with the rule named', () => {
    expect(cli('validate', 'http://example.com/a?b#c')).toEqual({ status: 0, out: ['valid URI-reference'], err: '' });
    expect(cli('validate', '1:2::3:4', '--rule', 'IPv6address').out).toEqual(['valid IPv6address']);
  });
  it('exit 1 for an invalid one, with the error, the input and the caret', () => {
    const r = cli('validate', 'http://a b', '--rule', 'URI');
    expect(r.status).toBe(1);
    expect(r.out).toEqual([]);
    const lines = r.err.split('\n');
    expect(lines[0]).toBe('UriSyntaxError: not a valid URI: at offset 8, found " "');
    expect(lines).toContain('  http://a b');
    expect(lines[lines.indexOf('  http://a b') + 1]).toBe('          ^');
  });
});

describe('tree', () => {
  it('prints one line a node: depth, rule, span, text', () => {
    const r = cli('tree', '//h:8/x');
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
  it('--lexical adds the character-level rules', () => {
    const plain = cli('tree', 'a%41', '--rule', 'segment').out;
    const lexical = cli('tree', 'a%41', '--rule', 'segment', '--lexical').out;
    expect(plain).toEqual(['segment [0,4) "a%41"']);
    expect(lexical).toEqual(outline('a%41', parseTree('a%41', 'segment', { lexical: true })));
    expect(lexical).toContain('    pct-encoded [1,4) "%41"');
  });
  it('an invalid input is exit 1 with the error', () => {
    const r = cli('tree', 'http://[::1', '--rule', 'URI');
    expect(r.status).toBe(1);
    expect(r.err).toContain('at offset 11');
  });
});

describe('parse, resolve, normalize, equivalent', () => {
  it('parse prints JSON with null for absent components', () => {
    const r = cli('parse', 'a:?');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out.join('\n'))).toEqual({
      scheme: 'a', authority: null, userinfo: null, host: null, port: null, path: '', query: '', fragment: null, hostKind: null,
    });
  });
  it('resolve, strict and not', () => {
    expect(cli('resolve', 'http://a/b/c/d;p?q', '../g').out).toEqual(['http://a/b/g']);
    expect(cli('resolve', 'http://a/b/c/d;p?q', 'http:g').out).toEqual(['http:g']);
    expect(cli('resolve', 'http://a/b/c/d;p?q', 'http:g', '--non-strict').out).toEqual(['http://a/b/c/g']);
    const bad = cli('resolve', 'a/b', 'c');
    expect([bad.status, bad.err.split('\n')[0]]).toEqual([1, 'UriSyntaxError: resolve: base is not a valid URI: at offset 1, found "/"']);
  });
  it('normalize, syntax and scheme level', () => {
    expect(cli('normalize', 'HTTP://Example.COM:80/a/./b/../c').out).toEqual(['http://example.com:80/a/c']);
    expect(cli('normalize', 'HTTP://Example.COM:80', '--scheme').out).toEqual(['http://example.com/']);
  });
  it('equivalent: exit 0 when equivalent, 1 when not', () => {
    expect(cli('equivalent', 'http://a', 'HTTP://A:80/')).toEqual({ status: 0, out: ['equivalent'], err: '' });
    expect(cli('equivalent', 'http://a/%2F', 'http://a//')).toEqual({ status: 1, out: ['not equivalent'], err: '' });
  });
});

describe('usage errors: exit 2 with the usage', () => {
  it.each([
    [['tree'], 'tree takes 1 argument'],
    [['validate', 'a', 'b'], 'validate takes 1 argument'],
    [['validate', 'a', '--rule', 'nope'], 'unknown rule "nope"'],
    [['validate', 'a', '--rule'], '--rule needs a rule name'],
    [['normalize', 'a:b', '--lexical'], 'normalize does not take --lexical'],
    [['resolve', 'a:b', 'c', '--rule', 'URI'], 'resolve does not take --rule'],
    [['frobnicate'], 'unknown command "frobnicate"'],
  ])('%j', (argv, message) => {
    const r = cli(...argv);
    expect(r.status).toBe(2);
    expect(r.err.split('\n')[0]).toBe(message);
    expect(r.err).toContain('usage:');
  });
  it('no command prints the usage, exit 2; --help exit 0', () => {
    expect(cli().status).toBe(2);
    expect(cli('--help').status).toBe(0);
    expect(cli('--help').out[0]).toContain('usage:');
  });
  it('-- ends the options, so an input may begin with --', () => {
    const r = cli('validate', '--', '--a', '--rule', 'URI');
    expect(r.status).toBe(2); // two arguments after "--"
    expect(cli('validate', '--', '--a').out).toEqual(['valid URI-reference']);
  });
});

const BIN = path.join(__dirname, '..', 'bin', 'uri-grammar.js');
const built = fs.existsSync(path.join(__dirname, '..', 'dist', 'src', 'cli.js'));
// `npm test` builds first; a bare `npx jest` without a build skips only this test.
(built ? describe : describe.skip)('the installed command (bin/uri-grammar.js, built dist/)', () => {
  it('runs validate with the exit status and the caret on stderr', () => {
    expect(execFileSync(process.execPath, [BIN, 'validate', 'http://example.com/'], { encoding: 'utf8' })).toBe('valid URI-reference\n');
    const r = spawnSync(process.execPath, [BIN, 'validate', 'http://a b', '--rule', 'URI'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('  http://a b\n          ^');
  });
});
