/**
 * Runs the examples of a Markdown document as shown. A result is written after the call as
 *
 *     resolve('http://a/b/c/d;p?q', '../g');   // → 'http://a/b/g'
 *     parse('http://u@[::1]:8080/a/b?q#f');
 *     // → { scheme: 'http', authority: 'u@[::1]:8080', …       (on the next line, when long;
 *     //     path: '/a/b', query: 'q', fragment: 'f', … }         continued on comment lines)
 *     resolve(base, 'http:g');                 // → 'http:g'  (strict)
 *
 * The value after `→` is a JavaScript literal; two or more spaces after it end it, and what
 * follows is a note for the reader. The check is strict equality, else equality of the JSON forms (objects
 * compare key by key in any order; an `undefined` field equals an absent one). Every fenced
 * `ts` or `js` block that has a `→` runs as one module against the built package
 * (dist/cjs/index.js after `npm run build`, else the sources), with `uri-grammar/ajv` the built
 * plugin; a block without one (a signature, an interface) is only read.
 */
import * as fs from 'fs';
import * as path from 'path';
import { isDeepStrictEqual } from 'util';
import * as ts from 'typescript';

export const ROOT = path.join(__dirname, '..', '..');
const BUILT = path.join(ROOT, 'dist', 'cjs', 'index.js');
const BUILT_AJV = path.join(ROOT, 'dist', 'cjs', 'ajv.js');

export interface Block { doc: string; lang: string; line: number; lines: string[] }

/** The fenced blocks of a Markdown text, with the line each body begins on (1-based). */
export function blocks(md: string, doc = 'README.md'): Block[] {
  const out: Block[] = [];
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) body.push(lines[j++]);
    out.push({ doc, lang: open[1], line: i + 2, lines: body });
    i = j;
  }
  return out;
}

/** The runnable examples of a document: its ts and js blocks that show a result. */
export function examples(md: string, doc: string): Block[] {
  return blocks(md, doc).filter((b) => (b.lang === 'ts' || b.lang === 'js') && b.lines.some((l) => ARROW.test(l)));
}

const ARROW = /\/\/\s*→/;
/** `expr; // → value` on one line. */
const SAME_LINE = /^(.*?);\s*\/\/\s*→\s*(.*?)\s*$/;
/** `// → value` on a line of its own, for the statement just above. */
const OWN_LINE = /^\s*\/\/\s*→\s*(.*?)\s*$/;
/** A comment line that may continue a value. */
const CONTINUED = /^\s*\/\/(?!\s*→)\s*(.*?)\s*$/;

function parses(value: string): boolean {
  try {
    // eslint-disable-next-line no-new-func
    new Function(`return (${value});`);
    return value.trim() !== '';
  } catch {
    return false;
  }
}

/**
 * The value shown after an arrow on line `k` (its text `first`), joined with the comment lines
 * after it until it parses; the note after two spaces is dropped.
 */
function valueAt(b: Block, k: number, first: string): { value: string; next: number } {
  let text = first;
  let next = k + 1;
  for (;;) {
    // the shortest cut at two or more spaces that parses (a value may hold two spaces in a string)
    const cuts = [...text.matchAll(/\s{2,}/g)].map((m) => text.slice(0, m.index));
    const value = [...cuts, text].find(parses);
    if (value !== undefined) return { value, next };
    const cont = next < b.lines.length ? CONTINUED.exec(b.lines[next]) : null;
    if (!cont) throw new Error(`${b.doc} line ${b.line + k}: the value after → is not a JavaScript literal: ${first}`);
    text = `${text} ${cont[1]}`;
    next++;
  }
}

/** An example's checks: each shown result becomes a call of `__check` with the doc's line. */
export function instrument(b: Block): { code: string; checks: number } {
  let checks = 0;
  const out: string[] = [];
  for (let k = 0; k < b.lines.length; k++) {
    const l = b.lines[k];
    const inline = SAME_LINE.exec(l);
    const own = inline ? null : OWN_LINE.exec(l);
    if (!inline && !own) { out.push(l); continue; }
    let expr: string;
    if (inline) expr = inline[1];
    else {
      const above = /^(.*?);\s*$/.exec(out[out.length - 1] ?? '');
      if (!above || /^\s*(\/\/|const |let |import )/.test(above[1])) {
        throw new Error(`${b.doc} line ${b.line + k}: a → line of its own needs an expression statement just above it`);
      }
      expr = above[1];
      out.pop();
    }
    const { value, next } = valueAt(b, k, inline ? inline[2] : own![1]);
    checks++;
    out.push(`__check(() => (${expr}), ${JSON.stringify(value)}, ${b.line + k});`);
    for (let c = k + 1; c < next; c++) out.push(b.lines[c]);
    k = next - 1;
  }
  return { code: out.join('\n'), checks };
}

function same(got: unknown, want: unknown): boolean {
  if (Object.is(got, want)) return true;
  const json = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v) ?? 'null'));
  return isDeepStrictEqual(json(got), json(want));
}

/** Runs an example; throws naming the document and line of the first result that differs. */
export function run(b: Block): number {
  const { code, checks } = instrument(b);
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true },
  }).outputText;
  const built = fs.existsSync(BUILT);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const lib = built ? require(BUILT) : require('../../src/index');
  const req = (name: string): unknown => {
    if (name === 'uri-grammar') return lib;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    if (name === 'uri-grammar/ajv') return require(built ? BUILT_AJV : '../../src/ajv-cjs');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(name);
  };
  let done = 0;
  const check = (f: () => unknown, expected: string, line: number): void => {
    // eslint-disable-next-line no-eval
    const want = (0, eval)(`(${expected})`);
    const got = f();
    if (!same(got, want)) {
      throw new Error(`${b.doc} line ${line}: expected ${expected}, got ${JSON.stringify(got)}`);
    }
    done++;
  };
  const module = { exports: {} };
  // eslint-disable-next-line no-new-func
  new Function('require', 'module', 'exports', '__check', js)(req, module, module.exports, check);
  if (done !== checks) throw new Error(`${b.doc} line ${b.line}: ${done} of ${checks} results were checked`);
  return checks;
}
