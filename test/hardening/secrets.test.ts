/**
 * Issue 34, item 3 and "No secret in any error, from any call": every error hides the password,
 * in every reading of the text (RFC 3986, a WHATWG client's, a hint's rewrite, no scheme at all),
 * in its message, `input`, caret, hint, `suggestion`, stack, `util.inspect` and JSON; `redact`
 * never throws and never returns a password; `revealPasswords: true` is the one way to see it.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as util from 'util';
import { spawnSync } from 'child_process';
import fc from 'fast-check';
import Ajv from 'ajv';
import uriGrammarAjv from '../../src/ajv';
import {
  compileAbnf, createValidator, equivalent, grammarByName, normalize, parse, parseTree, policyPresets, recompose, redact, resolve,
  rfc2396, rfc3987, rfc6874, toIri, toUri, validate, walk, UriPolicyError,
} from '../../src';
import * as lite from '../../src/lite';

/** Everything an error shows when logged or sent: message (with its caret lines), input, hint, suggestion, stack, inspect, JSON. */
function surfaces(e: unknown): string {
  const x = e as Error & { input?: string; hint?: string; suggestion?: string; reason?: string };
  return [x.message, x.input, x.hint, x.suggestion, x.reason, String(x.stack), util.inspect(x), JSON.stringify(x), String(x)].join('\n');
}

/** The error `f` throws or hands back (`{ ok: false, error }`), or undefined. */
function errorOf(f: () => unknown): unknown {
  try {
    const r = f() as { ok?: boolean; error?: unknown } | undefined;
    return r && r.ok === false ? r.error : undefined;
  } catch (e) {
    return e;
  }
}

/** The error of `f`, which must be one, shows no form of `secret`. */
function hides(secret: string, f: () => unknown): unknown {
  const e = errorOf(f);
  expect(e).toBeInstanceOf(Error);
  const all = surfaces(e);
  for (const form of [secret, encodeURIComponent(secret)]) expect([form, all.includes(form)]).toEqual([form, false]);
  return e;
}

const db = createValidator(policyPresets.databaseUrl);
const http = createValidator(policyPresets.httpUrl);

describe('the reproductions of issue 34', () => {
  it('databaseUrl, postgres:/admin:hunter2@db/x: suggestion, message and caret hide it; the suggestion is redacted as the authority it makes', () => {
    const e = hides('hunter2', () => db('postgres:/admin:hunter2@db/x')) as UriPolicyError;
    expect(e.suggestion).toBe('postgres://admin:***@db/x');
    expect(e.input).toBe('postgres:/admin:***@db/x');
    expect(e.message).toContain('  postgres:/admin:***@db/x');
  });

  it('databaseUrl, postgres//admin:hunter2@db/x (a syntax error): the same', () => {
    const e = hides('hunter2', () => db('postgres//admin:hunter2@db/x')) as UriPolicyError;
    expect(e.suggestion).toBe('postgres://admin:***@db/x');
    expect(e.input).toBe('postgres//admin:*******@db/x');
    expect(e.index).toBe(8); // the offset of the text as given
  });

  it('httpUrl, https:user:pw@h/ (a WHATWG client reads https://user:pw@h/)', () => {
    const e = hides(':pw@', () => http('https:user:pw@h/')) as UriPolicyError;
    expect(e.input).not.toMatch(/:pw@/);
  });

  it('databaseUrl, admin:hunter2@db.example.com:5432/mydb (no scheme): hidden, and a hint says what was read', () => {
    const e = hides('hunter2', () => db('admin:hunter2@db.example.com:5432/mydb')) as UriPolicyError;
    expect(e.input).toBe('admin:***@db.example.com:5432/mydb');
    expect(e.hint).toContain('"admin" was read as a scheme');
    expect(e.suggestion).toBe('postgres://admin:***@db.example.com:5432/mydb');
    expect(redact('admin:hunter2@db.example.com:5432/mydb')).toBe('admin:***@db.example.com:5432/mydb');
  });

  it('redact(postgres://admin:hunter2) does not throw, and hides the word after ":"', () => {
    expect(redact('postgres://admin:hunter2')).toBe('postgres://admin:***');
    hides('hunter2', () => parse('postgres://admin:hunter2'));
  });

  it('http:/user:hun ter2@host/: no suggestion, message or input holds it, written or encoded', () => {
    for (const f of [() => validate('http:/user:hun ter2@host/', 'URI'), () => http('http:/user:hun ter2@host/'), () => db('postgres:/user:hun ter2@host/'),
      () => createValidator({ schemes: ['http'], host: 'required' })('http:/user:hun ter2@host/'), () => createValidator({})('http:/user:hun ter2@host/ x')]) {
      const e = errorOf(f);
      if (e === undefined) continue;
      expect(surfaces(e)).not.toMatch(/hun(?: |%20)?ter2/);
    }
  });

  it('plain validate, parse and parseTree show no password', () => {
    const input = 'http://user:hunter2@ho st/';
    for (const f of [() => validate(input), () => parse(input), () => parseTree(input), () => walk(input, 'URI-reference', {})]) {
      const e = hides('hunter2', f) as { input: string; index: number };
      expect(e.input).toBe('http://user:*******@ho st/');
      expect(e.input[e.index]).toBe(' '); // the same character as in the text as given
    }
  });
});

describe('every function and grammar hides it', () => {
  const input = 'http://user:hunter2@ho st/';
  it.each([
    ['validate', () => validate(input, 'URI')],
    ['parse', () => parse(input)],
    ['parseTree', () => parseTree(input)],
    ['resolve (base)', () => resolve(input, 'x')],
    ['resolve (reference)', () => resolve('http://a/', input)],
    ['normalize', () => normalize(input)],
    ['equivalent', () => equivalent(input, 'http://a/')],
    ['recompose', () => recompose({ scheme: 'http', userinfo: 'user:hunter2 x', host: 'h' })],
    ['toUri', () => toUri(input)],
    ['toIri', () => toIri(input)],
    ['rfc3987.validate', () => rfc3987.validate(input)],
    ['rfc3987.parseTree', () => rfc3987.parseTree(input)],
    ['rfc3987.parse', () => rfc3987.parse(input)],
    ['rfc2396.parse', () => rfc2396.parse(input)],
    ['rfc6874.parse', () => rfc6874.parse(input)],
    ['grammarByName(rfc3986).validate', () => grammarByName('rfc3986').validate(input, 'URI')],
    ['grammarByName(rfc2732).parseTree', () => grammarByName('rfc2732').parseTree(input, 'URI-reference')],
    ['compileAbnf', () => compileAbnf('u = "http://" 1*ALPHA ":" 1*ALPHA "@" 1*ALPHA "/"').validate(input, 'u')],
    ['lite.parse', () => lite.parse(input)],
    ['a policy (databaseUrl)', () => db('postgres://admin:hunter2@db/a b')],
    ['a policy error (webhookUrl)', () => createValidator(policyPresets.webhookUrl)('https://admin:hunter2@localhost/')],
  ])('%s', (_name, f) => {
    hides('hunter2', f);
  });

  it('the ajv keyword: message and params (suggestion, hint) hide it', () => {
    const ajv = uriGrammarAjv(new Ajv({ strict: true }));
    const v = ajv.compile({ type: 'string', uriPolicy: 'databaseUrl' });
    for (const text of ['postgres:/admin:hunter2@db/x', 'postgres//admin:hunter2@db/x', 'admin:hunter2@db.example.com:5432/mydb']) {
      expect(v(text)).toBe(false);
      const all = JSON.stringify(v.errors);
      expect([text, all.includes('hunter2')]).toEqual([text, false]);
    }
    v('postgres:/admin:hunter2@db/x');
    expect((v.errors![0].params as { suggestion?: string }).suggestion).toBe('postgres://admin:***@db/x');
  });
});

describe('revealPasswords: the one opt-in', () => {
  it('validate, parseTree, a grammar and a policy show the text as written with it', () => {
    const input = 'http://user:hunter2@ho st/';
    const v = validate(input, 'URI', { revealPasswords: true });
    expect(!v.ok && v.error.input).toBe(input);
    expect(() => parseTree(input, 'URI', { revealPasswords: true })).toThrow(/hunter2/);
    const g = grammarByName('rfc3987').validate(input, 'IRI', { revealPasswords: true });
    expect(!g.ok && g.error.input).toBe(input);
    const p = createValidator({ ...policyPresets.databaseUrl, revealPasswords: true })('postgres:/admin:hunter2@db/x');
    expect(!p.ok && [p.error.input, p.error.suggestion]).toEqual(['postgres:/admin:hunter2@db/x', 'postgres://admin:hunter2@db/x']);
    // and only for that call
    const after = validate(input, 'URI');
    expect(!after.ok && after.error.input).toBe('http://user:*******@ho st/');
  });

  it('is checked as every option is: a boolean, and a misspelling is a TypeError', () => {
    expect(() => validate('x', 'URI', { revealpasswords: true } as never)).toThrow(TypeError);
    expect(() => validate('x', 'URI', { revealPasswords: 'yes' } as never)).toThrow(/revealPasswords/);
    expect(() => createValidator({ revealPasswords: 1 } as never)).toThrow(TypeError);
    expect(() => parseTree('x', 'URI', { revealPasswords: null } as never)).toThrow(TypeError);
  });
});

describe('property: no error surface of any API and no redact output holds the secret (seeded)', () => {
  const SECRET = 'Zq7Secr3tWx';
  // user:SECRET@ shapes and their mutations: missing slashes, a missing ":", no scheme, spaces,
  // percent-encodings, a "@" or "/" in the password, tabs, backslashes, a damaged host.
  const prefix = fc.constantFrom('https://', 'http:/', 'https:', 'postgres//', 'postgres:\\\\', '//', '', ' https://', 'ht\ttps://', 'mongodb://', 'x:/', 'https:///');
  const user = fc.constantFrom('admin', 'u', '', 'first.last', 'us er', 'a%40b');
  const secret = fc.constantFrom(SECRET, `${SECRET} x`, `${SECRET}@`, `x/${SECRET}`, `${SECRET}#`, `%41${SECRET}`, `${SECRET}\t`, `${SECRET}:9`);
  const host = fc.constantFrom('db', 'db.example.com:5432', 'h:x', '[::1', 'ho st', '', 'localhost');
  const rest = fc.constantFrom('', '/x', '/a b', '?q=1', '#f', '/p@q', '/%zz');
  const shape = fc.tuple(prefix, user, secret, host, rest).map(([p, u, s, h, r]) => `${p}${u}:${s}@${h}${r}`);

  const calls: Array<(s: string) => unknown> = [
    (s) => validate(s), (s) => validate(s, 'URI'), (s) => validate(s, 'authority'), (s) => parse(s), (s) => parseTree(s, 'URI'),
    (s) => normalize(s), (s) => resolve(s, 'y'), (s) => resolve('http://a/', s), (s) => equivalent(s, 'http://a/'), (s) => toUri(s), (s) => toIri(s),
    (s) => rfc3987.validate(s), (s) => rfc2396.parse(s), (s) => lite.parse(s), (s) => db(s), (s) => http(s),
    (s) => createValidator(policyPresets.webhookUrl)(s), (s) => createValidator({ schemes: ['https'], host: 'required', userinfo: 'no-password' })(s),
  ];

  it('every call, every surface; and redact', () => {
    fc.assert(fc.property(shape, (s) => {
      const out = redact(s);
      expect([s, out.includes(SECRET)]).toEqual([s, false]);
      for (const call of calls) {
        const e = errorOf(() => call(s));
        if (e === undefined) continue;
        expect([s, call.toString(), surfaces(e).includes(SECRET)]).toEqual([s, call.toString(), false]);
      }
    }), { seed: 34, numRuns: 400 });
  });
});

const BIN = path.join(__dirname, '..', '..', 'bin', 'uri-grammar.js');
const built = fs.existsSync(path.join(__dirname, '..', '..', 'dist', 'cjs', 'cli.js'));
(built ? describe : describe.skip)('every command line command hides it (built)', () => {
  const cli = (args: string[], input?: string) => spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  const bad = 'http://user:hunter2@ho st/';
  it.each([
    [['parse', bad]], [['tree', bad]], [['explain', bad]], [['to-iri', bad]], [['to-uri', bad]], [['validate', bad]], [['validate', bad, '--json']],
    [['normalize', bad]], [['resolve', bad, 'x']], [['resolve', 'http://a/', bad]], [['equivalent', bad, 'http://a/']],
    [['validate', 'postgres:/admin:hunter2@db/x', '--preset', 'databaseUrl', '--json']],
    [['validate', 'admin:hunter2@db.example.com:5432/mydb', '--preset', 'databaseUrl']],
    [['--grammar', 'rfc3987', 'parse', bad]], [['--grammar', 'rfc3987', 'tree', bad]],
  ])('%j', (args) => {
    const r = cli(args);
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).not.toContain('hunter2');
    expect(r.stdout + r.stderr).not.toContain('internal error');
  });

  it('validate on standard input, --json', () => {
    const r = cli(['validate', '-', '--json'], 'postgres//admin:hunter2@db/x\nhttps:user:hunter2@h/ x\n');
    expect(r.stdout + r.stderr).not.toContain('hunter2');
  });

  it('--reveal-passwords shows it, for one who must see the raw text', () => {
    const r = cli(['--reveal-passwords', 'parse', bad]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('hunter2');
    expect(cli(['parse', bad, '--reveal-passwords']).stderr).toContain('hunter2');
  });
});
