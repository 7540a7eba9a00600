// Child process for test/hardening/trees.test.ts and bench/memory.ts: builds the tree of a
// URI of the given length and prints its root, the nodes walked and the memory used.
// Usage: node --max-old-space-size=1024 [--expose-gc] bigTree.js lexical|structural LENGTH
// Memory is the difference the tree makes (after a collection, when --expose-gc is given).
const lib = require('./load');
const [kind, length] = [process.argv[2], Number(process.argv[3])];
const lexical = kind === 'lexical';
const unit = 'a%41:@/';
const n = Math.floor((length - 9) / unit.length);
const built = 'http://h/' + unit.repeat(n) + 'a'.repeat(length - 9 - n * unit.length);
// A flat string (a concatenation is flattened on first read, which would count as the tree's).
const input = Buffer.from(built, 'latin1').toString('latin1');
const gc = typeof global.gc === 'function' ? global.gc : () => {};
lib.parseTree('http://h/a', 'URI', { lexical }); // compiled before the baseline
gc();
const base = process.memoryUsage();
const t0 = process.hrtime.bigint();
const tree = lib.parseTree(input, 'URI', { lexical });
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
gc(); // what the tree keeps, not the garbage made on the way
const now = process.memoryUsage();
const mem = { heapUsed: now.heapUsed - base.heapUsed, external: now.external - base.external, arrayBuffers: now.arrayBuffers - base.arrayBuffers, rss: now.rss };
let walked = 0;
lib.walk(input, 'URI', { enter: () => { walked++; } }, { lexical });
process.stdout.write(JSON.stringify({
  rule: tree.rule, start: tree.start, end: tree.end, walked, seconds,
  heapUsed: mem.heapUsed, external: mem.external, arrayBuffers: mem.arrayBuffers, rss: mem.rss,
}) + '\n');
