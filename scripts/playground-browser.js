/**
 * Debian's Chromium driven by playwright-core, for the playground's browser tests and the
 * README screenshots. Browser downloads do not work here: CI installs the `chromium` package
 * with apt (.ci/run). A fresh profile each launch, nothing that phones home.
 */
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

/** Where Chromium is usually installed (Debian's package first), after CHROMIUM_PATH. */
const USUAL_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium', '/snap/bin/chromium', '/usr/bin/google-chrome'];

/** The Chromium to drive: CHROMIUM_PATH if set (even when it does not exist: it is what was asked for), else the first of USUAL_PATHS that exists, else undefined. */
function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return USUAL_PATHS.find((p) => fs.existsSync(p));
}

const CHROMIUM = findChromium() ?? '/usr/bin/chromium';

const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-default-apps', '--disable-extensions', '--metrics-recording-only', '--no-default-browser-check',
];

/** Launches Chromium with a fresh profile; resolves to { context, close }. Throws a clear error when it is missing. */
async function launchChromium() {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: the playground's browser tests need Debian's chromium ` +
      '(as root: apt-get install -y chromium; .ci/run does this), or set CHROMIUM_PATH');
  }
  const { chromium } = require('playwright-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

module.exports = { launchChromium, findChromium, CHROMIUM };
