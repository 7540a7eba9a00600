#!/usr/bin/env node
'use strict';
// The command line; the build (npm run build) writes dist/.
const path = require('path');
let cli;
try {
  cli = require(path.join(__dirname, '..', 'dist', 'src', 'cli.js'));
} catch (e) {
  if (e && e.code === 'MODULE_NOT_FOUND') {
    process.stderr.write('uri-grammar: not built yet; run `npm run build` first\n');
    process.exit(2);
  }
  throw e;
}
// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (e) => {
  if (e && e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
process.exitCode = cli.main(process.argv.slice(2), {
  out: (l) => process.stdout.write(l + '\n'),
  err: (l) => process.stderr.write(l + '\n'),
});
