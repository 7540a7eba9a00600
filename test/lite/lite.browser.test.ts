/// <reference lib="dom" />
/**
 * uri-grammar/lite in a real Chromium (playwright-core, scripts/lite-browser.js): the ES module
 * build bundled by esbuild for the browser, loaded into fresh pages. The first calls there give
 * the answers the main package gives in Node, and their time is reported (not asserted beyond a
 * sanity bound: `npm run bench:bundle` writes the times into BENCHMARKS.md).
 */
import * as main from '../../src/index';
import { COMPONENT_RULES } from './compare';

/* eslint-disable @typescript-eslint/no-var-requires */
const { inFreshPages, firstCallTimes, liteScript } = require('../../scripts/lite-browser.js') as {
  inFreshPages(pages: number, calls: string): Promise<unknown[]>;
  firstCallTimes(pages: number): Promise<{ isValidMs: number; parseMs: number; errorMs: number; runs: Array<{ valid: boolean; host: string; index: number }> }>;
  liteScript(): Promise<string>;
};

const INPUTS = [
  'https://user@example.com:8080/a/b?q=1#top', 'http://[2001:db8::7]/c=GB?objectClass?one', 'http://[v1.x]/', 'http://[::g]/',
  'http://a b', '//1.2.3.4:80', '//256.1.1.1', 'urn:oasis:names:specification:docbook:dtd:xml:4.1.2', '../a/./b', '%zz', 'a:b:c', '1a:b', '',
];

test('the bundle is small: under 8 kB gzipped for isValid and parse together', async () => {
  const { gzipSync } = require('zlib') as typeof import('zlib');
  const script = await liteScript();
  expect(gzipSync(script, { level: 9 }).length).toBeLessThan(8000);
});

test('first calls in a fresh page give the main package\'s answers, for all 36 rules and parse', async () => {
  const calls = `(lite) => {
    const inputs = ${JSON.stringify(INPUTS)};
    const rules = ${JSON.stringify(main.RULE_NAMES)};
    const parseRules = ${JSON.stringify(COMPONENT_RULES)};
    const verdicts = inputs.map((s) => rules.map((r) => lite.isValid(s, r)));
    const parsed = inputs.map((s) => parseRules.map((r) => {
      try { return lite.parse(s, r); } catch (e) { return { name: e.name, index: e.index, message: e.message }; }
    }));
    return { verdicts, parsed: JSON.parse(JSON.stringify(parsed, (k, v) => (v === undefined ? null : v))) };
  }`;
  const [got] = (await inFreshPages(1, calls)) as Array<{ verdicts: boolean[][]; parsed: unknown[][] }>;
  expect(got.verdicts).toEqual(INPUTS.map((s) => main.RULE_NAMES.map((r) => main.isValid(s, r))));
  const expected = INPUTS.map((s) => COMPONENT_RULES.map((r) => {
    try {
      return JSON.parse(JSON.stringify(main.parse(s, r), (_k, v) => (v === undefined ? null : v)));
    } catch (e) {
      const err = e as main.UriSyntaxError;
      return { name: err.name, index: err.index, message: err.message.split('\n')[0] };
    }
  }));
  expect(got.parsed).toEqual(expected);
});

test('first-call time in Chromium (reported; speed is in BENCHMARKS.md)', async () => {
  const t = await firstCallTimes(5);
  for (const r of t.runs) expect([r.valid, r.host, r.index]).toEqual([true, '[2001:db8::7]', 8]);
  process.stdout.write(`uri-grammar/lite first calls in Chromium (median of 5 fresh pages): isValid ${t.isValidMs.toFixed(1)} ms, parse ${t.parseMs.toFixed(1)} ms, first error ${t.errorMs.toFixed(1)} ms\n`);
  // A sanity bound only, far above what is measured (about 0.5 ms) on a shared machine.
  expect(t.isValidMs).toBeLessThan(50);
  expect(t.parseMs).toBeLessThan(50);
});
