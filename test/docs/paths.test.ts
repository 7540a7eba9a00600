/**
 * Every repository path that the docs and the code's comments name exists: `src/uri/redact.ts`,
 * `test/vectors/`, `grammar/rfc3986.abnf`, `bench/harness.ts`… A file moved or renamed leaves no
 * reader pointed at nothing. Globs (`test/builtins/rfc2396-*.test.ts`) must match at least one
 * file. Paths under `dist/` and `node_modules/` are built or installed, not kept: they are not
 * checked (a `src/…` inside `dist/esm/src/…` is not a repository path, and is skipped as such).
 */
import * as fs from 'fs';
import * as path from 'path';
import { execFileSync } from 'child_process';

const ROOT = path.join(__dirname, '..', '..');
const TOP = ['src', 'test', 'grammar', 'bench', 'scripts', 'docs', 'playground', 'bin', '.ci'];

/**
 * A repository path as prose and comments write it: a top folder, a slash, a name that starts
 * with a letter, digit, `_` or `-`, and an optional glob tail (`-*.test.ts`). Not preceded by a
 * word character, `.`, `/`, `@` or `-`: `dist/esm/src/index.js`, `uri-grammar/ajv` and
 * `/usr/bin/chromium` name no file of this repository.
 */
const PATH = new RegExp(
  String.raw`(?<![\w./@-])(?:\./)?((?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/(?:[\w-][\w.*-]*/?)*[\w*-]/?)`,
  'g',
);

/** The files a reader reads: what git keeps (generated files such as src/generated/texts.ts are not). */
function keptFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  return listed.filter((f) =>
    (f.startsWith('docs/') || ['README.md', 'BENCHMARKS.md'].includes(f) || TOP.some((t) => f.startsWith(`${t}/`)))
    && /\.(md|ts|js|mjs|cjs|html|css|abnf|bnf)$|^\.ci\/run$/.test(f)
    // data and spec texts quote other projects' paths; they are not our prose
    && !f.startsWith('test/vectors/') && !f.startsWith('test/spec/') && fs.existsSync(path.join(ROOT, f)));
}

const globRegExp = (glob: string): RegExp =>
  new RegExp(`^${glob.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);

function exists(p: string): boolean {
  if (!p.includes('*')) return fs.existsSync(path.join(ROOT, p));
  const dir = path.dirname(p);
  if (dir.includes('*') || !fs.existsSync(path.join(ROOT, dir))) return false;
  const re = globRegExp(path.basename(p));
  return fs.readdirSync(path.join(ROOT, dir)).some((f) => re.test(f));
}

/**
 * The comments of a source file, everything else blanked (lines kept): a test's own strings may
 * name files that do not exist on purpose. Crude (a `//` inside a string starts a "comment"), but
 * that only ever reads more, never less.
 */
function commentsOf(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|[^\n]/g, (m) => (m.startsWith('/*') || m.startsWith('//') ? m : ' '));
}

/** Each path named in `text`, with its line. */
function namedPaths(text: string): Array<{ line: number; path: string }> {
  const out: Array<{ line: number; path: string }> = [];
  text.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(PATH)) out.push({ line: i + 1, path: m[1].replace(/\/$/, '') });
  });
  return out;
}

describe('paths named in docs and comments', () => {
  it('reads paths as prose writes them, and not what only looks like one', () => {
    expect(namedPaths('see `src/uri/redact.ts` and (test/vectors/README.md).').map((p) => p.path))
      .toEqual(['src/uri/redact.ts', 'test/vectors/README.md']);
    expect(namedPaths('test/builtins/rfc2396-*.test.ts').map((p) => p.path)).toEqual(['test/builtins/rfc2396-*.test.ts']);
    expect(namedPaths("dist/esm/src/index.js uri-grammar/ajv /usr/bin/chromium /unknown grammar/.test(x)")).toEqual([]);
  });

  it("reads a source file's comments, not its strings", () => {
    // built from pieces, so that this file's own text names none of these paths
    const [src, test, bench] = ['sr' + 'c', 'tes' + 't', 'ben' + 'ch'];
    const code = `const a = '${src}/x.ts'; /` + `/ see ${src}/y.ts\n/* and\n   ${test}/z.test.ts */ f('${bench}/q.ts');`;
    expect(namedPaths(commentsOf(code))).toEqual([{ line: 1, path: 'src/y.ts' }, { line: 3, path: 'test/z.test.ts' }]);
  });

  it('a missing file and a glob that matches nothing are found', () => {
    expect(exists('src/index.ts')).toBe(true);
    expect(exists('src/no-such-file.ts')).toBe(false);
    expect(exists('test/builtins/rfc2396-*.test.ts')).toBe(true);
    expect(exists('test/builtins/no-such-*.test.ts')).toBe(false);
  });

  it('every path named in README, docs/, BENCHMARKS and the comments of the code exists (CHANGELOG is history: it may name what a later change removed)', () => {
    const missing: string[] = [];
    let named = 0;
    for (const file of keptFiles()) {
      const raw = fs.readFileSync(path.join(ROOT, file), 'utf8');
      const text = /\.(ts|js|mjs|cjs)$/.test(file) ? commentsOf(raw) : raw;
      for (const { line, path: p } of namedPaths(text)) {
        named++;
        if (!exists(p)) missing.push(`${file}:${line}: ${p}`);
      }
    }
    expect(named).toBeGreaterThan(500);
    expect(missing).toEqual([]);
  });
});
