// Child process for test/hardening/percent.test.ts and bench/memory.ts: percent-encodes
// LENGTH copies of UNIT as a query and prints the result's length (and, with "measure", the
// time and the heap in use after, the input and the result alive).
// Usage: node --max-old-space-size=N [--expose-gc] encodeBig.js UNIT LENGTH [measure]
const lib = require('./load');
const [unit, length, measure] = [process.argv[2], Number(process.argv[3]), process.argv[4] === 'measure'];
const text = unit.repeat(length);
const gc = typeof global.gc === 'function' ? global.gc : () => {};
const t0 = process.hrtime.bigint();
const out = lib.percentEncode(text, 'query');
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
gc();
const result = { length: out.length, head: out.slice(0, 18) };
if (measure) Object.assign(result, { seconds, heapUsed: process.memoryUsage().heapUsed });
process.stdout.write(JSON.stringify(result) + '\n');
