/** Inputs shared by the benchmark and the differential run: the corpus and the scaling shapes. */
import * as fs from 'fs';
import * as path from 'path';

/** The repository root: the nearest directory above this file with a package.json. */
function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('bench: no package.json above ' + __dirname);
    dir = up;
  }
  return dir;
}

/** `test/vectors` in the repository (copies of the shared corpus), or `$URI_CORPUS`. */
export const CORPUS_DIR = process.env.URI_CORPUS ?? path.resolve(repoRoot(), 'test', 'vectors');

/** Lines of real-urls.txt (all, or the first `n`: the README asks for the first 20,000 in benchmarks). */
export function realUrls(n?: number): string[] {
  const lines = fs.readFileSync(path.join(CORPUS_DIR, 'real-urls.txt'), 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return n === undefined ? lines : lines.slice(0, n);
}

/** One of the corpus JSON vector files, parsed. */
export function vectors<T = Record<string, unknown>>(file: string): T[] {
  return JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, file), 'utf8')) as T[];
}

/** The vector files, each an array of objects. */
export const VECTOR_FILES = ['valid.json', 'components.json', 'resolve.json', 'normalize.json', 'ipv6.json', 'dot_segments.json'];

/** Repeats `unit` until `prefix + body` is exactly `size` characters. */
function fill(prefix: string, unit: string, size: number): string {
  const body = unit.repeat(Math.ceil((size - prefix.length) / unit.length));
  return prefix + body.slice(0, size - prefix.length);
}

/** A hostile or long input shape of any size; every one is a valid `URI`. */
export interface Shape {
  name: string;
  make(size: number): string;
}

/** The scaling series: the same shapes at growing sizes. Each result is a valid URI of exactly `size` characters. */
export const SHAPES: Shape[] = [
  { name: 'long path', make: (n) => fill('http://example.com/', 'segment/', n) },
  { name: 'long query', make: (n) => fill('http://example.com/p?', 'key=value&', n) },
  { name: '%41 run', make: (n) => { const s = fill('http://example.com/', '%41', n); return s.slice(0, s.length - ((s.length - 19) % 3)) + 'a'.repeat((s.length - 19) % 3); } },
];

export const SCALING_SIZES = [1024, 10 * 1024, 100 * 1024, 1024 * 1024];
export const STACK_SIZE = 10 * 1024 * 1024;
