/**
 * Issue 38: `npm ci && npm test` builds once. `prepare` (during `npm ci`) builds and writes
 * dist/.build-stamp, a hash of the build's inputs and the Node version; `npm test` builds again
 * only when the stamp is missing or differs (scripts/build-stamp.js).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

// eslint-disable-next-line @typescript-eslint/no-var-requires
const stamp = require('../../scripts/build-stamp.js') as { stampOf(root: string): string; upToDate(root: string): boolean; write(root: string): void };
const ROOT = path.join(__dirname, '..', '..');

describe('the build stamp', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-stamp-'));
    fs.mkdirSync(path.join(dir, 'src', 'engine'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'grammar'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"x"}');
    fs.writeFileSync(path.join(dir, 'src', 'engine', 'a.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(dir, 'grammar', 'rfc3986.abnf'), 'a = "x"\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('up to date after write; not after a source, grammar or package.json change', () => {
    expect(stamp.upToDate(dir)).toBe(false); // no dist/ yet
    stamp.write(dir);
    expect(stamp.upToDate(dir)).toBe(true);
    for (const [file, text] of [['src/engine/a.ts', 'export const a = 2;\n'], ['grammar/rfc3986.abnf', 'a = "y"\n'], ['package.json', '{"name":"y"}'], ['src/engine/b.ts', '']]) {
      fs.writeFileSync(path.join(dir, file), text);
      expect([file, stamp.upToDate(dir)]).toEqual([file, false]);
      stamp.write(dir);
      expect(stamp.upToDate(dir)).toBe(true);
    }
  });

  it('the generated src/generated/texts.ts is no input (the build writes it, jest\'s setup too)', () => {
    stamp.write(dir);
    fs.mkdirSync(path.join(dir, 'src', 'generated'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', 'generated', 'texts.ts'), 'export const T = 1;\n');
    expect(stamp.upToDate(dir)).toBe(true);
  });

  it('package.json: the build writes the stamp; npm test builds through it', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toMatch(/&& node scripts\/build-stamp\.js write$/);
    expect(pkg.scripts.prepare).toBe('npm run build');
    expect(pkg.scripts.test).toBe('node scripts/build-stamp.js build && jest');
  });
});
