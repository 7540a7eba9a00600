#!/usr/bin/env node
/**
 * Writes the playground screenshots the README and docs/teaching.md show, into docs/images/:
 * a valid URI with a node focused (desktop), an invalid one (desktop), and a phone width.
 *
 *   npm run screenshots
 */
'use strict';
const fs = require('fs');
const path = require('path');
const { buildPlayground } = require('./build-playground.js');
const { launchChromium } = require('./playground-browser.js');

const root = path.join(__dirname, '..');
const images = path.join(root, 'docs', 'images');

const SHOTS = [
  { file: 'playground-desktop.png', width: 1280, height: 900, fragment: '#g=rfc3986&r=URI-reference&i=http%3A%2F%2Fuser%40example.com%3A8080%2Fa%2Fb%3Fq%3D1%23top', focus: 'host example.com' },
  { file: 'playground-error.png', width: 1280, height: 700, fragment: '#g=rfc3986&r=URI-reference&i=http%3A%2F%2F%5B%3A%3A1', clip: true },
  { file: 'playground-phone.png', width: 390, height: 844, fragment: '#g=rfc3986&r=URI-reference&i=%2F%2Fa%2Fb' },
];

async function main() {
  const { outdir } = await buildPlayground();
  fs.mkdirSync(images, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const shot of SHOTS) {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: shot.width, height: shot.height });
      await page.goto(`file://${path.join(outdir, 'index.html')}${shot.fragment}`);
      await page.getByRole('tree').waitFor();
      if (shot.focus) await page.getByRole('treeitem', { name: shot.focus, exact: true }).focus();
      await page.screenshot({ path: path.join(images, shot.file), fullPage: !shot.clip });
      await page.close();
      console.log(`wrote docs/images/${shot.file}`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(`screenshots: ${e.message}`);
  process.exitCode = 1;
});
