#!/usr/bin/env node
/**
 * Picks the host-parsing cases out of the web-platform-tests URL data, for
 * test/vectors/wpt-url-hosts.json (read by test/uri/clientHost.test.ts):
 *
 *   node scripts/wpt-hosts.js PATH/urltestdata.json PATH/toascii.json > test/vectors/wpt-url-hosts.json
 *
 * From urltestdata.json, a case is kept when its input is absolute (base null) with a special
 * scheme other than file and "//" (`http`, `https`, `ws`, `wss`, `ftp`), and its authority can be
 * cut without a URL parser: no "@", "\", tab, newline or leading/trailing space or control in it,
 * and a port of digits only, at most 65535 (so that a failure is the host's). It is kept as
 * `{input, host, expected}`: `host` the authority without the port, `expected` the WPT hostname or
 * null for a failure. From toascii.json every case is kept as `{input, host: input, expected}`
 * (the host parser alone). Comment strings are dropped.
 */
'use strict';
const fs = require('fs');
const [urltestdata, toascii] = process.argv.slice(2).map((p) => JSON.parse(fs.readFileSync(p, 'utf8')));
const out = [];
for (const t of urltestdata) {
  if (typeof t !== 'object' || t.base !== null) continue;
  const m = /^(https?|wss?|ftp):\/\/([^/?#]*)/i.exec(t.input);
  if (!m || /[@\\\t\n\r]/.test(m[2]) || /^[\x00-\x20]|[\x00-\x20]$/.test(t.input)) continue;
  const a = m[2];
  const portAt = a.startsWith('[') ? (a.indexOf(']') >= 0 ? a.indexOf(':', a.indexOf(']')) : -1) : a.indexOf(':');
  const host = portAt < 0 ? a : a.slice(0, portAt);
  const port = portAt < 0 ? '' : a.slice(portAt + 1);
  if (!/^[0-9]*$/.test(port) || (port !== '' && Number(port) > 65535) || host === '') continue;
  out.push({ source: 'urltestdata', input: t.input, host, expected: t.failure ? null : t.hostname });
}
for (const t of toascii) {
  if (typeof t !== 'object') continue;
  out.push({ source: 'toascii', input: t.input, host: t.input, expected: t.output, ...(t.comment ? { comment: t.comment } : {}) });
}
process.stdout.write(JSON.stringify(out, null, 1) + '\n');
