// What the tests need beyond Node, found on this machine: Chromium (the playground's browser
// tests, `*.browser.test.ts`) and Graphviz's `dot` (rendering `tree --format dot`). Where one is
// missing, its tests are skipped with one line saying what to install, except under CI=true,
// where they run and fail (.ci/run installs both).
'use strict';
const fs = require('fs');
const path = require('path');
const { findChromium } = require('./playground-browser.js');

/** `dot` on PATH, or undefined. */
function findDot() {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'dot'))) return path.join(dir, 'dot');
  }
  return undefined;
}

const inCi = process.env.CI === 'true';

/** The chromium path, or undefined when it is missing (and CI is not set). */
function chromiumForTests() {
  const found = findChromium();
  return found !== undefined && fs.existsSync(found) ? found : undefined;
}

const INSTALL = {
  chromium: 'skipping the browser tests (*.browser.test.ts): Chromium not found; install it (Debian: apt-get install chromium) or set CHROMIUM_PATH',
  dot: 'skipping the Graphviz rendering test: `dot` not found on PATH; install Graphviz (Debian: apt-get install graphviz)',
};

module.exports = { findDot, chromiumForTests, inCi, INSTALL };
