/**
 * The playground as the browser tests (test/teaching/*.browser.test.ts) open it: built into a
 * temporary directory (scripts/build-playground.js), served on 127.0.0.1 (scripts/serve-playground.js)
 * and read by one Chromium for the test file (scripts/playground-browser.js, playwright-core).
 * `usePlayground` registers the file's beforeAll and afterAll; the fields it returns are set
 * once beforeAll has run.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Server } from 'http';
import type { BrowserContext, Page, Request } from 'playwright-core';

/* eslint-disable @typescript-eslint/no-var-requires */
const { buildPlayground } = require('../../scripts/build-playground.js') as { buildPlayground(outdir: string): Promise<unknown> };
const { servePlayground } = require('../../scripts/serve-playground.js') as { servePlayground(dir: string, port: number): Promise<Server> };
const { launchChromium } = require('../../scripts/playground-browser.js') as {
  launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }>;
};

export interface Playground {
  /** The directory the page is built into (the tests also open it from disk). */
  readonly out: string;
  /** `http://127.0.0.1:PORT`, where the page is served. */
  readonly origin: string;
  /** The browser's one context: every page of the file is opened in it. */
  readonly context: BrowserContext;
  /** Every URL the context asked for, in order. */
  readonly requests: readonly string[];
  /**
   * A new page at `index.html` + `fragment`, once it shows a verdict, with the errors it throws
   * (collected from the start); the viewport is set when one is given.
   */
  open(fragment?: string, viewport?: { width: number; height: number }): Promise<{ page: Page; errors: string[] }>;
}

/** Builds, serves and opens the playground for the test file; `prefix` names its temporary directory. */
export function usePlayground(prefix: string): Playground {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const requests: string[] = [];
  let server: Server | undefined;
  let browser: { context: BrowserContext; close(): Promise<void> } | undefined;
  let origin = '';

  beforeAll(async () => {
    await buildPlayground(out);
    server = await servePlayground(out, 0);
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no server address');
    origin = `http://127.0.0.1:${address.port}`;
    browser = await launchChromium();
    browser.context.on('request', (r: Request) => requests.push(r.url()));
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    fs.rmSync(out, { recursive: true, force: true });
  });

  const context = (): BrowserContext => {
    if (!browser) throw new Error('the playground is opened in beforeAll: use it inside a test');
    return browser.context;
  };
  return {
    out,
    get origin() {
      return origin;
    },
    get context() {
      return context();
    },
    requests,
    async open(fragment = '', viewport) {
      const page = await context().newPage();
      if (viewport) await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${origin}/index.html${fragment}`);
      await page.locator('#verdict:not(:empty)').waitFor();
      return { page, errors };
    },
  };
}
