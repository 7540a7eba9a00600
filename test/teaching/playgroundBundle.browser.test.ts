/// <reference lib="dom" />
/**
 * The playground's parts in Chromium (scripts/build-playground.js, docs/teaching.md "The bundle"):
 * what the page asks for to show its first view, gzipped, within 110 kB; each part (another
 * grammar, an IRI under RFC 3987, pasted ABNF, the analysis panel, the step-through) asked for only when chosen,
 * with a "Loading …" status meanwhile, and working once loaded; a part that cannot be loaded is an
 * alert naming its file, and a second try works; from disk too; axe-core on those states.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import type { Page, Route } from 'playwright-core';
import { usePlayground } from '../support/playground';

const playground = usePlayground('uri-grammar-playground-bundle-');
const AXE = require.resolve('axe-core/axe.min.js');

/** The files (by name) a page asked for, in order. */
function recordFiles(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (r) => files.push(path.basename(new URL(r.url()).pathname)));
  return files;
}

/** The part files of the build (what is not the first view). */
const isPart = (f: string) => f === 'grammars.js' || f === 'analysis.js' || f === 'steps.js' || f.startsWith('data-');

/** Holds back the response for `file` until the returned function is called. */
async function holdBack(page: Page, file: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/${file}`, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } })
      .axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${JSON.stringify((v.nodes as Array<{ target: unknown }>).map((n) => n.target))}`);
  });
}

const rule = (page: Page) => page.getByRole('combobox', { name: 'Rule' });
const grammar = (page: Page) => page.getByRole('combobox', { name: 'Grammar' });

test('the first view: what Chromium asks for is the first view\'s files, at most 110 kB gzipped, and no part', async () => {
  const page = await playground.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const bodies = new Map<string, number>();
  const read: Array<Promise<void>> = [];
  page.on('response', (r) => read.push(r.body().then((body) => {
    bodies.set(path.basename(new URL(r.url()).pathname), zlib.gzipSync(body, { level: 9 }).length);
  })));
  await page.goto(`${playground.origin}/index.html`);
  await page.locator('#verdict:not(:empty)').waitFor();
  // The first view is all there: the verdict, the tree, the rule, the railroad diagram.
  expect(await page.locator('#verdict').textContent()).toBe('✓ valid URI-reference (40 characters)');
  expect(await page.getByRole('treeitem', { name: 'host example.com', exact: true }).count()).toBe(1);
  expect(await page.locator('#railroad svg[data-rule="URI-reference"]').count()).toBe(1);
  await page.waitForLoadState('networkidle');
  await Promise.all(read);
  const asked = [...bodies.keys()];
  expect(asked).toEqual(expect.arrayContaining(['index.html', 'playground.css', 'playground.js']));
  expect(asked.filter(isPart)).toEqual([]);
  const gzip = [...bodies.values()].reduce((s, n) => s + n, 0);
  expect(gzip).toBeLessThanOrEqual(110_000);
  // Each file asked for is a file of the build, and the build's first view is what was asked for.
  const html = fs.readFileSync(path.join(playground.out, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script src="([^"]+)" defer>/g)].map((m) => m[1]);
  expect(asked.sort()).toEqual(['index.html', 'playground.css', ...scripts].sort());
  expect(errors).toEqual([]);
  await page.close();
});

test('another grammar is loaded when chosen: "Loading …" meanwhile, then its rules, examples and trees', async () => {
  const page = await playground.context.newPage();
  const files = recordFiles(page);
  await page.goto(`${playground.origin}/index.html`);
  await page.locator('#verdict:not(:empty)').waitFor();
  const release = await holdBack(page, 'data-rfc2396.js');
  await grammar(page).selectOption('rfc2396');
  const loading = page.locator('#loading');
  await page.getByRole('status').filter({ hasText: 'Loading the grammar RFC 2396…' }).waitFor();
  expect(await loading.isVisible()).toBe(true);
  // The page still shows RFC 3986 while RFC 2396 loads.
  expect(await page.locator('#verdict').textContent()).toContain('valid URI-reference');
  expect(await axeViolations(page)).toEqual([]);
  release();
  await page.locator('#rule option[value="hier_part"]').waitFor({ state: 'attached' });
  expect(await loading.isHidden()).toBe(true);
  expect(files.filter(isPart)).toEqual(['grammars.js', 'data-rfc2396.js']);
  await page.getByRole('button', { name: 'http://a/b;p?q' }).click();
  expect(await page.locator('#verdict').textContent()).toContain('valid URI-reference');
  expect(await page.getByRole('treeitem', { name: /^param\b/ }).count()).toBeGreaterThan(0);
  // Back to RFC 3986 and to RFC 2396 again: nothing more is asked for.
  await grammar(page).selectOption('rfc3986');
  await grammar(page).selectOption('rfc2396');
  await page.locator('#rule option[value="hier_part"]').waitFor({ state: 'attached' });
  expect(files.filter(isPart)).toEqual(['grammars.js', 'data-rfc2396.js']);
  await page.close();
});

test('an IRI under RFC 3987: its data loaded when chosen (a link too), from disk as well', async () => {
  for (const base of [playground.origin, `file://${playground.out}`]) {
    const page = await playground.context.newPage();
    const files = recordFiles(page);
    await page.goto(`${base}/index.html#g=rfc3987&r=IRI&i=${encodeURIComponent('http://例え.テスト/パス')}`);
    await page.locator('#verdict:not(:empty)').waitFor();
    expect([base, await page.locator('#verdict').textContent()]).toEqual([base, '✓ valid IRI (16 characters)']);
    expect(await page.getByRole('treeitem', { name: 'ihost 例え.テスト', exact: true }).count()).toBe(1);
    expect(await rule(page).inputValue()).toBe('IRI');
    expect(files.filter(isPart)).toEqual(['grammars.js', 'data-rfc3987.js']);
    await page.close();
  }
});

test('a part that cannot be loaded: an alert names it, the picker goes back, and a second try works', async () => {
  const page = await playground.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${playground.origin}/index.html`);
  await page.locator('#verdict:not(:empty)').waitFor();
  await page.route('**/data-rfc6874.js', (route) => route.abort());
  await grammar(page).selectOption('rfc6874');
  const alert = page.locator('#load-error');
  await alert.waitFor();
  expect(await alert.getAttribute('role')).toBe('alert');
  expect(await alert.textContent()).toContain('Could not load the grammar RFC 6874: could not load data-rfc6874.js.');
  expect(await grammar(page).inputValue()).toBe('rfc3986');
  expect(await page.locator('#verdict').textContent()).toContain('valid URI-reference');
  expect(await page.locator('#loading').isHidden()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.unroute('**/data-rfc6874.js');
  await grammar(page).selectOption('rfc6874');
  await page.locator('#rule option[value="ZoneID"]').waitFor({ state: 'attached' });
  expect(await alert.isHidden()).toBe(true);
  await page.getByRole('textbox', { name: 'Input' }).fill('http://[fe80::1%25eth0]/');
  expect(await page.locator('#verdict').textContent()).toContain('valid URI-reference');
  expect(await page.getByRole('treeitem', { name: /^ZoneID\b/ }).count()).toBe(1);
  expect(errors).toEqual([]);
  await page.close();
});

test('pasted ABNF loads the ABNF compiler when used; the analysis panel its code when opened', async () => {
  const page = await playground.context.newPage();
  const files = recordFiles(page);
  await page.goto(`${playground.origin}/index.html`);
  await page.locator('#verdict:not(:empty)').waitFor();
  await page.locator('#custom summary').click();
  await page.getByRole('textbox', { name: 'Your ABNF' }).fill('greeting = "hi" " " name\nname = 1*ALPHA\n');
  expect(files.filter(isPart)).toEqual([]);
  await page.getByRole('button', { name: 'Use this grammar' }).click();
  await page.locator('#rule option[value="greeting"]').waitFor({ state: 'attached' });
  expect(files.filter(isPart)).toEqual(['grammars.js']);
  const release = await holdBack(page, 'analysis.js');
  await page.locator('#analysis summary').click();
  await page.getByRole('status').filter({ hasText: 'Loading the grammar analysis…' }).waitFor();
  // Its buttons are disabled until its code has wired them: a click before would go unanswered.
  const cover = page.getByRole('button', { name: 'Examples that cover the rule' });
  expect(await cover.isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Shadowed and overlapping alternatives' }).isDisabled()).toBe(true);
  release();
  await page.waitForFunction(() => ['analysis-cover', 'analysis-shadows'].every((id) => !(document.getElementById(id) as HTMLButtonElement).disabled));
  await cover.click();
  await page.locator('#analysis-out button.example').first().waitFor();
  expect(files.filter(isPart)).toEqual(['grammars.js', 'analysis.js']);
  await page.close();
});

test('the step-through is loaded when a step button is pressed, or a node focused (its "why" lines)', async () => {
  const page = await playground.context.newPage();
  const files = recordFiles(page);
  await page.goto(`${playground.origin}/index.html#g=rfc3986&r=host&i=1.2.3.4.5`);
  await page.locator('#verdict:not(:empty)').waitFor();
  const region = page.getByRole('region', { name: 'Step-through' });
  const status = region.getByRole('status');
  expect(await status.textContent()).toBe('Press Next step to begin: the step-through is loaded when it is first asked for.');
  expect(files.filter(isPart)).toEqual([]);
  const release = await holdBack(page, 'steps.js');
  await region.getByRole('button', { name: 'Last step' }).click();
  await page.getByRole('status').filter({ hasText: 'Loading the step-through…' }).waitFor();
  expect(await region.getByRole('button', { name: 'Next step' }).isDisabled()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  release();
  await page.locator('#step-count:not(:empty)').waitFor();
  const [k, n] = /step (\d+) of (\d+)/.exec((await page.locator('#step-count').textContent()) ?? '')!.slice(1).map(Number);
  expect(k).toBe(n);
  expect(await status.textContent()).toBe(`Step ${n} of ${n}: done: the whole input matched (9 characters)`);
  expect(files.filter(isPart)).toEqual(['steps.js']);
  await page.close();
  // A node focused on a fresh page loads it too, and its "why" lines come then.
  const p2 = await playground.context.newPage();
  const files2 = recordFiles(p2);
  await p2.goto(`${playground.origin}/index.html#g=rfc3986&r=host&i=1.2.3.4.5`);
  await p2.locator('#verdict:not(:empty)').waitFor();
  await p2.getByRole('treeitem', { name: 'host 1.2.3.4.5', exact: true }).focus();
  await p2.locator('#abnf ul.why').waitFor();
  expect(await p2.locator('#abnf ul.why').textContent()).toContain('IPv4address: matched `1.2.3.4`');
  expect(files2.filter(isPart)).toEqual(['steps.js']);
  await p2.close();
});
