/**
 * Every repository path that the docs and the code's comments name exists: `src/uri/redact.ts`,
 * `test/vectors/`, `grammar/rfc3986.abnf`, `bench/harness.ts`… A file moved or renamed leaves no
 * reader pointed at nothing. Globs (`test/builtins/rfc2396-*.test.ts`) must match at least one
 * file. Paths under `dist/` and `node_modules/` are built or installed, not kept: they are not
 * checked (a `src/…` inside `dist/esm/src/…` is not a repository path, and is skipped as such).
 * A comment of a source file may also name a file relative to itself (`./readme.test.ts`,
 * `../oracles/backtrack.ts`): that file must exist too.
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
 * that only ever reads more, never less: a generator's strings that become another file's
 * comments are read too.
 */
function commentsOf(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|[^\n]/g, (m) => (m.startsWith('/*') || m.startsWith('//') ? m : ' '));
}

/**
 * The comments of a source file and nothing else, for the paths relative to it: a URL in a string
 * (`'http://a/b/c', '../g'`) starts no comment here. Strings, template literals (their `${…}`
 * read as code) and RegExp literals are skipped; a `/` starts a RegExp where an expression may
 * begin (after `(`, `,`, `=`, an operator, `return`…), as JavaScript reads it.
 */
function commentsOnly(code: string): string {
  const out = code.replace(/[^\n]/g, ' ').split('');
  const braces: number[] = []; // per open `${`, the depth of `{` inside it
  let i = 0;
  const skipQuoted = (end: string): void => {
    for (i++; i < code.length && code[i] !== end && !(end !== '`' && code[i] === '\n'); i++) {
      if (code[i] === '\\') i++;
      else if (end === '`' && code.startsWith('${', i)) { braces.push(0); i += 2; return; }
    }
    i++;
  };
  const regexpMayStart = (): boolean => {
    let j = i - 1;
    while (j >= 0 && /\s/.test(code[j])) j--;
    const before = code.slice(Math.max(0, j - 9), j + 1);
    return j < 0 || /[(,=:[!&|?{};+\-*%<>~^]$/.test(before) || /\b(?:return|typeof|case|do|else|in|of|void|yield|await)$/.test(before);
  };
  while (i < code.length) {
    const c = code[i];
    if (code.startsWith('//', i) || code.startsWith('/*', i)) {
      const end = code.startsWith('//', i) ? code.indexOf('\n', i) : code.indexOf('*/', i + 2) + 2;
      const stop = end < (code.startsWith('//', i) ? 0 : 2) ? code.length : end;
      for (; i < stop; i++) out[i] = code[i];
    } else if (c === "'" || c === '"' || c === '`') skipQuoted(c);
    else if (c === '}' && braces.length > 0 && braces[braces.length - 1] === 0) { braces.pop(); skipQuoted('`'); }
    else if (c === '/' && regexpMayStart()) {
      for (let inClass = false, j = i + 1; j < code.length && code[j] !== '\n'; j++) {
        if (code[j] === '\\') j++;
        else if (code[j] === '[') inClass = true;
        else if (code[j] === ']') inClass = false;
        else if (code[j] === '/' && !inClass) { i = j; break; }
      }
      i++;
    } else {
      if (braces.length > 0 && c === '{') braces[braces.length - 1]++;
      else if (braces.length > 0 && c === '}') braces[braces.length - 1]--;
      i++;
    }
  }
  return out.join('');
}

/**
 * A path relative to the file that names it, as a comment writes it: `./` or `../`, then a file
 * name with one of the repository's extensions (`./examples.ts`, `../support/seed.ts.`
 * without its full stop). A quoted one (`'./index'`) is a specifier quoted from code, not a reference; a
 * relative URL in a comment (`../g`) has no such extension.
 */
const RELATIVE = /(?<![\w./@'"-])(\.\.?\/(?:[\w.-]+\/)*[\w*-][\w.*-]*\.(?:ts|js|mjs|cjs|json|md|abnf|bnf|html|css|txt))(?![\w-])/g;

/** Each path named relative to `file` in `text`, with its line, as a repository path. */
function relativePaths(file: string, text: string): Array<{ line: number; path: string }> {
  const out: Array<{ line: number; path: string }> = [];
  text.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(RELATIVE)) out.push({ line: i + 1, path: path.posix.join(path.posix.dirname(file), m[1]) });
  });
  return out;
}

/** Each path named in `text`, with its line. */
function namedPaths(text: string, code = false): Array<{ line: number; path: string }> {
  const out: Array<{ line: number; path: string }> = [];
  text.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(PATH)) {
      // In code, a path after a dot and a slash is relative to its file (src/engine/ has a grammar folder too): relativePaths reads it.
      if (!(code && m[0].startsWith('./'))) out.push({ line: i + 1, path: m[1].replace(/\/$/, '') });
    }
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

  it('reads strings, template literals and RegExp literals as code, not as comments', () => {
    const src = 'sr' + 'c';
    const code = [
      `const u = 'http://a/b/${src}/x.ts'; const t = \`${src}/y.ts \${f('//')} ${src}/z.ts\`; // ${src}/a.ts`,
      `const r = /\\/\\/[/]${src}\\/b.ts/; /* ${src}/c.ts */ x = a / b / ${src}.length; // ${src}/d.ts`,
    ].join('\n');
    expect(namedPaths(commentsOnly(code))).toEqual([
      { line: 1, path: 'src/a.ts' }, { line: 2, path: 'src/c.ts' }, { line: 2, path: 'src/d.ts' },
    ]);
  });

  it("resolves a path relative to the file whose comment names it, and finds one that is missing", () => {
    const text = commentsOnly("/** see ./split.ts and ../engine/options.ts, not './index' or '../g'. */\n// (../recursive/ends.ts.)");
    const named = relativePaths('src/uri/recompose.ts', text);
    expect(named).toEqual([
      { line: 1, path: 'src/uri/split.ts' }, { line: 1, path: 'src/engine/options.ts' }, { line: 2, path: 'src/recursive/ends.ts' },
    ]);
    expect(named.filter((p) => !exists(p.path)).map((p) => p.path)).toEqual(['src/recursive/ends.ts']);
    // a `./grammar/…` in code is relative to its file, not the repository's grammar/ folder
    const inEngine = commentsOnly('// read back by ./grammar/types.ts');
    expect(namedPaths(inEngine, true)).toEqual([]);
    expect(relativePaths('src/engine/expr.ts', inEngine)).toEqual([{ line: 1, path: 'src/engine/grammar/types.ts' }]);
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
      const code = /\.(ts|js|mjs|cjs)$/.test(file);
      for (const { line, path: p } of namedPaths(code ? commentsOf(raw) : raw, code)) {
        named++;
        if (!exists(p)) missing.push(`${file}:${line}: ${p}`);
      }
    }
    expect(named).toBeGreaterThan(500);
    expect(missing).toEqual([]);
  });

  it('every path that a comment of src/, scripts/, bench/, test/ or playground/ names relative to its file exists', () => {
    const missing: string[] = [];
    let named = 0;
    for (const file of keptFiles().filter((f) => /^(src|scripts|bench|test|playground)\//.test(f) && /\.(ts|js|mjs|cjs)$/.test(f))) {
      for (const { line, path: p } of relativePaths(file, commentsOnly(fs.readFileSync(path.join(ROOT, file), 'utf8')))) {
        named++;
        if (!exists(p)) missing.push(`${file}:${line}: ${p}`);
      }
    }
    expect(named).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
