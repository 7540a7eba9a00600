/**
 * tr46 builds its Unicode tables when loaded (~50 ms): loading the package must not load it;
 * the first IDNA conversion does. Runs the built CommonJS bundle and ES module build (`npm test`
 * builds first), in fresh processes.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const root = path.join(__dirname, '../..');

test('the CommonJS bundle loads tr46 only for an IDNA conversion', () => {
  expect(fs.existsSync(path.join(root, 'dist/cjs/index.js'))).toBe(true);
  const out = execFileSync(process.execPath, ['-e', `
    const m = require('./dist/cjs/index.js');
    const n = () => Object.keys(require.cache).filter((k) => /node_modules[\\\\/]tr46[\\\\/]/.test(k)).length;
    const before = n();
    m.toUri('http://b\\u00fccher.de/');
    const plain = n();
    const r = m.toUri('http://fa\\u00df.de/', { idna: true });
    console.log(JSON.stringify([before, plain, n() > 0, r]));
  `], { cwd: root, encoding: 'utf8' });
  expect(JSON.parse(out)).toEqual([0, 0, true, 'http://xn--fa-hia.de/']);
});

test('the ES module build converts hosts too (tr46 through module.createRequire)', () => {
  expect(fs.existsSync(path.join(root, 'dist/esm/src/index.js'))).toBe(true);
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
    const m = await import(${JSON.stringify(path.join(root, 'dist/esm/src/index.js'))});
    console.log(JSON.stringify([m.toUri('http://fa\\u00df.de/', { idna: true }), m.hostToUnicode('xn--bcher-kva.de')]));
  `], { cwd: root, encoding: 'utf8' });
  expect(JSON.parse(out)).toEqual(['http://xn--fa-hia.de/', 'b\u00fccher.de']);
});
