/**
 * `npm run bench:memory`: the memory a parse tree keeps, per tree kind, at 1 MB and 10 MB of
 * input, each in its own child process limited to a 1 GB heap (`--max-old-space-size=1024`,
 * with --expose-gc so that the figure is what the tree keeps, not the garbage made on the way);
 * and percentEncode on 5 M non-ASCII characters. Writes the table into BENCHMARKS.md between
 * the memory markers. Heap is the JavaScript heap; arrays are the typed arrays of the compact
 * tree, which live outside it (process.memoryUsage().arrayBuffers).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');
const SUPPORT = path.join(ROOT, 'test', 'support');
const MB = 1 << 20;

interface TreeRun { seconds: number; heapUsed: number; arrayBuffers: number; rss: number; walked: number }

function child(script: string, args: string[]): string {
  return execFileSync(process.execPath, ['--max-old-space-size=1024', '--expose-gc', path.join(SUPPORT, script), ...args], {
    encoding: 'utf8', timeout: 600_000,
  });
}

const mb = (bytes: number): string => (Math.max(0, bytes) / MB).toFixed(1);
const kb = (bytes: number): string => (Math.max(0, bytes) / 1024).toFixed(0);
const rows: string[] = [];
for (const kind of ['structural', 'lexical']) {
  for (const size of [1, 10]) {
    const r = JSON.parse(child('bigTree.js', [kind, String(size * MB)])) as TreeRun;
    rows.push(`| ${kind} | ${size} MB | ${r.walked.toLocaleString('en')} | ${kb(r.heapUsed)} | ${mb(r.arrayBuffers)} | `
      + `${(r.arrayBuffers / (size * MB)).toFixed(1)} | ${r.seconds.toFixed(2)} | ${mb(r.rss)} |`);
    console.log(rows[rows.length - 1]);
  }
}

const enc: string[] = [];
for (const [unit, label] of [['\u00e9', 'é (2 UTF-8 octets)'], ['\u4e2d', '中 (3 UTF-8 octets)']]) {
  const r = JSON.parse(child('encodeBig.js', [unit, String(5_000_000), 'measure'])) as { length: number; seconds: number; heapUsed: number };
  enc.push(`| ${label} ×5,000,000 | ${(r.length / 1e6).toFixed(0)} M | ${r.seconds.toFixed(2)} | ${mb(r.heapUsed)} |`);
  console.log(enc[enc.length - 1]);
}

const section = `<!-- bench:memory -->
## Memory (\`npm run bench:memory\`)

Each row is one child process with a 1 GB heap (\`--max-old-space-size=1024 --expose-gc\`); the
input is \`http://h/\` and then \`a%41:@/\` repeated. *Heap* is what the returned tree keeps on the
JavaScript heap after a collection (the input string, made before, is not counted);
*arrays* are the compact tree's typed arrays (14 bytes a node, outside the heap); *walked* is
the number of nodes \`walk\` visits. Before the compact trees the lexical tree took about 275 bytes of heap a
character (issue 15: 290 MB at 1 MB) and the 10 MB lexical tree did not fit in a 1 GB heap.

| tree | input | nodes (walked) | heap KB | arrays MB | arrays bytes/char | build s | rss MB |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

percentEncode(text, 'query') on 5 M non-ASCII characters (the same child processes): the
result is built in one buffer of its exact length; *heap* is the heap in use after, with
the input and the result alive.

| text | result chars | seconds | heap MB |
|---|---|---|---|
${enc.join('\n')}
<!-- /bench:memory -->`;

const file = path.join(ROOT, 'BENCHMARKS.md');
const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
const re = /<!-- bench:memory -->[\s\S]*<!-- \/bench:memory -->/;
fs.writeFileSync(file, re.test(old) ? old.replace(re, section) : `${old.trimEnd()}\n\n${section}\n`);
console.log('BENCHMARKS.md: memory section written');
