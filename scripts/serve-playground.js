#!/usr/bin/env node
/**
 * Serves dist/playground/ on 127.0.0.1 and prints the address.
 *
 *   node scripts/serve-playground.js [--port N]     (default 8080; 0 picks a free port; or PORT=N)
 */
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.png': 'image/png', '.svg': 'image/svg+xml' };

/** A static server for `dir` on 127.0.0.1:`port`; resolves to the listening server. */
function servePlayground(dir, port) {
  const base = path.resolve(dir);
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    const file = path.resolve(base, '.' + (rel.endsWith('/') ? rel + 'index.html' : rel));
    if (file !== base && !file.startsWith(base + path.sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(data);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

module.exports = { servePlayground };

if (require.main === module) {
  const i = process.argv.indexOf('--port');
  const raw = i > 0 ? process.argv[i + 1] : process.env.PORT ?? '8080';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve-playground: --port must be a number from 0 to 65535, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  const dir = path.join(__dirname, '..', 'dist', 'playground');
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error('serve-playground: dist/playground/index.html is missing; run npm run build:playground');
    process.exit(1);
  }
  servePlayground(dir, port).then((server) => {
    console.log(`playground at http://127.0.0.1:${server.address().port}/  (Ctrl-C stops)`);
  }, (e) => {
    console.error(`serve-playground: cannot listen on 127.0.0.1:${port}: ${e.code || e.message}${e.code === 'EADDRINUSE' ? ' (try --port 0)' : ''}`);
    process.exit(1);
  });
}
