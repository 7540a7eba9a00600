#!/usr/bin/env node
'use strict';
// The command line: the bundle dist/cjs/cli.js (scripts/bundle.js; the build, npm run build, writes dist/).
const path = require('path');
let cli;
try {
  // Through the code cache the build wrote (src/node/codeCache.ts): a command answers sooner.
  const dist = path.join(__dirname, '..', 'dist', 'cjs');
  cli = require(path.join(dist, 'cached.js')).load(dist, 'cli.js', () => require(path.join(dist, 'cli.js')));
} catch (e) {
  if (e && e.code === 'MODULE_NOT_FOUND') {
    process.stderr.write('uri-grammar: not built yet; run `npm run build` first\n');
    process.exit(2);
  }
  process.stderr.write(`uri-grammar: cannot load: ${e && e.message ? String(e.message).split('\n')[0] : e}\n`);
  process.exit(70);
}
// V8 optimizes a function once it has run for a while (its "interrupt budget"), compiling it on
// background threads. In a short process those compiles take the CPU from the command itself
// where cores are few: on a 2-core machine, the main thread of a 30,000-line batch with 15%
// invalid lines waited 13 to 15 ms of its 43 for the CPU. Four times the budget optimizes
// fewer functions, later: that batch ran in 30 ms, and one ten times as long no slower
// (docs/cli.md, Speed). Set once the bundle is loaded (V8 checks its code cache against its
// flags), and only on the V8 versions known to have the flag (it prints an error otherwise).
const v8Major = Number(String(process.versions.v8).split('.')[0]);
if (v8Major >= 9 && v8Major <= 13) {
  try {
    require('v8').setFlagsFromString('--interrupt-budget=270336');
  } catch {
    // Not V8's own module (another runtime): run with its defaults.
  }
}
// The command line never prints a stack trace: errors need not capture one (a batch of invalid
// lines makes one error each).
Error.stackTraceLimit = 0;
// Output is buffered; a closed pipe or a full disk is one line on stderr and exit 3.
const io = cli.processIo();
cli.run(process.argv.slice(2), io).then(
  async (status) => {
    await io.flush();
    // Exit now: the output is written, and a process left to end by itself first waits for the
    // optimizing compiles V8 still has queued (about 10 ms after a batch of errors).
    process.exit(status);
  },
  (e) => {
    process.stderr.write(`uri-grammar: internal error: ${e && e.message ? String(e.message).split('\n')[0] : e}\n`);
    process.exitCode = 70;
  },
);
