/**
 * The README runs as shown: every `// → value` comment of its TypeScript and JavaScript examples
 * is checked against what the call returns (on the built package when there is one, else on the
 * sources), the error display of "How errors read" is what the command prints, and the front door
 * keeps its shape (at most 300 lines; a quick start of exactly two commands).
 */
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';
import * as ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const BUILT = path.join(ROOT, 'dist', 'cjs', 'index.js');

interface Block { lang: string; line: number; lines: string[] }

/** The fenced blocks of a Markdown text, with the line each begins on (1-based). */
function blocks(md: string): Block[] {
  const out: Block[] = [];
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) body.push(lines[j++]);
    out.push({ lang: open[1], line: i + 2, lines: body });
    i = j;
  }
  return out;
}

/** An example's checks: `expr; // → value` lines become calls of `__check`. */
function instrument(b: Block): { code: string; checks: number } {
  let checks = 0;
  const code = b.lines.map((l, k) => {
    const m = /^(.*?);\s*\/\/\s*→\s*(.+?)\s*$/.exec(l);
    if (!m) return l;
    checks++;
    return `__check(() => (${m[1]}), ${JSON.stringify(m[2])}, ${b.line + k});`;
  }).join('\n');
  return { code, checks };
}

function run(b: Block): number {
  const { code, checks } = instrument(b);
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true } }).outputText;
  const lib = fs.existsSync(BUILT) ? require(BUILT) : require('../../src/index');
  const req = (name: string): unknown => (name === 'uri-grammar' ? lib : require(name));
  let done = 0;
  const check = (f: () => unknown, expected: string, line: number): void => {
    // eslint-disable-next-line no-eval
    const want = (0, eval)(`(${expected})`);
    const got = f();
    if (!Object.is(got, want) && JSON.stringify(got) !== JSON.stringify(want)) {
      throw new Error(`README.md line ${line}: expected ${expected}, got ${JSON.stringify(got)}`);
    }
    done++;
  };
  new Function('require', 'exports', '__check', js)(req, {}, check);
  expect(done).toBe(checks);
  return checks;
}

describe('README.md', () => {
  const examples = blocks(README).filter((b) => b.lang === 'ts' || b.lang === 'js');

  it('has examples with results to check', () => {
    expect(examples.reduce((n, b) => n + instrument(b).checks, 0)).toBeGreaterThanOrEqual(15);
  });

  it.each(examples.map((b) => [b.line, b] as const))('the example at line %i runs as shown', (_line, b) => {
    run(b);
  });

  it('a wrong result fails the check (the checker can fail)', () => {
    const wrong: Block = { lang: 'ts', line: 1, lines: ["import { isValid } from 'uri-grammar';", "isValid('http://a b', 'URI'); // → true"] };
    expect(() => run(wrong)).toThrow(/line 2: expected true, got false/);
  });

  it('"How errors read" is what the command prints', () => {
    const shown = blocks(README).filter((b) => b.lang === '' && /^\$ npm start --silent -- /.test(b.lines[0] ?? ''));
    expect(shown.length).toBeGreaterThan(0);
    for (const b of shown) {
      const cmd = b.lines[0].replace(/^\$ npm start --silent -- /, `${JSON.stringify(process.execPath)} bin/uri-grammar.js `);
      const r = spawnSync('sh', ['-c', cmd], { cwd: ROOT, encoding: 'utf8' });
      if (!fs.existsSync(path.join(ROOT, 'dist', 'cjs', 'cli.js'))) return; // not built: `npm test` builds first
      expect((r.stdout + r.stderr).trimEnd()).toBe(b.lines.slice(1).join('\n'));
    }
  });

  it('is a front door: at most 300 lines, a quick start of exactly two commands', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(300);
    const quick = blocks(README).find((b) => b.lang === 'sh');
    expect(quick).toBeDefined();
    const commands = quick!.lines.filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    expect(commands).toHaveLength(2);
    expect(commands[1]).toMatch(/npm test/);
  });

  it('links only to files that exist', () => {
    for (const m of README.matchAll(/\]\(((?!https?:)[^)#]+)(#[^)]*)?\)/g)) {
      expect([m[1], fs.existsSync(path.join(ROOT, m[1]))]).toEqual([m[1], true]);
    }
  });
});
