#!/usr/bin/env node
// The build stamp: a hash of what `npm run build` reads (src/, grammar/, scripts/, package.json,
// the lock file, the tsconfig files) and of the Node version (the code cache is V8's), written to
// dist/.build-stamp at the end of a build. `npm test` builds only when the stamp is missing or
// differs: `npm ci && npm test` builds once (through `prepare`), not twice.
//
//   node scripts/build-stamp.js write   after a build: record what it was built from
//   node scripts/build-stamp.js build   build (npm run build) unless dist/ is up to date
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.join(__dirname, '..');
const INPUTS = ['src', 'grammar', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.esm.json'];
// Written by the build itself (scripts/grammar-texts.js): not an input.
const GENERATED = new Set([path.join('src', 'generated', 'texts.ts')]);

/** The files under `rel` (a file or a folder), relative to `root`, sorted. */
function filesOf(root, rel) {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [rel];
  return fs.readdirSync(full).sort().flatMap((name) => filesOf(root, path.join(rel, name)));
}

/** The stamp of the sources under `root` as they are now. */
function stampOf(root = ROOT) {
  const h = crypto.createHash('sha256');
  h.update(`node ${process.version}\n`);
  for (const rel of INPUTS.flatMap((r) => filesOf(root, r))) {
    if (GENERATED.has(rel)) continue;
    h.update(`${rel.split(path.sep).join('/')}\n`);
    h.update(fs.readFileSync(path.join(root, rel)));
    h.update('\n');
  }
  return h.digest('hex');
}

const stampFile = (root) => path.join(root, 'dist', '.build-stamp');

/** Is dist/ built from the sources as they are now? */
function upToDate(root = ROOT) {
  try {
    return fs.readFileSync(stampFile(root), 'utf8').trim() === stampOf(root);
  } catch {
    return false;
  }
}

function write(root = ROOT) {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.writeFileSync(stampFile(root), `${stampOf(root)}\n`);
}

module.exports = { stampOf, upToDate, write, INPUTS };

if (require.main === module) {
  const what = process.argv[2];
  if (what === 'write') write();
  else if (what === 'build') {
    if (upToDate()) {
      process.stdout.write('build: dist/ is up to date with the sources (dist/.build-stamp); not built again\n');
    } else {
      const npm = process.env.npm_execpath;
      const r = npm
        ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: ROOT, stdio: 'inherit' })
        : spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
      process.exit(r.status ?? 1);
    }
  } else {
    process.stderr.write('usage: node scripts/build-stamp.js write|build\n');
    process.exit(2);
  }
}
