/// <reference lib="dom" />
/**
 * The playground's "Grammar analysis" panel (playground/analysis.ts) in Chromium: the cover set of
 * the current rule as buttons that put a string in the input, and the shadow report.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Server } from 'http';
import type { BrowserContext, Page } from 'playwright-core';
import { generate, grammarByName } from '../../src/index';

/* eslint-disable @typescript-eslint/no-var-requires */
const { buildPlayground } = require('../../scripts/build-playground.js') as { buildPlayground(outdir: string): Promise<unknown> };
const { servePlayground } = require('../../scripts/serve-playground.js') as { servePlayground(dir: string, port: number): Promise<Server> };
const { launchChromium } = require('../../scripts/playground-browser.js') as { launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> };

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-playground-analysis-'));
let server: Server;
let origin: string;
let browser: { context: BrowserContext; close(): Promise<void> };

beforeAll(async () => {
  await buildPlayground(out);
  server = await servePlayground(out, 0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no server address');
  origin = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  fs.rmSync(out, { recursive: true, force: true });
});

async function open(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${origin}/index.html`);
  await page.locator('#verdict:not(:empty)').waitFor();
  return { page, errors };
}

test('the cover set of URI-reference: one button a string; a click shows its tree', async () => {
  const { page, errors } = await open();
  await page.locator('#analysis summary').click();
  await page.getByRole('button', { name: 'Examples that cover the rule' }).click();
  const want = generate(grammarByName('rfc3986'), 'URI-reference', { cover: true, nearMisses: 0 }).valid;
  const buttons = page.locator('#analysis-out button.example');
  expect(await buttons.count()).toBe(want.length);
  await page.locator('#analysis-out button.example', { hasText: 'A://255.0.0.0' }).click();
  expect(await page.getByRole('textbox', { name: 'Input' }).inputValue()).toBe('A://255.0.0.0');
  expect(await page.locator('#verdict').textContent()).toContain('valid URI-reference');
  expect(errors).toEqual([]);
});

test('the shadow report names reg-name and IPv4address', async () => {
  const { page, errors } = await open();
  await page.locator('#analysis summary').click();
  await page.getByRole('button', { name: 'Shadowed and overlapping alternatives' }).click();
  const text = await page.locator('#analysis-out').textContent();
  expect(text).toContain('`reg-name` also matches `0.0.0.0`; `IPv4address` is tried first, so `reg-name` is never the tree for it');
  expect(errors).toEqual([]);
});
