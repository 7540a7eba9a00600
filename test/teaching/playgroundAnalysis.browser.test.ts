/// <reference lib="dom" />
/**
 * The playground's "Grammar analysis" panel (playground/analysis.ts) in Chromium: the cover set of
 * the current rule as buttons that put a string in the input, and the shadow report.
 */
import { generate, grammarByName } from '../../src/index';
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
