/**
 * docs/grammars.md's figures of recursive grammars (between `<!-- figures:recursive -->` markers)
 * are the ones BENCHMARKS.md has from the same run of `npm run bench` (bench/recursive.ts writes
 * both): the block is held verbatim in BENCHMARKS.md's `bench:recursive` block, so neither can be
 * edited by hand alone or left behind by a run. And it has what issue 35 asks the docs to show.
 */
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');

/** The lines between `<!-- name -->` and `<!-- /name -->` in `text`, or undefined. */
function block(text: string, name: string): string | undefined {
  const m = text.match(new RegExp(`<!-- ${name} -->\\n([\\s\\S]*?)\\n?<!-- /${name} -->`));
  return m ? m[1] : undefined;
}

describe('docs/grammars.md figures of recursive grammars', () => {
  const docs = block(fs.readFileSync(path.join(ROOT, 'docs', 'grammars.md'), 'utf8'), 'figures:recursive');
  const bench = block(fs.readFileSync(path.join(ROOT, 'BENCHMARKS.md'), 'utf8'), 'bench:recursive');

  it('both blocks are there', () => {
    expect([docs !== undefined, bench !== undefined]).toEqual([true, true]);
  });

  it('the figures in the docs are BENCHMARKS.md\'s, from the same run', () => {
    expect(bench).toContain(docs);
  });

  it('they show the peers side by side, the two ratios and the growth table', () => {
    for (const want of ['`JSON.parse`', 'peggy', 'chevrotain', 'ohm-js', '`isValid` ÷ `JSON.parse`', '`parseTree` ÷ peggy', 'per byte ÷ 10 KB']) {
      expect(docs).toContain(want);
    }
  });

  it('block reads the lines between markers', () => {
    expect(block('a\n<!-- x -->\none\ntwo\n<!-- /x -->\nb', 'x')).toBe('one\ntwo');
    expect(block('<!-- x -->', 'x')).toBeUndefined();
  });
});
