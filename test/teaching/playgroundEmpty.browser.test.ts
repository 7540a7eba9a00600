/// <reference lib="dom" />
/**
 * Issue 38: the empty nodes of a valid tree are labelled in the playground, in Chromium: each is
 * a box at its offset that reads "rule (empty)" (title and accessible name say the same, the
 * title with the offset), wholly readable: no label overlaps another node's box or runs past the
 * tree, but for a node beginning at the same offset in the same row, whose name is not covered. (The greyed tree of a prefix
 * leaves them out: test/teaching/playground.browser.test.ts.)
 */
import type { Page } from 'playwright-core';
import { usePlayground } from '../support/playground';

const playground = usePlayground('uri-grammar-playground-empty-');

async function open(input: string): Promise<Page> {
  const { page, errors } = await playground.open(`#g=rfc3986&r=URI-reference&i=${encodeURIComponent(input)}`, { width: 1280, height: 900 });
  expect(errors).toEqual([]);
  return page;
}

type Box = { rule: string; label: string; empty: boolean; x: number; y: number; w: number; h: number; labelLeft: number; labelRight: number };

/** Each node box and its label's edges, as drawn. */
async function boxes(page: Page): Promise<Box[]> {
  return page.locator('#tree .node').evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    const l = (e.querySelector('.rule') as HTMLElement).getBoundingClientRect();
    // The label's text, without the padding a name may keep free for an empty node before it.
    const range = document.createRange();
    range.selectNodeContents(e.querySelector('.rule')!);
    const t = range.getBoundingClientRect();
    return { rule: (e as HTMLElement).dataset.rule!, label: e.textContent!, empty: e.classList.contains('empty'), x: r.x, y: r.y, w: r.width, h: r.height, labelLeft: t.x, labelRight: Math.min(t.right, l.right) };
  }));
}

const overlap = (a: { x: number; w: number; y: number; h: number }, b: { x: number; w: number; y: number; h: number }) =>
  a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

test.each([
  ['file:///x?#', ['authority', 'host', 'reg-name', 'query', 'fragment']],
  ['http://@a:/', ['userinfo', 'port', 'segment']],
  ['//a/b?#', ['query', 'fragment']],
])('%s: each empty node reads "rule (empty)", overlaps no other box and covers no name', async (input, empties) => {
  const page = await open(input);
  expect(await page.locator('#verdict').textContent()).toContain('valid URI-reference');
  const all = await boxes(page);
  const empty = all.filter((b) => b.empty);
  expect(empty.map((b) => b.label)).toEqual(empties.map((r) => `${r} (empty)`));
  for (const r of empties) {
    const item = page.getByRole('treeitem', { name: `${r} (empty)`, exact: true });
    expect(await item.count()).toBe(1);
    expect(await item.getAttribute('title')).toMatch(new RegExp(`^${r} \\(empty\\) at offset \\d+$`));
  }
  const tree = (await page.locator('#tree').boundingBox())!;
  for (const e of empty) {
    // Not a bare mark: the label shows, whole, inside its box and inside the tree.
    expect(e.labelRight - e.labelLeft).toBeGreaterThan(30);
    expect(e.x + e.w).toBeLessThanOrEqual(tree.x + tree.width + 0.5);
    for (const o of all) {
      if (o === e) continue;
      // A node of the same row that begins at the empty node's offset (an empty authority, then
      // path-abempty) shares its first column: its name is not under the empty box. Any other
      // box is not overlapped at all.
      const sameRow = !o.empty && Math.abs(o.y - e.y) < 1;
      const clear = sameRow ? o.labelLeft >= e.x + e.w - 0.5 || o.labelRight <= e.x + 0.5 : !overlap(e, o);
      expect({ e: e.rule, o: o.rule, clear }).toEqual({ e: e.rule, o: o.rule, clear: true });
    }
  }
  await page.close();
});
