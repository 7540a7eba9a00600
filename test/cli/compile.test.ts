/**
 * `uri-grammar compile` (src/cli/compile.ts): the built command writes a module and its
 * declaration file; the module, loaded by a separate Node process as a user's code would load
 * it (CommonJS `require`, ES module `import`), is a grammar that answers as `compileAbnf(text)`
 * does; the declaration file types it by its rule names (a typo is a compile error, checked
 * with tsc); wrong usage exits 2 with one line, a file that is not a grammar exits 1.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { run } from '../../src/cli';
import { compileAbnf } from '../../src/index';

const root = path.join(__dirname, '..', '..');
const bin = path.join(root, 'bin', 'uri-grammar.js');
// Inside the package, so that the written modules' `uri-grammar` resolves to it (as in a user's project).
const dir = path.join(root, 'dist', `compile-test-${process.pid}`);
const built = fs.existsSync(path.join(root, 'dist', 'cjs', 'index.js'));

async function cli(...argv: string[]): Promise<{ status: number; out: string[]; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err: err.join('\n') };
}

beforeAll(() => {
  fs.mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  // The package as a user's project has it installed (for tsc's types; Node finds it by name too).
  fs.symlinkSync(root, path.join(dir, 'node_modules', 'uri-grammar'), 'dir');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('uri-grammar compile', () => {
  if (!built) throw new Error('dist/ is missing: the test command builds first (npm test)');
  const abnf = path.join(root, 'grammar', 'rfc3986.abnf');
  const inputs = ['http://user@www.example.com:8080/a/b?q#f', 'http://[1:2::3:4.5.6.7]/x', 'http://a b', 'a:', '//1.2.3.45x', ''];

  it('writes a CommonJS module and its .d.ts that answer as compileAbnf', () => {
    const out = path.join(dir, 'rfc3986.js');
    const r = spawnSync(process.execPath, [bin, 'compile', abnf, '--out', out, '--lexical', 'pchar', '--label', 'unreserved'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^wrote .*rfc3986\.js and .*rfc3986\.d\.ts \(36 rules\)/);
    expect(fs.readFileSync(path.join(dir, 'rfc3986.d.ts'), 'utf8')).toContain('export = grammar;');
    const script = `const g = require(${JSON.stringify(out)});
      const inputs = ${JSON.stringify(inputs)};
      process.stdout.write(JSON.stringify(inputs.map((s) => { const v = g.validate(s, 'URI-reference');
        let t; try { t = g.parseTree(s, 'URI-reference'); } catch (e) { t = e.message; }
        return [g.isValid(s, 'URI-reference'), v.ok ? null : [v.error.index, v.error.expected, v.error.message], t]; })));`;
    const got = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8' }));
    const g = compileAbnf(fs.readFileSync(abnf, 'utf8'), { name: 'rfc3986.abnf', lexicalRules: ['pchar'], labelRules: ['unreserved'] });
    const want = JSON.parse(JSON.stringify(inputs.map((s) => {
      const v = g.validate(s, 'URI-reference');
      let t: unknown;
      try { t = g.parseTree(s, 'URI-reference'); } catch (e) { t = (e as Error).message; }
      return [g.isValid(s, 'URI-reference'), v.ok ? null : [v.error.index, v.error.expected, v.error.message], t];
    })));
    expect(got).toEqual(want);
  });

  it('writes an ES module (--format esm) with a default export, and a .d.mts', () => {
    const out = path.join(dir, 'greeting.mjs');
    const file = path.join(dir, 'greeting.abnf');
    fs.writeFileSync(file, 'greeting = "hello" 1*SP name\nname = 1*ALPHA\n');
    const r = spawnSync(process.execPath, [bin, 'compile', file, '--format', 'esm', '--out', out], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(fs.existsSync(path.join(dir, 'greeting.d.mts'))).toBe(true);
    const script = `import g from ${JSON.stringify(out)}; console.log(JSON.stringify([g.isValid('hello  World', 'greeting'), g.parseTree('hello x', 'greeting'), g.rules]));`;
    const got = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' }));
    const g = compileAbnf('greeting = "hello" 1*SP name\nname = 1*ALPHA\n');
    expect(got).toEqual([true, JSON.parse(JSON.stringify(g.parseTree('hello x', 'greeting'))), ['greeting', 'name']]);
  });

  it('types the grammar by its rule names: a typo is a compile error', () => {
    const out = path.join(dir, 'typed.js');
    fs.writeFileSync(path.join(dir, 'typed.abnf'), 'top = part "." part\npart = 1*DIGIT\n');
    expect(spawnSync(process.execPath, [bin, 'compile', path.join(dir, 'typed.abnf'), '--out', out]).status).toBe(0);
    const use = path.join(dir, 'use.ts');
    fs.writeFileSync(use, [
      "import g = require('./typed');",
      "const ok: boolean = g.isValid('1.2', 'top');",
      "const t = g.parseTree('1.2', 'part');",
      "const r: 'top' | 'part' = t.rule;",
      "// @ts-expect-error: not a rule of the grammar",
      "g.isValid('1.2', 'tpo');",
      // Issue 38: children typed by the rule names down to the leaves (g.Node), so a walk compiles
      // and a typo in a child's rule does not.
      "function walk(n: g.Node): void { n.children.forEach(walk); }",
      "walk(g.parseTree('1.2', 'top'));",
      "// @ts-expect-error: a misspelt rule name at depth 1",
      "const typo = g.parseTree('1.2', 'top').children[0].rule === 'prt';",
      // Typed by parent: top's children are part nodes, a part node has none.
      "const part: g.Node<'part'> = g.parseTree('1.2', 'top').children[0];",
      "// @ts-expect-error: top is no child of top",
      "const pairing = g.parseTree('1.2', 'top').children[0].rule === 'top';",
      'export { ok, r, typo, part, pairing };',
    ].join('\n'));
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--esModuleInterop', '--module', 'commonjs', '--moduleResolution', 'node', '--skipLibCheck', use], { cwd: dir, encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('types the trees by parent (issue 38): a walk over TreeNode<RuleName> compiles, a typo or a wrong pairing does not; CommonJS and ES module', () => {
    const file = path.join(dir, 'version.abnf');
    fs.writeFileSync(file, 'version = version-core [ "-" pre ]\nversion-core = 1*DIGIT "." 1*DIGIT\npre = 1*ALPHA\n');
    expect(spawnSync(process.execPath, [bin, 'compile', file, '--out', path.join(dir, 'version.js')]).status).toBe(0);
    expect(spawnSync(process.execPath, [bin, 'compile', file, '--format', 'esm', '--out', path.join(dir, 'version.mjs')]).status).toBe(0);
    const body = [
      "function walk(n: TreeNode<RuleName>): void { n.children.forEach(walk); }",
      "const t = g.parseTree('1.2-rc', 'version');",
      'walk(t);',
      "const first = t.children[0].rule === 'version-core';",
      "// @ts-expect-error: a misspelt rule name",
      "const typo = t.children[0].rule === 'version-cor';",
      "// @ts-expect-error: version is no child of version",
      "const pairing = t.children.some((c) => c.rule === 'version');",
      "const core = t.children[0];",
      "// @ts-expect-error: a version-core node has no children (DIGIT is no rule of the text)",
      "const leaf = core.rule === 'version-core' && core.children.some((c) => c.rule === 'pre');",
      'export { first, typo, pairing, leaf };',
    ];
    fs.writeFileSync(path.join(dir, 'useVersion.ts'), ["import g = require('./version');", "import type { TreeNode } from 'uri-grammar';", 'type RuleName = g.RuleName;', ...body].join('\n'));
    fs.writeFileSync(path.join(dir, 'useVersion.mts'), ["import g, { type RuleName } from './version.mjs';", "import type { TreeNode } from 'uri-grammar';", ...body].join('\n'));
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const cjs = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--esModuleInterop', '--module', 'commonjs', '--moduleResolution', 'node', '--skipLibCheck', path.join(dir, 'useVersion.ts')], { cwd: dir, encoding: 'utf8' });
    expect(cjs.stdout + cjs.stderr).toBe('');
    const esm = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', path.join(dir, 'useVersion.mts')], { cwd: dir, encoding: 'utf8' });
    expect(esm.stdout + esm.stderr).toBe('');
    // Without the expected errors, tsc says where each @ts-expect-error went unused: the checks can fail.
    fs.writeFileSync(path.join(dir, 'useVersion.ts'), fs.readFileSync(path.join(dir, 'useVersion.ts'), 'utf8').replace("'version-cor'", "'pre'"));
    const unused = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--esModuleInterop', '--module', 'commonjs', '--moduleResolution', 'node', '--skipLibCheck', path.join(dir, 'useVersion.ts')], { cwd: dir, encoding: 'utf8' });
    expect(unused.stdout).toMatch(/error TS2578: Unused '@ts-expect-error' directive/);
  });

  it('with --samples, carries a tree plan of the first rule (or of each --plan rule), and answers alike', () => {
    const samples = path.join(dir, 'samples.txt');
    fs.writeFileSync(samples, ['http://a.example/x?y#z', 'mailto:q@r', 'not a uri', ''].join('\n'));
    const out = path.join(dir, 'planned.js');
    const r = spawnSync(process.execPath, [bin, 'compile', abnf, '--out', out, '--samples', samples, '--plan', 'uri-reference', '--plan', 'host'], { encoding: 'utf8' });
    expect(r.stderr).toMatch(/^wrote /);
    expect(r.status).toBe(0);
    const text = fs.readFileSync(out, 'utf8');
    const data = JSON.parse(JSON.parse(text.match(/fromCompiled\)?\((".*")\);\n$/s)![1]));
    expect(Object.keys(data.plans).sort()).toEqual(['URI-reference', 'host']);
    const script = `const g = require(${JSON.stringify(out)});
      process.stdout.write(JSON.stringify(${JSON.stringify(inputs)}.map((s) => { try { return g.parseTree(s, 'URI-reference'); } catch (e) { return e.message; } })));`;
    const got = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8' }));
    const g = compileAbnf(fs.readFileSync(abnf, 'utf8'));
    expect(got).toEqual(JSON.parse(JSON.stringify(inputs.map((s) => { try { return g.parseTree(s, 'URI-reference'); } catch (e) { return (e as Error).message; } }))));
    // Without --samples or --plan: no plan (RFC 3986's complete plan, made from no input, is over the size a module carries).
    const plain = spawnSync(process.execPath, [bin, 'compile', abnf], { encoding: 'utf8' });
    expect(plain.stdout).not.toContain('\\"plans\\"');
    expect(plain.stdout).toContain('\\"exprs\\"');
  });

  it('a CommonJS module takes fromCompiled from the copy of the library the program loaded (COMPILED_KEY), even where "uri-grammar" does not resolve', () => {
    // Outside any node_modules: the module's own require("uri-grammar") would fail.
    const alone = fs.mkdtempSync(path.join(require('os').tmpdir(), 'uri-grammar-module-'));
    try {
      const out = path.join(alone, 'g.js');
      const r = spawnSync(process.execPath, [bin, 'compile', abnf, '--out', out], { encoding: 'utf8' });
      expect(r.status).toBe(0);
      const entry = path.join(root, 'dist', 'cjs', 'entry.js');
      const script = `const u = require(${JSON.stringify(entry)});
        const g = require(${JSON.stringify(out)});
        const v = g.validate('http://a b', 'URI');
        process.stdout.write(JSON.stringify([g.isValid('http://a/b', 'URI'), v.ok, !v.ok && v.error instanceof u.GrammarSyntaxError,
          Object.keys(globalThis).some((k) => k.includes('uri-grammar')), typeof globalThis[Symbol.for(u.COMPILED_KEY)]]));`;
      expect(JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: alone, encoding: 'utf8' }))).toEqual([true, false, true, false, 'function']);
      // Loaded first, with no copy of the library in the process, it requires its own: here none.
      const first = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(out)})`], { cwd: alone, encoding: 'utf8' });
      expect(first.status).not.toBe(0);
      expect(first.stderr).toContain("Cannot find module 'uri-grammar'");
    } finally {
      fs.rmSync(alone, { recursive: true, force: true });
    }
  });

  it('prints the module when there is no --out', async () => {
    const r = await cli('compile', path.join(root, 'grammar', 'rfc6874.abnf'));
    // RFC 6874's text extends RFC 3986's and does not stand alone: an error, exit 1.
    expect(r.status).toBe(1);
    expect(r.err).toMatch(/^AbnfSyntaxError: /);
    const ok = await cli('compile', path.join(root, 'grammar', 'rfc2396.bnf'), '--format', 'esm');
    expect(ok.status).toBe(0);
    expect(ok.out.join('\n').split('\n')[1]).toBe('import { fromCompiled } from "uri-grammar";');
  });

  it.each([
    [['compile'], 'uri-grammar: compile takes 1 argument, got 0'],
    [['compile', 'nope.abnf'], 'uri-grammar: compile: cannot read "nope.abnf": ENOENT'],
    [['compile', 'grammar/rfc3986.abnf', '--format', 'umd'], 'uri-grammar: compile: --format must be cjs or esm, not "umd"'],
    [['compile', 'grammar/rfc3986.abnf', '--notation', 'ebnf'], 'uri-grammar: compile: --notation must be one of abnf, rfc2396, not "ebnf"'],
    [['compile', 'grammar/rfc3986.abnf', '--lexical', 'nosuch'], 'uri-grammar: compile: option "lexicalRules": "nosuch" is not a rule of the grammar'],
    [['compile', 'grammar/rfc3986.abnf', '--samples', 'nope.txt'], 'uri-grammar: compile: cannot read "nope.txt": ENOENT'],
    [['compile', 'grammar/json.abnf', '--plan', 'value'], 'uri-grammar: compile: value reaches recursion: its trees do not come from a plan'],
  ])('%j: exit 2, one line', async (argv, message) => {
    const cwd = process.cwd();
    process.chdir(root);
    try {
      expect(await cli(...argv)).toEqual({ status: 2, out: [], err: message });
    } finally {
      process.chdir(cwd);
    }
  });
});
