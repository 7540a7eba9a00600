/// <reference lib="dom" />
/**
 * The playground's "Grammar analysis" panel (playground/analysis.ts) in Chromium: the cover set of
 * the current rule as buttons that put a string in the input, the shadow report, the railroad
 * coloured by use, and the compare control (playground/compare.ts).
 */
import { compare, coverage, generate, grammarByName } from '../../src/index';
import { usePlayground } from '../support/playground';

const playground = usePlayground('uri-grammar-playground-analysis-');
const open = () => playground.open();

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

test('the railroad coloured by a pasted corpus: each alternative\'s count, never-taken ones in red', async () => {
  const { page, errors } = await playground.open('#g=rfc3986&r=host&i=example.com');
  await page.locator('#analysis summary').click();
  await page.getByLabel('Corpus, one string per line').fill('example.com\n1.2.3.4\n10.0.0.1\nlocalhost\n[::1]x');
  await page.getByRole('button', { name: 'Colour the railroad by this corpus' }).click();
  const svg = page.locator('#usage-out svg.railroad-diagram[data-rule="host"]');
  await svg.waitFor();
  // The counts the engine's coverage gives, one comment an alternative, in order: IP-literal never
  // (`[::1]x` is refused, not counted), IPv4address twice, reg-name twice.
  const want = coverage(grammarByName('rfc3986'), 'host', ['example.com', '1.2.3.4', '10.0.0.1', 'localhost', '[::1]x']);
  const counts = want.alternatives.filter((a) => a.rule === 'host').map((a) => a.count);
  expect(counts).toEqual([0, 2, 2]);
  expect(await svg.locator('g.use-count').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-uses')))).toEqual(['0', '2', '2']);
  expect(await svg.locator('g.use-count').allTextContents()).toEqual(['never', '2×', '2×']);
  // The never-taken alternative's box is red; the taken ones' green (the most used the deepest).
  const fill = (name: string) => svg.locator(`g.non-terminal[data-rule="${name}"] > rect`).evaluate((r) => getComputedStyle(r).fill);
  expect(await fill('IP-literal')).toBe('rgb(245, 188, 188)');
  expect(await fill('IPv4address')).toBe(await fill('reg-name'));
  expect(await fill('reg-name')).toBe('rgb(64, 191, 64)');
  await expect(page.locator('#usage-out p.note').textContent()).resolves.toContain('host: 2 of 3 alternatives taken by 4 inputs (1 refused, not counted)');
  // Another rule it reaches, with its own counts.
  await page.locator('#usage-rule').selectOption('dec-octet');
  await page.locator('#usage-out svg[data-rule="dec-octet"] g.use-count').first().waitFor();
  expect(errors).toEqual([]);
});

test('the railroad coloured by the cover set: every alternative taken, none red', async () => {
  const { page, errors } = await open();
  await page.locator('#analysis summary').click();
  await page.getByRole('button', { name: 'Colour the railroad by the cover set' }).click();
  await page.locator('#usage-out svg[data-rule="URI-reference"]').waitFor();
  const g = grammarByName('rfc3986');
  const cover = generate(g, 'URI-reference', { cover: true, nearMisses: 0 }).valid;
  expect((await page.getByLabel('Corpus, one string per line').inputValue()).split('\n')).toEqual(cover);
  expect(await page.locator('#usage-out p.note').textContent()).toContain(`URI-reference: 2 of 2 alternatives taken by ${cover.length} inputs; 100% of the alternatives`);
  for (const rule of ['URI-reference', 'hier-part', 'host', 'IPv6address']) {
    await page.locator('#usage-rule').selectOption(rule);
    const svg = page.locator(`#usage-out svg[data-rule="${rule}"]`);
    await svg.waitFor();
    const uses = await svg.locator('g.use-count').evaluateAll((gs) => gs.map((x) => Number(x.getAttribute('data-uses'))));
    expect({ rule, uses }).toEqual({ rule, uses: coverage(g, 'URI-reference', cover).alternatives.filter((a) => a.rule === rule && a.path.length === 0).map((a) => a.count) });
    expect(uses.every((n) => n > 0)).toBe(true);
    expect(await svg.locator('g.use-0').count()).toBe(0);
  }
  expect(errors).toEqual([]);
});

test('the why panel says number is shadowed by symbol on -5 (the shadow report\'s witness)', async () => {
  const abnf = 'atom = symbol / number\nsymbol = 1*( ALPHA / DIGIT / "-" )\nnumber = [ "-" ] 1*DIGIT\n';
  const { page, errors } = await playground.open(`#g=custom&r=atom&i=-5&abnf=${encodeURIComponent(abnf)}`);
  await page.getByRole('treeitem', { name: 'atom -5', exact: true }).focus();
  // The "why" lines come with the steps part, loaded on the first focus ("Why: loading the reasons…" until then).
  const region = page.getByRole('region', { name: 'Rule', exact: true });
  await region.getByText('second alternative, number', { exact: false }).waitFor();
  const text = await region.textContent();
  expect(text).toContain('second alternative, number: would match `-5` too, and loses by order (first match takes the first, written before it); '
    + 'it is shadowed: every string it matches is matched by an earlier alternative, so first match never takes it (its shortest string, `0`, goes to symbol)');
  expect(errors).toEqual([]);
});

test('compare: URI-reference against RFC 2396\'s, the shortest witness each way; the same rule is equal', async () => {
  const { page, errors } = await open();
  await page.locator('#analysis summary').click();
  const out = page.locator('#compare-out');
  // The page's own grammar and rule first: the same language, proved.
  await page.getByRole('button', { name: 'Compare the languages' }).click();
  await out.getByText('rfc3986 URI-reference vs rfc3986 URI-reference: the same language.').waitFor();
  expect(await out.locator('p').allTextContents()).toEqual(expect.arrayContaining(['Only in rfc3986 URI-reference: none (proved)']));
  // Another shipped grammar, loaded when picked; its rule of the same name is chosen.
  await page.getByLabel('Compare with grammar').selectOption('rfc2396');
  await page.getByRole('button', { name: 'Compare the languages' }).click();
  await out.getByText('rfc3986 URI-reference vs rfc2396 URI-reference: neither includes the other.').waitFor();
  expect(await page.getByLabel('Its rule').inputValue()).toBe('URI-reference');
  const want = compare(grammarByName('rfc3986'), 'URI-reference', grammarByName('rfc2396'), 'URI-reference');
  expect([want.onlyA, want.onlyB]).toEqual(['?', '//:!']);
  const lines = await out.locator('p').allTextContents();
  expect(lines.slice(1, 3)).toEqual([`Only in rfc3986 URI-reference: ${want.onlyA}`, `Only in rfc2396 URI-reference: ${want.onlyB}`]);
  // The witness of the page's own rule puts it in the input.
  await out.getByRole('button', { name: want.onlyA!, exact: true }).click();
  expect(await page.getByRole('textbox', { name: 'Input' }).inputValue()).toBe(want.onlyA);
  expect(await page.locator('#verdict').textContent()).toContain('valid URI-reference');
  expect(errors).toEqual([]);
});
