/**
 * The README runs as shown: every `// → value` comment of its TypeScript and JavaScript examples
 * is checked against what the call returns (on the built package when there is one, else on the
 * sources), the error display of "How errors read" is what the command prints, and the front door
 * keeps its shape (at most 300 lines; a quick start of exactly two commands).
 */
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { ROOT, blocks, examples, instrument, run, type Block } from './examples';

const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe('README.md', () => {
  const shown = examples(README, 'README.md');

  it('has examples with results to check', () => {
    expect(shown.reduce((n, b) => n + instrument(b).checks, 0)).toBeGreaterThanOrEqual(15);
  });

  it.each(shown.map((b) => [b.line, b] as const))('the example at line %i runs as shown', (_line, b) => {
    run(b);
  });

  it('a wrong result fails the check (the checker can fail)', () => {
    const wrong: Block = { doc: 'README.md', lang: 'ts', line: 1, lines: ["import { isValid } from 'uri-grammar';", "isValid('http://a b', 'URI'); // → true"] };
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
    // each works on a fresh clone on its own: it installs first (`npm ci` builds through `prepare`)
    for (const c of commands) expect(c).toMatch(/^npm ci && /);
  });

  it("the quick start's first command prints the parse tree of its sample URI", () => {
    const quick = blocks(README).find((b) => b.lang === 'sh')!;
    const first = quick.lines.filter((l) => l.trim() !== '' && !l.trim().startsWith('#'))[0];
    const m = /^npm ci && npm start -- (.+)$/.exec(first);
    expect(m).not.toBeNull();
    if (!fs.existsSync(path.join(ROOT, 'dist', 'cjs', 'cli.js'))) return; // not built: `npm test` builds first
    const r = spawnSync('sh', ['-c', `${JSON.stringify(process.execPath)} bin/uri-grammar.js ${m![1]}`], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const sample = /'([^']+)'/.exec(m![1])![1];
    expect(r.stdout.split('\n')[0]).toBe(`URI-reference [0,${sample.length}) ${JSON.stringify(sample)}`);
    expect(r.stdout).toMatch(/^ +host \[\d+,\d+\) /m);
  });

  it('links only to files that exist', () => {
    for (const m of README.matchAll(/\]\(((?!https?:)[^)#]+)(#[^)]*)?\)/g)) {
      expect([m[1], fs.existsSync(path.join(ROOT, m[1]))]).toEqual([m[1], true]);
    }
  });
});
