#!/usr/bin/env node
/**
 * Writes the playground screenshots the README and docs/teaching.md show, into docs/images/:
 * a valid URI with a node focused (desktop), an invalid one (desktop), a phone width, and the
 * step-through at the moments the two exercises of docs/teaching.md ask about.
 *
 *   npm run screenshots
 *
 * The browser tests (test/teaching/playground.browser.test.ts) take the two exercises' shots with
 * their own browser too, and write them here under UPDATE_SCREENSHOTS=1.
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
  // Exercise 4: why is 1.2.3.4.5 a reg-name? The step where IPv4address has matched 1.2.3.4.
  { file: 'step-ipv4-reg-name.png', width: 1280, height: 900, fragment: '#g=rfc3986&r=host&i=1.2.3.4.5', focus: 'host 1.2.3.4.5', step: /IPv4address matched `1\.2\.3\.4`/ },
  // Exercise 5: a repetition that gives back (RFC 8141's NID = alphanum 0*30(ldh) alphanum).
  {
    file: 'step-give-back.png', width: 1280, height: 900,
    fragment: '#g=custom&r=NID&i=ab-c&abnf=' + encodeURIComponent('NID = alphanum 0*30(ldh) alphanum\nldh = alphanum / "-"\nalphanum = ALPHA / DIGIT\n'),
    focus: 'NID ab-c', step: /give back iteration 3/,
  },
];

/** Clicks "Next step" until the step-through's status matches `re` (at most 5,000 steps). */
async function stepUntil(page, re) {
  const status = page.getByRole('region', { name: 'Step-through' }).getByRole('status');
  for (let k = 0; k < 5000; k++) {
    if (re.test((await status.textContent()) ?? '')) return;
    await page.getByRole('button', { name: 'Next step' }).click();
  }
  throw new Error(`no step matches ${re}`);
}

/** Opens `shot` in a new page of `context` (the page at `base`), reaches its state, and writes `dir/shot.file`. */
async function shoot(context, base, shot, dir) {
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: shot.width, height: shot.height });
    await page.goto(`${base}${shot.fragment}`);
    await page.getByRole('tree').waitFor();
    if (shot.focus) {
      await page.getByRole('treeitem', { name: shot.focus, exact: true }).focus();
      // A focused node loads the step-through's part (its "why" lines): shoot once it is there.
      await page.locator('#loading').waitFor({ state: 'hidden' });
    }
    if (shot.step) {
      await stepUntil(page, shot.step);
      await page.getByRole('region', { name: 'Step-through' }).scrollIntoViewIfNeeded();
    }
    await page.screenshot({ path: path.join(dir, shot.file), fullPage: !shot.clip });
  } finally {
    await page.close();
  }
}

async function main() {
  const { outdir } = await buildPlayground();
  fs.mkdirSync(images, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const shot of SHOTS) {
      await shoot(browser.context, `file://${path.join(outdir, 'index.html')}`, shot, images);
      console.log(`wrote docs/images/${shot.file}`);
    }
  } finally {
    await browser.close();
  }
}

module.exports = { SHOTS, shoot, images };

if (require.main === module) {
  main().catch((e) => {
    console.error(`screenshots: ${e.message}`);
    process.exitCode = 1;
  });
}
