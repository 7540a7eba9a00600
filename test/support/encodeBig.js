// Child process for test/hardening-percent.test.ts: percent-encodes LENGTH copies of UNIT as a
// query and prints the result's length. Usage: node --max-old-space-size=N encodeBig.js UNIT LENGTH
const lib = require('./load');
const [unit, length] = [process.argv[2], Number(process.argv[3])];
const out = lib.percentEncode(unit.repeat(length), 'query');
process.stdout.write(JSON.stringify({ length: out.length, head: out.slice(0, 18) }) + '\n');
