/**
 * Issue 38, "errors a config user reads": the CLI's exact words for a character that is not
 * plain ASCII (shown as itself; its code point only where it cannot be seen or is taken for
 * another), for invisible characters and tabs, quoted values, credentials under httpUrl, ajv's
 * offsets, and ABNF written in another notation.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import Ajv from 'ajv';
import { run } from '../../src/cli';
import uriGrammarAjv from '../../src/ajv';
import { createValidator, policyPresets } from '../../src/index';
import { caretLines } from '../../src/engine/errors';

async function cli(...argv: string[]): Promise<{ status: number; out: string[]; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err: err.join('\n') };
}
/** The lines of `validate`'s error for one input. */
const lines = async (...argv: string[]): Promise<string[]> => {
  const r = await cli('validate', ...argv);
  expect(r.status).toBe(1);
  return [...r.out, ...r.err.split('\n')].join('\n').split('\n').filter((l) => !l.startsWith('expected:'));
};

describe('the character itself', () => {
  it('ü and 例 show as themselves, in the first line and the caret line', async () => {
    expect(await lines('--rule', 'URI', 'https://bücher.de x')).toEqual([
      'UriSyntaxError: not a valid URI: at offset 9, found "ü"',
      'hint: a non-ASCII host name: write it in ASCII (IDNA, "xn--..."), or use the IRI grammar (rfc3987)',
      '  https://bücher.de x',
      '           ^',
    ]);
    const l = await lines('--rule', 'URI', 'https://例え.jp x');
    expect(l[0]).toBe('UriSyntaxError: not a valid URI: at offset 8, found "例"');
    expect(l.slice(-2)).toEqual(['  https://例え.jp x', '          ^']);
  });
  it('a wide character takes two columns: the caret stays under its character', () => {
    expect(caretLines('例え x', 3)).toBe('  例え x\n       ^');
    expect(caretLines('例え\u{1F600}x', 4)).toBe('  例え\u{1F600}x\n        ^');
  });
  it('a letter taken for an ASCII one gets its code point and what it looks like', async () => {
    const l = await lines('--rule', 'URI', 'https://pаypal.com/ x');
    expect(l[0]).toBe('UriSyntaxError: not a valid URI: at offset 9, found "\\u0430" (U+0430, looks like "a")');
    expect(l.slice(-2)).toEqual(['  https://p\\u0430ypal.com/ x', '           ^']);
  });
});

describe('what cannot be seen', () => {
  it.each([
    ['https://exa\u200bmple.com/', 11, 'found "\\u200b" (U+200B, a zero-width space: invisible)', 'a zero-width space (U+200B)'],
    ['\ufeffhttps://example.com/', 0, 'found "\\ufeff" (U+FEFF, a byte order mark: invisible)', 'a byte order mark (U+FEFF)'],
    ['https://example.com/a\u00a0b', 21, 'found "\\xa0" (U+00A0, a no-break space: invisible)', 'a no-break space (U+00A0)'],
    ['https://example.com/a\u2060', 21, 'found "\\u2060" (U+2060, a word joiner: invisible)', 'a word joiner (U+2060)'],
  ])('%j: named, and "delete it"', async (input, at, found, name) => {
    const l = await lines('--rule', 'URI', input);
    expect(l[0]).toBe(`UriSyntaxError: not a valid URI: at offset ${at}, ${found}`);
    expect(l[1]).toBe(`hint: ${name} stands here, an invisible character: delete it`);
  });
  it('the suggestion has the invisible characters deleted', () => {
    const r = createValidator({})('https://exa\u200bmple.com/\u200b');
    expect(r.ok || [r.error.hintKind, r.error.suggestion]).toEqual(['invisible', 'https://example.com/']);
  });
  it('a tab is "a tab"', async () => {
    const l = await lines('--rule', 'URI', 'https://example.com/a\tb');
    expect(l[0]).toBe('UriSyntaxError: not a valid URI: at offset 21, found "\\x09" (a tab)');
    expect(l[1]).toBe('hint: a tab must be percent-encoded as "%09" (delete it if it came in with a paste)');
  });
});

describe('common mistakes with a hint of their own', () => {
  it('a value in quotes: "remove the quotes"', async () => {
    for (const q of ['"https://x"', "'https://x/y'"]) {
      const l = await lines('--rule', 'URI', q);
      expect(l[1]).toBe('hint: remove the quotes: they are not part of the URI');
    }
    const r = createValidator(policyPresets.httpUrl)('"https://example.com/"');
    expect(r.ok || r.error.suggestion).toBe('https://example.com/');
  });
  it('credentials under httpUrl: a hint that removes them (and no password in it)', async () => {
    const l = await lines('--preset', 'httpUrl', 'https://bob:hunter2@example.com/x');
    expect(l[0]).toMatch(/^UriPolicyError: userinfo \(credentials before "@"\) is not allowed: userinfo at offset 8-\d+$/);
    expect(l[1]).toBe('hint: remove the credentials and the "@" after them ("scheme://host/"); pass them another way (e.g. an Authorization header or the client\'s own option)');
    expect(l.join('\n')).not.toContain('hunter2');
    const r = createValidator(policyPresets.httpUrl)('https://bob:hunter2@example.com/x');
    expect(r.ok || r.error.suggestion).toBe('https://example.com/x');
  });
  it("ajv's message gives the offset as createValidator does (8-23)", () => {
    const ajv = uriGrammarAjv(new Ajv({ strict: true }));
    const v = ajv.compile({ type: 'string', uriPolicy: 'httpUrl' });
    const input = 'https://a.example:99999/';
    expect(v(input)).toBe(false);
    const r = createValidator(policyPresets.httpUrl)(input);
    if (r.ok) throw new Error('valid');
    const head = r.error.message.split('\n', 1)[0];
    expect(head).toBe('port 99999 is out of range (1-65535): port at offset 18-23');
    expect(v.errors![0].message).toBe(head);
  });
});

describe('ABNF written in another notation', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-words-'));
  afterAll(() => fs.rmSync(dir, { recursive: true }));
  const grammarError = async (text: string): Promise<string> => {
    const file = path.join(dir, `g${Math.random().toString(36).slice(2)}.abnf`);
    fs.writeFileSync(file, text);
    const r = await cli('--grammar', file, 'validate', 'x');
    expect(r.status).not.toBe(0);
    return r.err.replace(/grammar "[^"]*"/, 'grammar "g.abnf"');
  };
  it('"|": ABNF separates alternatives with /', async () => {
    expect(await grammarError('a = "x" | "y"\n')).toBe(
      'uri-grammar: grammar "g.abnf": unexpected "|" in rule a; ABNF separates alternatives with /; for RFC 2396\'s notation use --notation rfc2396 (line 1, column 9)');
    expect(await grammarError('a = ( "x" | "y" )\n')).toContain('found "|"; ABNF separates alternatives with /; for RFC 2396\'s notation use --notation rfc2396');
  });
  it('"_" in a rule name: not allowed in ABNF, "-" suggested', async () => {
    expect(await grammarError('key_name = "a"\n')).toBe(
      'uri-grammar: grammar "g.abnf": expected "=" or "=/" after the rule name key; "_" is not allowed in an ABNF rule name (letters, digits and "-"): write key-name for key_name (line 1, column 4)');
    expect(await grammarError('a = key_name\nkey-name = "x"\n')).toContain('"_" is not allowed in an ABNF rule name (letters, digits and "-"): write key-name for key_name');
  });
});

describe('--help lists the rules of the grammar asked for', () => {
  it('uri-grammar --grammar g.abnf railroad --help: the grammar\'s own rules', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-help-'));
    const file = path.join(dir, 'g.abnf');
    fs.writeFileSync(file, 'version = version-core [ "-" pre ]\nversion-core = 1*DIGIT "." 1*DIGIT\npre = 1*ALPHA\n');
    try {
      for (const argv of [['--grammar', file, 'railroad', '--help'], ['railroad', '--grammar', file, '--help']]) {
        const r = await cli(...argv);
        expect(r.status).toBe(0);
        const lines = r.out.join('\n').split('\n');
        const at = lines.findIndex((l) => l.startsWith('rules ('));
        expect(lines.slice(at + 1)).toEqual(['  version version-core pre']);
        expect(lines[at]).not.toContain('rfc3986');
      }
      const v = (await cli('--grammar', file, 'validate', '--help')).out.join('\n');
      expect(v).toMatch(/rules \([^)]*\) \(default version\):\n {2}version version-core pre$/);
      expect((await cli('railroad', '--help')).out.join('\n')).toMatch(/rules \(rfc3986\):\n {2}URI hier-part/);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});
