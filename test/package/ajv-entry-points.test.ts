/**
 * The package's entry point `uri-grammar/ajv` (src/ajv.ts; src/ajv-cjs.ts is its CommonJS face),
 * on the built dist/: `require('uri-grammar/ajv')` is the plugin function (with `.default`), the
 * ES module's default export is the plugin, and package.json maps the entry and keeps ajv an
 * optional peer dependency. (What the plugin does: test/ajv.test.ts.)
 */
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';

const built = fs.existsSync(path.join(__dirname, '..', '..', 'dist', 'cjs', 'ajv.js'));
(built ? describe : describe.skip)('entry points (built dist/)', () => {
  const root = path.join(__dirname, '..', '..');
  // 'uri-grammar/ajv' resolves to this package itself (Node's self-reference through "exports").
  it("CommonJS: require('uri-grammar/ajv')(ajv), and .default", () => {
    const code = `const Ajv = require('ajv'); const p = require('uri-grammar/ajv');
      const ajv = p(new Ajv({ strict: true }));
      if (p.default !== p) throw new Error('no default');
      process.stdout.write(String(ajv.validate({ type: 'string', format: 'uri' }, 'http://example.com:abc/')));`;
    const r = spawnSync(process.execPath, ['-e', code], { cwd: root, encoding: 'utf8' });
    expect([r.stderr, r.stdout]).toEqual(['', 'false']);
  });
  it("ESM: import plugin from 'uri-grammar/ajv' (under Node, dist/cjs/ajv.mjs over the CommonJS bundle)", () => {
    const code = `import Ajv from 'ajv'; import plugin from 'uri-grammar/ajv';
      const ajv = plugin(new Ajv.default({ strict: true }));
      process.stdout.write(String(ajv.validate({ type: 'string', format: 'uri-reference' }, '//x/ y')));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
    expect([r.stderr, r.stdout]).toEqual(['', 'false']);
  });
  it('package.json maps uri-grammar/ajv to it; ajv is an optional peer dependency', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.exports['./ajv']).toBeDefined();
    expect(pkg.peerDependenciesMeta.ajv.optional).toBe(true);
  });
});
