/**
 * BENCHMARKS.md is written by several scripts: `npm run bench` writes the speed tables, and
 * `bench:bundle` and `bench:startup` each own one `## ` section. Each replaces only its own.
 */
import * as fs from 'fs';

/** The sections that the other scripts own; `npm run bench` carries them over when it rewrites the file. */
export const OWNED_ELSEWHERE = ['## Cold start', '## Bundle size'];

/** The `## heading` section of `text` (through the line before the next `## `), or undefined. */
export function section(text: string, heading: string): string | undefined {
  const lines = text.split('\n');
  const from = lines.indexOf(heading);
  if (from < 0) return undefined;
  let to = from + 1;
  while (to < lines.length && !lines[to].startsWith('## ') && !lines[to].startsWith('<!-- ')) to++;
  return lines.slice(from, to).join('\n').trimEnd();
}

/** Writes `body` (which starts with `heading`) in place of that section of `file`, or at its end. */
export function replaceSection(file: string, heading: string, body: string): void {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const old = section(text, heading);
  const out = old === undefined ? text.trimEnd() + '\n\n' + body.trimEnd() + '\n' : text.replace(old, () => body.trimEnd());
  fs.writeFileSync(file, out.endsWith('\n') ? out : out + '\n');
}

/**
 * The sections owned by the other scripts in `file`, to append after a rewrite: the headings in
 * OWNED_ELSEWHERE, and blocks between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` markers
 * (bench:batch writes one).
 */
export function keptSections(file: string): string {
  if (!fs.existsSync(file)) return '';
  const text = fs.readFileSync(file, 'utf8');
  const owned = OWNED_ELSEWHERE.map((h) => section(text, h)).filter((s): s is string => s !== undefined);
  const marked = [...text.matchAll(/<!-- (bench:[\w-]+) -->[\s\S]*?<!-- \/\1 -->/g)].map((m) => m[0]);
  return [...owned, ...marked].map((s) => '\n' + s + '\n').join('');
}
