/**
 * The docs run as shown: every `// → value` result of a TypeScript or JavaScript example in
 * docs/*.md is checked against what the call returns (test/docs/examples.ts says how a result is
 * written), every command-line transcript (`$ uri-grammar …` and what it prints) is what the
 * command prints, and the zod example of docs/api.md is the one test/uri/policy-zod.test.ts runs.
 */
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { ROOT, blocks, examples, instrument, run } from './examples';

const DOCS = fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort();
const read = (doc: string): string => fs.readFileSync(path.join(ROOT, doc), 'utf8');
const shown = DOCS.flatMap((f) => examples(read(`docs/${f}`), `docs/${f}`));

describe('the examples of docs/', () => {
  it('docs/api.md shows the results of its calls, and most of them', () => {
    const api = examples(read('docs/api.md'), 'docs/api.md');
    expect(api.reduce((n, b) => n + instrument(b).checks, 0)).toBeGreaterThanOrEqual(40);
    // a call with its result in a plain comment would go unchecked: every result is shown with `→`
    const unchecked = blocks(read('docs/api.md'), 'docs/api.md')
      .filter((b) => b.lang === 'ts' || b.lang === 'js')
      .flatMap((b) => b.lines.map((l, k) => [b.line + k, l] as const))
      .filter(([, l]) => /^\s*(?!const |let |import |\}|\/\/)\S.*;\s*\/\/(?!\s*→)/.test(l));
    expect(unchecked).toEqual([]);
  });

  it.each(shown.map((b) => [`${b.doc}:${b.line}`, b] as const))('%s runs as shown', (_where, b) => {
    expect(run(b)).toBeGreaterThan(0);
  });

  it('a result continued on the next comment lines, and a note after two spaces, are read', () => {
    const b = {
      doc: 'x.md', lang: 'ts', line: 1,
      lines: [
        "import { parse, resolve } from 'uri-grammar';",
        "resolve('http://a/b/c/d;p?q', 'http:g');  // → 'http:g'  (strict)",
        "parse('http://u@h:80/p?q#f');",
        "// → { scheme: 'http', authority: 'u@h:80', userinfo: 'u', host: 'h', port: '80',",
        "//     path: '/p', query: 'q', fragment: 'f', hostKind: 'reg-name' }",
      ],
    };
    expect(run(b)).toBe(2);
    const wrong = { ...b, lines: [...b.lines.slice(0, 4), "//     path: '/p', query: 'Q', fragment: 'f', hostKind: 'reg-name' }"] };
    expect(() => run(wrong)).toThrow(/x\.md line 4: expected .*query: 'Q'/);
  });

  it('a result that is not a literal is an error, not a pass', () => {
    const b = { doc: 'x.md', lang: 'ts', line: 1, lines: ["import { isValid } from 'uri-grammar';", "isValid('a'); // → true if all goes well"] };
    expect(() => run(b)).toThrow(/x\.md line 2: the value after → is not a JavaScript literal/);
  });

  it("the zod example is test/uri/policy-zod.test.ts's copy, line for line", () => {
    const code = (lines: string[]): string[] => lines.map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('//') && !l.startsWith('import '));
    const doc = blocks(read('docs/api.md'), 'docs/api.md').find((b) => b.lines.some((l) => l.includes("from 'zod'")));
    expect(doc).toBeDefined();
    const test = read('test/uri/policy-zod.test.ts');
    const copy = /\/\/ --- docs\/api\.md: With zod ---\n([\s\S]*?)\/\/ --- end of the docs\/api\.md example ---/.exec(test);
    expect(copy).not.toBeNull();
    const copied = code(copy![1].split('\n'));
    expect(copied.length).toBeGreaterThan(5);
    expect(code(doc!.lines).slice(0, copied.length)).toEqual(copied);
  });

  const PROMPT = /^\$ (uri-grammar|node bin\/uri-grammar\.js) /;
  const transcripts = DOCS.flatMap((f) => blocks(read(`docs/${f}`), `docs/${f}`))
    .filter((b) => b.lang === '' && PROMPT.test(b.lines[0] ?? ''));

  it('has command-line transcripts to check', () => {
    expect(transcripts.length).toBeGreaterThanOrEqual(4);
  });

  it.each(transcripts.map((b) => [`${b.doc}:${b.line}`, b] as const))('the transcript at %s is what the command prints', (_where, b) => {
    if (!fs.existsSync(path.join(ROOT, 'dist', 'cjs', 'cli.js'))) return; // not built: `npm test` builds first
    const cmd = b.lines[0].replace(PROMPT, `${JSON.stringify(process.execPath)} bin/uri-grammar.js `);
    const r = spawnSync('sh', ['-c', cmd], { cwd: ROOT, encoding: 'utf8' });
    expect((r.stdout + r.stderr).trimEnd()).toBe(b.lines.slice(1).join('\n').trimEnd());
  });

  it('links between README.md and docs/ lead to files and headings that exist', () => {
    // GitHub's heading ids: lowercase, punctuation dropped, spaces to hyphens, repeats numbered
    const slug = (h: string): string => h.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const ids = (file: string): Set<string> => {
      const seen = new Map<string, number>();
      const text = read(file).replace(/^```[\s\S]*?^```/gm, '');
      return new Set([...text.matchAll(/^#+\s+(.*)$/gm)].map((m) => {
        const id = slug(m[1]);
        const n = seen.get(id);
        seen.set(id, n === undefined ? 0 : n + 1);
        return n === undefined ? id : `${id}-${n + 1}`;
      }));
    };
    const broken: string[] = [];
    let anchors = 0;
    for (const file of ['README.md', ...DOCS.map((f) => `docs/${f}`)]) {
      for (const m of read(file).matchAll(/\]\(((?!https?:|mailto:)[^)#\s]*)(#[^)]*)?\)/g)) {
        const target = m[1] ? path.join(path.dirname(file), m[1]) : file;
        if (!fs.existsSync(path.join(ROOT, target))) { broken.push(`${file}: ${m[0]}`); continue; }
        if (!m[2] || !target.endsWith('.md')) continue;
        anchors++;
        if (!ids(target).has(m[2].slice(1))) broken.push(`${file}: ${m[0]}`);
      }
    }
    expect(anchors).toBeGreaterThan(3);
    expect(broken).toEqual([]);
  });
});
