/// <reference lib="dom" />
/**
 * The playground in a real Chromium (Debian's, driven by playwright-core): the page is built
 * into a temp directory, served on 127.0.0.1 and also opened from disk, and the tests look at
 * what a person sees. One browser for the file. Without Chromium the suite fails and says how
 * to install it (CI installs it in .ci/run).
 */
import * as fs from 'fs';
import * as path from 'path';
import type { BrowserContext, Page } from 'playwright-core';
import { validate, GRAMMAR_NAMES } from '../../src/index';
import { usePlayground } from '../support/playground';

const playground = usePlayground('uri-grammar-playground-');
const { out, requests } = playground;
const shots = path.join(out, 'screenshots');
beforeAll(() => fs.mkdirSync(shots, { recursive: true })); // after the build, which writes `out`

async function open(fragment = '', viewport = { width: 1280, height: 900 }): Promise<Page> {
  const { page, errors } = await playground.open(fragment, viewport);
  expect(errors).toEqual([]);
  return page;
}

/** Types `text` into the Input box as a person would (after clearing it). */
async function typeInput(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Input' });
  await input.fill('');
  await input.pressSequentially(text);
}

/** The left and right edges of the character cells [start, end). */
async function charEdges(page: Page, start: number, end: number): Promise<[number, number]> {
  const first = await page.locator(`#chars .ch[data-i="${start}"]`).boundingBox();
  const last = await page.locator(`#chars .ch[data-i="${end - 1}"]`).boundingBox();
  return [first!.x, last!.x + last!.width];
}

test('a valid URI: one box per node, each spanning exactly its characters', async () => {
  const page = await open();
  const input = 'http://user@example.com:8080/a/b?q=1#top';
  await typeInput(page, input);
  expect(await page.locator('#verdict').textContent()).toContain('valid URI-reference');
  expect(await page.getByRole('alert').count()).toBe(0);
  expect(await page.locator('#error').isHidden()).toBe(true);
  const items = page.getByRole('treeitem');
  const names = await items.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(names).toEqual(expect.arrayContaining([
    `URI-reference ${input}`, 'scheme http', 'authority user@example.com:8080', 'userinfo user',
    'host example.com', 'reg-name example.com', 'port 8080', 'path-abempty /a/b', 'query q=1', 'fragment top',
  ]));
  // Every box lies over exactly its characters (cells are ~20px wide: 4px is well inside one).
  for (const [name, start, end] of [['host example.com', 12, 23], ['scheme http', 0, 4], ['port 8080', 24, 28], ['fragment top', 37, 40]] as const) {
    const box = (await page.getByRole('treeitem', { name, exact: true }).boundingBox())!;
    const [left, right] = await charEdges(page, start, end);
    expect(Math.abs(box.x - left)).toBeLessThan(4);
    expect(Math.abs(box.x + box.width - right)).toBeLessThan(4);
  }
  // Boxes of different rules have different colours.
  const bg = (name: string) => page.getByRole('treeitem', { name, exact: true }).evaluate((e) => getComputedStyle(e).backgroundColor);
  expect(await bg('host example.com')).not.toBe(await bg('port 8080'));
  // Hovering a node highlights its characters and marks the alternative taken in its ABNF.
  await page.getByRole('treeitem', { name: 'host example.com', exact: true }).hover();
  const lit = await page.locator('#chars .ch.hl').evaluateAll((els) => els.map((e) => e.textContent).join(''));
  expect(lit).toBe('example.com');
  expect(await page.locator('#abnf li.taken').textContent()).toContain('reg-name');
  expect(await page.locator('#abnf ol.alts li').allTextContents()).toHaveLength(3);
  // The rule as the grammar writes it is there too (RFC 3986 Appendix A's spacing).
  expect(await page.locator('#abnf details.as-written pre').textContent()).toMatch(/^host {2,}= IP-literal \/ IPv4address \/ reg-name/);
  // Hovering a line of the derivation lights up that node's characters.
  await page.locator('#derivation li', { hasText: '`8080` is port' }).hover();
  expect(await page.locator('#chars .ch.hl').evaluateAll((els) => els.map((e) => e.textContent).join(''))).toBe('8080');
  // Clicking a character shows the path of rules from the root to it.
  await page.locator('#chars .ch[data-i="14"]').click();
  expect(await page.locator('#path').textContent()).toBe('Character 14 "a": URI-reference › URI › hier-part › authority › host › reg-name');
  // Components and the normalized form.
  const rows = await page.locator('table.components tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent));
  expect(rows).toEqual(expect.arrayContaining(['hostexample.com', 'port8080', 'host kindreg-name', `normalized${input}`]));
  // The derivation in words.
  expect(await page.locator('#derivation').textContent()).toContain('`//user@example.com:8080/a/b` is the first alternative of hier-part: "//" authority path-abempty');
  await page.screenshot({ path: path.join(shots, 'desktop-valid.png'), fullPage: true });
  await page.close();
});

test('the lexical toggle adds the character-level rules', async () => {
  const page = await open('#g=rfc3986&r=URI&i=http%3A%2F%2Fa%2F%2541');
  expect(await page.getByRole('treeitem', { name: /^pct-encoded/ }).count()).toBe(0);
  await page.getByLabel('show lexical rules').check();
  expect(await page.getByRole("treeitem", { name: "pct-encoded %41", exact: true }).count()).toBe(1);
  expect(await page.getByRole('treeitem', { name: 'unreserved a', exact: true }).count()).toBe(1);
  expect(await page.getByRole('treeitem', { name: 'pchar %41', exact: true }).count()).toBe(1);
  expect(await page.getByLabel('show lexical rules').isChecked()).toBe(true);
  expect(await page.evaluate(() => location.hash)).toContain('lex=1');
  await page.close();
});

test('an invalid input: caret at the error index, the expected list, the longest valid prefix greyed', async () => {
  const page = await open();
  await typeInput(page, 'http://[::1');
  const alert = page.getByRole('alert');
  await alert.waitFor();
  const text = (await alert.textContent())!;
  expect(text).toContain('At index 11');
  expect(text).toContain('end of the input');
  // The list is the library's, item for item, in its order.
  const v = validate('http://[::1', 'URI-reference');
  if (v.ok) throw new Error('http://[::1 should be invalid');
  const shown = await page.locator('#error .expected li').allTextContents();
  expect(shown.map((x) => x.replace(/, $/, ''))).toEqual(v.error.expected);
  expect(shown.map((x) => x.replace(/, $/, ''))).toContain('"]"');
  expect(text).toMatch(/Expected: .*HEXDIG, /);
  // The caret sits under column 11 (the end of the input).
  const caret = (await page.locator('#chars .caret').boundingBox())!;
  const end = (await page.locator('#chars .ch[data-i="11"]').boundingBox())!;
  expect(Math.abs(caret.x - end.x)).toBeLessThan(4);
  // The tree shown is that of `http://`, greyed.
  expect(await page.locator('#tree-note').textContent()).toContain('`http://`');
  const greyed = await page.locator('#tree .node.greyed').count();
  expect(greyed).toBeGreaterThan(3);
  expect(await page.locator('#tree .node:not(.greyed)').count()).toBe(0);
  expect(await page.getByRole('treeitem', { name: 'scheme http', exact: true }).count()).toBe(1);
  await page.screenshot({ path: path.join(shots, 'desktop-error.png'), fullPage: true });
  // A different input fails elsewhere: the alert follows.
  await typeInput(page, 'http://a b');
  expect(await page.getByRole('alert').textContent()).toContain('At index 8');
  await page.close();
});

test('odd input: a tab and a character outside the BMP are shown, not lost', async () => {
  const page = await open();
  await typeInput(page, 'a\tb/\u{1F600}');
  expect(await page.getByRole('alert').textContent()).toContain('At index 1');
  expect(await page.locator('#chars .ch[data-i="1"]').textContent()).toBe('\u2409');
  // The emoji is two UTF-16 units: one cell over two columns, the next offset is 6.
  // (Columns are as wide as the names of the boxes above them need: compare with the grid's own columns.)
  expect(await page.locator('#chars .ch[data-i="4"]').evaluate((e) => (e as HTMLElement).style.gridColumn)).toBe('5 / span 2');
  const cols = await page.locator('#chars').evaluate((e) => getComputedStyle(e).gridTemplateColumns.split(' ').map(parseFloat));
  const emoji = (await page.locator('#chars .ch[data-i="4"]').boundingBox())!;
  expect(Math.abs(emoji.width - (cols[4] + cols[5]))).toBeLessThan(2);
  expect(await page.locator('#chars .ch[data-i="6"]').getAttribute('title')).toBe('end of input (offset 6)');
  // An invisible bidi control is named by its code point, in the alert and in its cell.
  await typeInput(page, 'a\u202E');
  expect(await page.getByRole('alert').textContent()).toContain('At index 1: found U+202E');
  expect(await page.locator('#chars .ch[data-i="1"]').getAttribute('title')).toBe('character 1: U+202E');
  expect(await page.locator('#chars .ch[data-i="1"]').textContent()).toBe('\u2b1a');
  await page.close();
});

test('the railroad diagram of the chosen rule is drawn from its expression', async () => {
  const page = await open();
  await page.getByRole('combobox', { name: 'Rule' }).selectOption('host');
  const svg = page.locator('#railroad svg[data-rule="host"]');
  await svg.waitFor();
  const boxes = await svg.locator('g.non-terminal').evaluateAll((els) => els.map((e) => e.getAttribute('data-rule')));
  expect(boxes).toEqual(['IP-literal', 'IPv4address', 'reg-name']);
  // A rule name in the diagram leads to that rule's diagram.
  await svg.locator('g.non-terminal[data-rule="reg-name"]').click();
  await page.locator('#railroad svg[data-rule="reg-name"]').waitFor();
  expect(await page.getByRole('combobox', { name: 'Rule' }).inputValue()).toBe('reg-name');
  await page.close();
});

test('the state lives in the fragment and comes back on reload', async () => {
  const page = await open();
  await page.getByRole('combobox', { name: 'Rule' }).selectOption('URI');
  await typeInput(page, 'svn+ssh://h/a b');
  const hash = await page.evaluate(() => location.hash);
  expect(hash).toContain('r=URI');
  expect(hash).toContain('i=svn%2Bssh');
  await page.reload();
  await page.locator('#verdict:not(:empty)').waitFor();
  expect(await page.getByRole('textbox', { name: 'Input' }).inputValue()).toBe('svn+ssh://h/a b');
  expect(await page.getByRole('combobox', { name: 'Rule' }).inputValue()).toBe('URI');
  expect(await page.getByRole('combobox', { name: 'Grammar' }).inputValue()).toBe('rfc3986');
  expect(await page.getByRole('alert').textContent()).toContain('At index 13');
  // A link made by hand opens on its example.
  const linked = await open('#g=rfc3986&r=host&i=1.2.3.4.5');
  expect(await linked.getByRole('treeitem', { name: 'reg-name 1.2.3.4.5', exact: true }).count()).toBe(1);
  await linked.close();
  await page.close();
});

test('keyboard: Tab reaches the tree, arrow keys move through it', async () => {
  const page = await open('#g=rfc3986&r=URI-reference&i=http%3A%2F%2Fexample.com%2Fa');
  await page.getByRole('textbox', { name: 'Input' }).focus();
  const focused = () => page.evaluate(() => {
    const a = document.activeElement!;
    return `${a.getAttribute('role')}:${a.getAttribute('aria-label')}`;
  });
  let now = '';
  for (let i = 0; i < 15 && !now.startsWith('treeitem:'); i++) {
    await page.keyboard.press('Tab');
    now = await focused();
  }
  expect(now).toBe('treeitem:URI-reference http://example.com/a');
  await page.keyboard.press('ArrowDown');
  expect(await focused()).toBe('treeitem:URI http://example.com/a');
  await page.keyboard.press('ArrowRight');
  expect(await focused()).toBe('treeitem:scheme http');
  await page.keyboard.press('ArrowDown');
  expect(await focused()).toBe('treeitem:hier-part //example.com/a');
  await page.keyboard.press('ArrowLeft');
  expect(await focused()).toBe('treeitem:URI http://example.com/a');
  await page.keyboard.press('End');
  expect(await focused()).toBe('treeitem:segment a');
  // Focus shows the node's rule, as hover does.
  expect(await page.locator('#abnf .rule-name').textContent()).toBe('segment');
  // One tab stop for the whole tree: Tab leaves it.
  await page.keyboard.press('Tab');
  expect(await focused()).not.toMatch(/^treeitem:/);
  await page.close();
});

test('accessible names: Input, Grammar, Rule, the tree, the alert', async () => {
  const page = await open('#g=rfc3986&r=URI-reference&i=%2F%2Fa%3Ab%3Ac');
  expect(await page.getByRole('textbox', { name: 'Input', exact: true }).count()).toBe(1);
  expect(await page.getByRole('combobox', { name: 'Grammar', exact: true }).count()).toBe(1);
  expect(await page.getByRole('combobox', { name: 'Rule', exact: true }).count()).toBe(1);
  expect(await page.getByRole('tree').count()).toBe(1);
  const alert = (await page.getByRole('alert').textContent())!;
  expect(alert).toMatch(/At index 7/);
  expect(alert).toContain('"@"');
  await page.close();
});

test('every grammar of the registry is in the picker; an IRI under RFC 3987', async () => {
  const page = await open();
  const picker = page.getByRole('combobox', { name: 'Grammar' });
  expect(await picker.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([...GRAMMAR_NAMES]);
  await picker.selectOption('rfc3987');
  // RFC 3987 is loaded when chosen (test/teaching/playgroundBundle.browser.test.ts): its rules come then.
  await page.locator('#rule option[value="IRI-reference"]').waitFor({ state: 'attached' });
  expect(await page.getByRole('combobox', { name: 'Rule' }).inputValue()).toBe('IRI-reference');
  await typeInput(page, 'http://例え.テスト/パス');
  expect(await page.getByRole('treeitem', { name: 'ihost 例え.テスト', exact: true }).count()).toBe(1);
  const [left, right] = await charEdges(page, 7, 13);
  const box = (await page.getByRole('treeitem', { name: 'ihost 例え.テスト', exact: true }).boundingBox())!;
  expect(Math.abs(box.x - left)).toBeLessThan(4);
  expect(Math.abs(box.x + box.width - right)).toBeLessThan(4);
  expect(await page.evaluate(() => location.hash)).toContain('g=rfc3987');
  await page.close();
});

test('paste your own ABNF: its rules, its tree, its errors, and the link keeps it', async () => {
  const page = await open();
  await page.locator('#custom summary').click();
  const abnf = 'greeting = salutation " " name\nsalutation = "hello" / "hi"\nname = 1*ALPHA\n';
  await page.getByRole('textbox', { name: 'Your ABNF' }).fill(abnf);
  await page.getByRole('button', { name: 'Use this grammar' }).click();
  // The ABNF compiler is loaded when first used (playgroundBundle.browser.test.ts): its rules come then.
  await page.locator('#rule option[value="greeting"]').waitFor({ state: 'attached' });
  expect(await page.getByRole('combobox', { name: 'Grammar' }).inputValue()).toBe('custom');
  expect(await page.getByRole('combobox', { name: 'Rule' }).locator('option').allTextContents()).toEqual(['greeting', 'salutation', 'name']);
  await typeInput(page, 'hi bob');
  expect(await page.getByRole('treeitem', { name: 'salutation hi', exact: true }).count()).toBe(1);
  expect(await page.getByRole('treeitem', { name: 'name bob', exact: true }).count()).toBe(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('treeitem', { name: 'salutation hi', exact: true }).hover();
  expect(await page.locator('#abnf li.taken').textContent()).toContain('"hi"');
  // The railroad diagram follows the node: salutation's, with the alternative taken marked.
  expect(await page.locator('#railroad svg[data-rule="salutation"] g.taken').count()).toBe(1);
  expect(await page.locator('#railroad svg[data-rule="salutation"] g.not-taken').count()).toBe(1);
  await typeInput(page, 'hey');
  expect(await page.getByRole('alert').first().textContent()).toContain('At index 2');
  // The link carries the grammar text.
  await page.reload();
  await page.locator('#verdict:not(:empty)').waitFor();
  expect(await page.getByRole('combobox', { name: 'Grammar' }).inputValue()).toBe('custom');
  expect(await page.getByRole('textbox', { name: 'Input' }).inputValue()).toBe('hey');
  // Text that is not ABNF: the error says where.
  await page.locator('#custom summary').click();
  await page.getByRole('textbox', { name: 'Your ABNF' }).fill('greeting = ( "a"\n');
  await page.getByRole('button', { name: 'Use this grammar' }).click();
  expect(await page.locator('#abnf-error').textContent()).toMatch(/line 1, column \d+/);
  await page.close();
});

test('opened from disk and at phone width, the page works and asks for nothing else', async () => {
  const before = requests.length;
  const page = await playground.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`file://${path.join(out, 'index.html')}#g=rfc3986&r=URI-reference&i=%2F%2Fa%2Fb`);
  await page.getByRole('treeitem', { name: 'path-abempty /b', exact: true }).waitFor();
  // Nothing but the tree scrolls sideways at phone width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(shots, 'phone.png'), fullPage: true });
  const fromDisk = requests.slice(before);
  expect(fromDisk.length).toBeGreaterThanOrEqual(3);
  for (const url of fromDisk) expect(url.startsWith(`file://${out}/`)).toBe(true);
  await page.close();
  // Every request of every page in this file went to the page's own files (its first view's and
  // the parts it loads when asked for: scripts/build-playground.js).
  const files = fs.readdirSync(out).filter((f) => /\.(html|css|js)$/.test(f));
  expect(files).toEqual(expect.arrayContaining(['index.html', 'playground.js', 'playground.css', 'grammars.js', 'data-rfc3987.js']));
  const own = new Set(files.flatMap((f) => [`${playground.origin}/${f}`, `file://${path.join(out, f)}`]));
  for (const url of requests) expect(own.has(url.replace(/#.*$/, ''))).toBe(true);
  expect(fs.readdirSync(shots).sort()).toEqual(['desktop-error.png', 'desktop-valid.png', 'phone.png']);
});

// ---------------------------------------------------------------- why, step by step (issue 24)

const AXE = require.resolve('axe-core/axe.min.js');
const frag = (g: string, r: string, i: string, extra = '') => `#g=${g}&r=${encodeURIComponent(r)}&i=${encodeURIComponent(i)}${extra}`;

test('the Rule panel says why the first match chose: each earlier alternative and how it failed', async () => {
  const page = await open(frag('rfc3986', 'host', '1.2.3.4.5'));
  await page.getByRole('treeitem', { name: 'host 1.2.3.4.5', exact: true }).focus();
  const rule = page.getByRole('region', { name: 'Rule', exact: true });
  // The reasons come from the step-through's part, loaded when a node is first focused.
  await rule.locator('ul.why').waitFor();
  const text = await rule.textContent();
  expect(text).toContain('first alternative, IP-literal: failed at offset 0: found "1", expected "["');
  expect(text).toContain('second alternative, IPv4address: matched `1.2.3.4`, but what follows could not then be matched at `.5`');
  // The railroad diagram follows the focused node and marks the alternative taken.
  const rr = page.getByRole('region', { name: 'Railroad diagram' });
  expect(await rr.locator('svg[data-rule="host"] g.taken').count()).toBe(1);
  expect(await rr.locator('svg[data-rule="host"] g.not-taken').count()).toBe(2);
  expect(await rr.textContent()).toContain('took alternative 3');
  await page.close();
});

test('a repetition that gives back says so (RFC 8141 NID)', async () => {
  const abnf = 'NID = alphanum 0*30(ldh) alphanum\nldh = alphanum / "-"\nalphanum = ALPHA / DIGIT\n';
  const page = await open(frag('custom', 'NID', 'ab-c', `&abnf=${encodeURIComponent(abnf)}`));
  await page.getByRole('treeitem', { name: 'NID ab-c', exact: true }).focus();
  await page.locator('#abnf ul.why').waitFor();
  expect(await page.getByRole('region', { name: 'Rule', exact: true }).textContent()).toContain('took 2 iterations: it could take 3, and gave 1 back so that what follows could match');
  await page.close();
});

/**
 * The step-through is loaded when first asked for (playgroundBundle.browser.test.ts): before,
 * Next step loads it and shows its first step; once loaded, each input shows its first step.
 */
async function beginSteps(page: Page): Promise<void> {
  if ((await page.locator('#step-count').textContent()) !== '') return;
  await page.getByRole('region', { name: 'Step-through' }).getByRole('button', { name: 'Next step' }).click();
  await page.locator('#step-count:not(:empty)').waitFor();
}

/** The "step k of n" the page shows. */
async function stepOf(page: Page): Promise<[number, number]> {
  const m = /step (\d+) of (\d+)/.exec((await page.locator('#step-count').textContent()) ?? '');
  return [Number(m?.[1]), Number(m?.[2])];
}

test('the step-through: buttons, keys, a status for each step, Next disabled at the last step', async () => {
  const page = await open(frag('rfc3986', 'URI', 'http://1.2.3.4.5/'));
  const region = page.getByRole('region', { name: 'Step-through' });
  const next = region.getByRole('button', { name: 'Next step' });
  const prev = region.getByRole('button', { name: 'Previous step' });
  const status = region.getByRole('status');
  // Before it is asked for, the step-through is not loaded: Next step (and Last step) load it.
  expect(await status.textContent()).toBe('Press Next step to begin: the step-through is loaded when it is first asked for.');
  expect(await prev.isDisabled()).toBe(true);
  expect(await region.getByRole('button', { name: 'Step over' }).isDisabled()).toBe(true);
  expect(await next.isDisabled()).toBe(false);
  await next.click();
  await page.locator('#step-count:not(:empty)').waitFor();
  expect(await prev.isDisabled()).toBe(true);
  expect(await status.textContent()).toBe('Step 1 of ' + (await stepOf(page))[1] + ': enter URI at offset 0');
  await next.click();
  expect(await status.textContent()).toMatch(/^Step 2 of \d+: enter scheme at offset 0$/);
  expect(await prev.isDisabled()).toBe(false);
  // Keys in the panel: → and ←, End and Home.
  await next.focus();
  await page.keyboard.press('ArrowRight');
  expect((await stepOf(page))[0]).toBe(3);
  await page.keyboard.press('ArrowLeft');
  expect((await stepOf(page))[0]).toBe(2);
  await page.keyboard.press('End');
  const [k, n] = await stepOf(page);
  expect(k).toBe(n);
  expect(await next.isDisabled()).toBe(true);
  expect(await status.textContent()).toBe(`Step ${n} of ${n}: done: the whole input matched (17 characters)`);
  // Every character consumed at the end.
  expect(await page.locator('#chars .ch.consumed').count()).toBe(17);
  // Step until IPv4address has matched: its diagram is shown, and the characters so far are marked.
  await region.getByRole('button', { name: 'First step' }).click();
  for (let s = 0; s < 2000 && !/IPv4address matched/.test((await status.textContent()) ?? ''); s++) await next.click();
  expect(await status.textContent()).toContain('IPv4address matched `1.2.3.4` (offsets 7–14)');
  expect(await page.locator('#chars .ch.consumed').count()).toBe(14);
  expect(await page.locator('#railroad svg[data-rule="IPv4address"]').count()).toBe(1);
  await page.close();
});

test('step over and next choice: a sub-rule run through at once, the decisions one click each (issue 38)', async () => {
  const page = await open(frag('rfc3986', 'URI', 'http://1.2.3.4.5/'));
  const region = page.getByRole('region', { name: 'Step-through' });
  const status = region.getByRole('status');
  const over = region.getByRole('button', { name: 'Step over' });
  const choice = region.getByRole('button', { name: 'Next choice' });
  await beginSteps(page);
  // Step 2 enters scheme; step over runs it through: the next step is past its "matched" line.
  await region.getByRole('button', { name: 'Next step' }).click();
  expect(await status.textContent()).toMatch(/^Step 2 of \d+: enter scheme at offset 0$/);
  await over.click();
  const after = (await status.textContent()) ?? '';
  expect(after).not.toContain('iteration');
  const [k] = await stepOf(page);
  expect(k).toBeGreaterThan(10);
  // Next choice: each click lands where an alternative is tried (or an iteration given back),
  // and far fewer clicks than steps reach the end.
  await region.getByRole('button', { name: 'First step' }).click();
  const n = (await stepOf(page))[1];
  let clicks = 0;
  while (!(await choice.isDisabled()) && clicks < n) {
    await choice.click();
    clicks++;
    const t = (await status.textContent()) ?? '';
    if (!(await choice.isDisabled())) expect(t).toMatch(/: try the \w+ of \d+ alternatives at offset|give back iteration/);
  }
  expect((await stepOf(page))[0]).toBe(n);
  expect(clicks).toBeLessThan(n / 2);
  await page.close();
});

test('at 1280 px: the default 40-character example fits, the IPv4address diagram is not cut off (issue 38)', async () => {
  const page = await open();
  expect((await page.locator('#input').inputValue()).length).toBe(40);
  const scroll = page.locator('#tree').locator('xpath=..');
  const [sw, cw] = await scroll.evaluate((e) => [e.scrollWidth, e.clientWidth]);
  expect(sw).toBeLessThanOrEqual(cw);
  // Every box's name is whole: the last one (fragment) too.
  const frag = page.getByRole('treeitem', { name: 'fragment top', exact: true });
  const [right, boxRight] = await frag.evaluate((e) => [e.getBoundingClientRect().right, e.parentElement!.parentElement!.getBoundingClientRect().right]);
  expect(right).toBeLessThanOrEqual(boxRight);
  await page.close();
  const p2 = await open(frag2('rfc3986', 'IPv4address', '1.2.3.4'));
  const [svgRight, panelRight, sw2, cw2] = await p2.locator('#railroad').evaluate((e) => {
    const svg = e.querySelector('svg')!;
    return [svg.getBoundingClientRect().right, e.getBoundingClientRect().right, e.scrollWidth, e.clientWidth];
  });
  expect(svgRight).toBeLessThanOrEqual(panelRight + 0.5);
  expect(sw2).toBeLessThanOrEqual(cw2);
  await p2.close();
});

test('the greyed tree of a prefix has no unlabeled marks for empty nodes (issue 38)', async () => {
  const page = await open(frag2('rfc3986', 'URI-reference', 'http://[::1'));
  expect(await page.locator('#tree .node.greyed').count()).toBeGreaterThan(0);
  expect(await page.locator('#tree .node.greyed.empty').count()).toBe(0);
  expect(await page.locator('#tree [role="treeitem"][aria-label$="(empty)"]').count()).toBe(0);
  await page.close();
});

const frag2 = (g: string, r: string, i: string) => `#g=${g}&r=${encodeURIComponent(r)}&i=${encodeURIComponent(i)}`;

test('the steps are the engine\'s: their count and their end agree with the trace the tests replay against the tree', async () => {
  // Generated inputs (a fixed list, seeded by construction) under three grammars.
  const cases: Array<[string, string, string]> = [
    ['rfc3986', 'URI-reference', '//a:b:c@d/x?y#z'], ['rfc3986', 'IPv6address', '1:2:3:4:5:6:7::'], ['rfc3986', 'URI', 'http://[::1'],
    ['rfc2396', 'URI-reference', 'http://www.ics.uci.edu/'], ['rfc3987', 'IRI', 'http://例え.jp/'],
  ];
  const page = await open();
  for (const [g, r, i] of cases) {
    await page.goto(`${playground.origin}/index.html${frag(g, r, i)}`);
    await page.locator('#verdict:not(:empty)').waitFor();
    const region = page.getByRole('region', { name: 'Step-through' });
    await region.getByRole('button', { name: 'Last step' }).click();
    await page.locator('#step-count:not(:empty)').waitFor();
    const inPage = await stepOf(page);
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const { trace } = require('../../src/teaching/trace') as typeof import('../../src/teaching/trace');
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const { grammarByName } = require('../../src/index') as typeof import('../../src/index');
    const t = trace(grammarByName(g) as never, i, r);
    expect([g, i, inPage]).toEqual([g, i, [t.steps.length, t.steps.length]]);
    const last = (await region.getByRole('status').textContent()) ?? '';
    expect([g, i, last.includes('done: the whole input matched')]).toEqual([g, i, t.ok]);
  }
  await page.close();
});

test('generated grammars and inputs (seeded): the page walks exactly the steps of the trace that replays to the tree', async () => {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const fc = require('fast-check') as typeof import('fast-check');
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { grammars } = require('../support/abnfGrammars') as typeof import('../support/abnfGrammars');
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { trace, replay, nodeRules, stepText } = require('../../src/teaching/trace') as typeof import('../../src/teaching/trace');
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { compileAbnf } = require('../../src/index') as typeof import('../../src/index');
  const samples = fc.sample(fc.tuple(grammars, fc.array(fc.constantFrom('a', 'b'), { minLength: 1, maxLength: 4 }).map((x) => x.join(''))), { seed: 24, numRuns: 60 });
  const cases: Array<[string, string]> = [];
  for (const [text, input] of samples) {
    let g;
    try {
      g = compileAbnf(text);
    } catch {
      continue;
    }
    const t = trace(g, input, 'r0');
    // Short walks (a click a step), both valid and invalid inputs.
    if (t.steps.length > 60) continue;
    cases.push([text, input]);
    if (cases.length === 6) break;
  }
  expect(cases.length).toBe(6);
  // And a recursive grammar (its start rule named r0 like the others).
  cases.push(['r0 = t *( "+" t )\nt = "a" / "(" r0 ")"\n', '(a+a)']);
  const page = await open();
  for (const [text, input] of cases) {
    await page.goto(`${playground.origin}/index.html${frag('custom', 'r0', input, `&abnf=${encodeURIComponent(text)}`)}`);
    await page.locator('#verdict:not(:empty)').waitFor();
    const region = page.getByRole('region', { name: 'Step-through' });
    const status = region.getByRole('status');
    const next = region.getByRole('button', { name: 'Next step' });
    const t = trace(compileAbnf(text), input, 'r0');
    const rules = nodeRules(t);
    await beginSteps(page);
    const seen: string[] = [];
    for (let k = 0; k < t.steps.length; k++) {
      if (k > 0) await next.click();
      seen.push(((await status.textContent()) ?? '').replace(/^Step \d+ of \d+: /, '').replace(/ \(no way is left: the input is not valid\)$/, ''));
    }
    expect([text, input, await next.isDisabled()]).toEqual([text, input, true]);
    expect([text, input, seen]).toEqual([text, input, t.steps.map((s) => stepText(s, t, input, rules, '/'))]);
    // Those steps, replayed, are the engine's tree.
    type N = { rule: string; start: number; end: number; children: readonly N[] };
    const plain = (n: N): unknown => ({ rule: n.rule, start: n.start, end: n.end, children: n.children.map(plain) });
    const g = compileAbnf(text);
    const v = g.validate(input, 'r0');
    expect([text, input, t.ok]).toEqual([text, input, v.ok]);
    if (v.ok) expect([text, input, plain(replay(t.steps)!)]).toEqual([text, input, plain(g.parseTree(input, 'r0', { lexical: true }))]);
  }
  await page.close();
});

test('the step-through exercises of docs/teaching.md: their states are reached and shot by this browser', async () => {
  // The two exercises' screenshots (scripts/screenshots.js's list); into docs/images/ under UPDATE_SCREENSHOTS=1.
  const { SHOTS, shoot, images } = require('../../scripts/screenshots.js') as {
    SHOTS: Array<{ file: string; step?: RegExp }>; images: string;
    shoot(context: BrowserContext, base: string, shot: unknown, dir: string): Promise<void>;
  };
  const exercises = SHOTS.filter((s) => s.step);
  expect(exercises.map((s) => s.file)).toEqual(['step-ipv4-reg-name.png', 'step-give-back.png']);
  const dir = process.env.UPDATE_SCREENSHOTS === '1' ? images : shots;
  for (const shot of exercises) {
    await shoot(playground.context, `${playground.origin}/index.html`, shot, dir);
    const png = fs.readFileSync(path.join(dir, shot.file));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeGreaterThan(10_000);
  }
  // The docs show exactly these files.
  const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'teaching.md'), 'utf8');
  for (const shot of exercises) expect(doc).toContain(`(images/${shot.file})`);
});

test('an invalid input says what the grammar was inside of at the error offset', async () => {
  const page = await open(frag('rfc3986', 'URI', 'http://[::1'));
  const alert = page.locator('#error');
  expect(await alert.getAttribute('role')).toBe('alert');
  expect(await alert.textContent()).toContain('inside … → host → IP-literal → IPv6address, after `::1`: expected');
  // Value ranges read as characters: "0"–"5", not %x30-35.
  await page.getByRole('combobox', { name: 'Rule' }).selectOption('dec-octet');
  await typeInput(page, '25a');
  expect(await alert.textContent()).toContain('"0"–"5"');
  expect(await alert.textContent()).not.toContain('%x30-35');
  await page.close();
});

test('a link whose ABNF does not compile: the error with its caret, preformatted, and the link kept as given', async () => {
  const broken = frag('custom', 'greeting', 'hi', `&abnf=${encodeURIComponent('greeting = ( "hi"\n')}`);
  const page = await open(broken);
  const alert = page.locator('#abnf-error');
  expect(await alert.getAttribute('role')).toBe('alert');
  expect(await alert.isVisible()).toBe(true);
  expect(await alert.textContent()).toMatch(/does not compile: .*line 1, column \d+/);
  const pre = alert.locator('pre');
  expect(await pre.evaluate((e) => getComputedStyle(e).whiteSpace)).toBe('pre');
  expect(await pre.textContent()).toMatch(/\n +\^/);
  // Not silently RFC 3986: no tree, and the address keeps the grammar.
  expect(await page.getByRole('treeitem').count()).toBe(0);
  const params = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
  expect([params.get('g'), params.get('r'), params.get('i'), params.get('abnf')]).toEqual(['custom', 'greeting', 'hi', 'greeting = ( "hi"\n']);
  expect(await page.getByRole('combobox', { name: 'Rule' }).inputValue()).toBe('greeting');
  await page.close();
});

test('names are not cut: every label fits its box', async () => {
  const page = await open(frag('rfc3986', 'URI-reference', 'http://u@[::1]:8/a%41?q#f', '&lex=1'));
  const cut = await page.locator('#tree .node:not(.empty) .rule').evaluateAll((els) => els
    .filter((e) => (e.parentElement as HTMLElement).scrollWidth > (e.parentElement as HTMLElement).clientWidth + 1)
    .map((e) => e.textContent));
  expect(cut).toEqual([]);
  // Neighbouring rules have different colours: a node and its parent, a node and its left sibling.
  const clash = await page.locator('#tree .node').evaluateAll((els) => {
    const hue = (e: Element) => (e as HTMLElement).style.getPropertyValue('--h');
    const byK = new Map(els.map((e) => [Number((e as HTMLElement).dataset.k), e as HTMLElement]));
    return els.filter((e) => {
      const level = Number(e.getAttribute('aria-level'));
      const k = Number((e as HTMLElement).dataset.k);
      let p = k - 1;
      while (p >= 0 && Number(byK.get(p)!.getAttribute('aria-level')) >= level) p--;
      return p >= 0 && hue(byK.get(p)!) === hue(e) && byK.get(p)!.dataset.rule !== (e as HTMLElement).dataset.rule;
    }).map((e) => (e as HTMLElement).dataset.rule);
  });
  expect(clash).toEqual([]);
  await page.close();
});

describe('accessibility (axe-core): no serious or critical violation', () => {
  const states: Array<[string, string, ((page: Page) => Promise<void>) | undefined]> = [
    ['valid', frag('rfc3986', 'URI-reference', 'http://user@example.com:8080/a/b?q=1#top'), async (p) => { await p.getByRole('treeitem', { name: 'host example.com', exact: true }).focus(); }],
    ['invalid', frag('rfc3986', 'URI', 'http://[::1'), undefined],
    ['step-through', frag('rfc3986', 'host', '1.2.3.4.5'), async (p) => { for (let k = 0; k < 20; k++) await p.getByRole('button', { name: 'Next step' }).click(); }],
    ['pasted ABNF', frag('custom', 'greeting', 'hi bob', `&abnf=${encodeURIComponent('greeting = salutation " " name\nsalutation = "hello" / "hi"\nname = 1*ALPHA\n')}`),
      async (p) => { await p.locator('#custom summary').click(); }],
    ['broken ABNF link', frag('custom', 'a', 'x', `&abnf=${encodeURIComponent('a = (')}`), undefined],
  ];
  for (const [width, height] of [[1280, 900], [390, 844]]) {
    it.each(states)(`%s at ${width}px`, async (_name, fragment, act) => {
      const page = await open(fragment, { width, height });
      if (act) await act(page);
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate(async () => {
        const r = await (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } })
          .axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${JSON.stringify((v.nodes as Array<{ target: unknown }>).map((n) => n.target))}`);
      });
      expect(violations).toEqual([]);
      await page.close();
    });
  }
});
