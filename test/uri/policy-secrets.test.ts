/**
 * No password in any error a policy, the ajv plugin or the batch command line gives (issue 21,
 * item 1): syntax errors and policy errors alike, in `message`, `input`, `hint`, `suggestion`,
 * `stack`, `util.inspect` and JSON, with `index` pointing into the text shown.
 */
import * as util from 'util';
import * as path from 'path';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import fc from 'fast-check';
import Ajv from 'ajv';
import { createValidator, policyPresets } from '../../src/uri/policy';
import uriGrammarAjv from '../../src/ajv';

const SECRET = 'hunter2';

/** Every way an error can be shown, as text. */
function shown(e: Error): string {
  return [e.message, e.stack ?? '', util.inspect(e), JSON.stringify(e), String((e as { input?: string }).input),
    String((e as { hint?: string }).hint), String((e as { suggestion?: string }).suggestion)].join('\n');
}

describe('createValidator', () => {
  const db = createValidator(policyPresets.databaseUrl);

  it("the issue's example: a syntax error (a space in the path) shows \"*\"s everywhere (one for each character: the offsets stay the input's)", () => {
    const r = db(`postgres://admin:${SECRET}@db.example.com:5432/app name`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const e = r.error;
    expect(shown(e)).not.toContain(SECRET);
    expect(e.input).toBe(`postgres://admin:${'*'.repeat(SECRET.length)}@db.example.com:5432/app name`);
    expect(e.input[e.index]).toBe(' ');
    expect(e.suggestion).toBe('postgres://admin:***@db.example.com:5432/app%20name');
    expect(e.message).toContain('hint: a space must be percent-encoded');
  });

  it('a policy error (a scheme not allowed) shows *** and its span in the shown text', () => {
    const r = db(`ftp://admin:${SECRET}@db.example.com/x`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(shown(r.error)).not.toContain(SECRET);
    expect(r.error.input).toBe('ftp://admin:***@db.example.com/x');
  });

  it('a malformed authority: everything between "scheme://" and the last "@" is taken as userinfo', () => {
    const r = db(`postgres://admin:p@ss/w rd@db/x`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(shown(r.error)).not.toMatch(/p@ss|w rd/);
    expect(r.error.input).toBe('postgres://admin:*********@db/x');
  });

  it('an error inside the password points at its "*" (the offset of the input as given)', () => {
    const r = db(`postgres://admin:a b@db/x`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.input).toBe('postgres://admin:***@db/x');
    expect(r.error.index).toBe('postgres://admin:a'.length);
    expect(r.error.message.split('\n')[0]).toContain('inside the password (redacted)');
  });

  it('never shows a password, whatever the mistake (fast-check)', () => {
    const check = createValidator({ schemes: ['https'], port: [1, 2] });
    const secret = fc.stringMatching(/^[A-Za-z0-9]{6,12}$/).map((s) => 'S3' + s);
    const noise = fc.constantFrom('', ' ', '%', '%zz', '[', '#x#y', ':99', ':1', '\\', 'ü', '^');
    fc.assert(fc.property(secret, noise, noise, fc.constantFrom('http', 'https', 'postgres'), (pw, a, b, scheme) => {
      const r = check(`${scheme}://user:${pw}@h${a}/p${b}`);
      if (!r.ok) expect(shown(r.error)).not.toContain(pw);
    }), { seed: 21, numRuns: 300 });
  });
});

describe('the ajv plugin', () => {
  it('passes no password on in message or params', () => {
    const ajv = uriGrammarAjv(new Ajv());
    const v = ajv.compile({ type: 'string', uriPolicy: 'databaseUrl' });
    expect(v(`postgres://admin:${SECRET}@db.example.com:5432/app name`)).toBe(false);
    const text = JSON.stringify(v.errors);
    expect(text).not.toContain(SECRET);
    expect(text).toContain('app%20name'); // the suggestion is still there, redacted
  });
});

const BIN = path.join(__dirname, '..', '..', 'bin', 'uri-grammar.js');
const built = fs.existsSync(path.join(__dirname, '..', '..', 'dist', 'cjs', 'cli.js'));
(built ? describe : describe.skip)('the batch command line (built)', () => {
  const run = (input: string, ...args: string[]) => spawnSync(process.execPath, [BIN, 'validate', ...args], { input, encoding: 'utf8' });
  it.each([
    [['-', '--preset', 'databaseUrl', '--json']],
    [['-', '--preset', 'databaseUrl']],
    [['-', '--json']],
    [['-']],
  ])('%j prints no password', (args) => {
    const r = run('postgres://u:s3cret@h/d b\nhttps://u:s3cret@h:99999/\n', ...args);
    expect(r.status).toBe(1);
    expect(r.stdout + r.stderr).not.toContain('s3cret');
    if (args.includes('--json')) expect(r.stdout).toContain('postgres://u:******@h/d b');
  });
  it('one input on the command line too', () => {
    const r = spawnSync(process.execPath, [BIN, 'validate', 'postgres://u:s3cret@h/d b'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).not.toContain('s3cret');
  });
});
