/**
 * `uri-grammar/lite` in Chromium: its ES module build (dist/esm/src/lite/index.js) bundled by
 * esbuild as a browser script, loaded into fresh pages, and the first call of `isValid` and of
 * `parse` timed there (performance.now() around the call, which includes building the sources
 * and V8 compiling the RegExp). Used by test/lite/lite.browser.test.ts (answers) and by
 * `npm run bench:bundle` (times, into BENCHMARKS.md). Needs `npm run build` first.
 */
'use strict';
const fs = require('fs');
const path = require('path');
const { launchChromium } = require('./playground-browser.js');

const ROOT = path.join(__dirname, '..');
const LITE = path.join(ROOT, 'dist', 'esm', 'src', 'lite', 'index.js');

/** The lite entry as one minified browser script that sets `window.uriGrammarLite`. */
async function liteScript() {
  if (!fs.existsSync(LITE)) throw new Error('lite-browser: run `npm run build` first (no dist/esm/src/lite/index.js)');
  const { build } = require('esbuild');
  const r = await build({
    stdin: { contents: `export { isValid, parse, UriSyntaxError } from ${JSON.stringify(LITE)};`, resolveDir: ROOT, loader: 'js' },
    bundle: true, minify: true, write: false, format: 'iife', globalName: 'uriGrammarLite', platform: 'browser', target: 'es2020', logLevel: 'silent',
  });
  return r.outputFiles[0].text;
}

/**
 * In each of `pages` fresh pages (one browser): load the script, then run `calls` (a function
 * source taking the module and returning a JSON-able value) once. Each page's first call is a
 * first call: a new page is a new JavaScript realm (its RegExps are compiled anew).
 */
async function inFreshPages(pages, calls) {
  const script = await liteScript();
  const browser = await launchChromium();
  try {
    const out = [];
    for (let i = 0; i < pages; i++) {
      const page = await browser.context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.setContent('<!doctype html><title>lite</title>');
      await page.addScriptTag({ content: script });
      out.push(await page.evaluate(`(${calls})(window.uriGrammarLite)`));
      if (errors.length) throw new Error(`lite-browser: ${errors.join('; ')}`);
      await page.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** The timed first calls: `isValid` on a URL, then `parse` on another (each the first of its kind). */
const FIRST_CALLS = `(lite) => {
  const time = (f) => { const t = performance.now(); const v = f(); return [v, performance.now() - t]; };
  const [valid, isValidMs] = time(() => lite.isValid('https://user@example.com:8080/a/b?q=1#top'));
  const [host, parseMs] = time(() => lite.parse('http://[2001:db8::7]/c=GB?objectClass?one').host);
  const [index, errorMs] = time(() => { try { lite.parse('http://a b/'); return -1; } catch (e) { return e.index; } });
  return { valid, host, index, isValidMs, parseMs, errorMs };
}`;

/**
 * First-call times over `pages` fresh pages: the median of each, and every answer (which the
 * caller checks: true, '[2001:db8::7]', 8).
 */
async function firstCallTimes(pages = 7) {
  const runs = await inFreshPages(pages, FIRST_CALLS);
  const median = (key) => {
    const xs = runs.map((r) => r[key]).sort((a, b) => a - b);
    return xs[xs.length >> 1];
  };
  return { runs, isValidMs: median('isValidMs'), parseMs: median('parseMs'), errorMs: median('errorMs') };
}

module.exports = { liteScript, inFreshPages, firstCallTimes };
