/**
 * docs/analysis.md states what the analyses give on the shipped grammars: the numbers and
 * witnesses there are the current ones.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compare, generate, grammarByName, shadows } from '../../src/index';

const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'analysis.md'), 'utf8');
const esc = (s: string) => s.replace(/\|/g, '\\|');
const show = (w: string | undefined) => (w === undefined ? 'none (proved)' : w === '' ? '(empty)' : '`' + esc([...w].map((c) => (c.codePointAt(0)! > 126 || c.codePointAt(0)! < 33 ? `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}` : c)).join('')) + '`');

describe('docs/analysis.md', () => {
  it('the RFC 3986 cover set is the one generate gives', () => {
    const g = generate(grammarByName('rfc3986'), 'URI-reference', { cover: true });
    expect(doc).toContain(`cover set takes all of them with **${g.valid.length} strings**`);
    expect(doc).toContain(`\`URI-reference\` reaches ${g.targets.length} targets`);
    const block = doc.split('### RFC 3986 `URI-reference`: ')[1].split('```')[1];
    expect(block.trim().split(/\s+/).map((q) => JSON.parse(q) as string)).toEqual(g.valid);
  });

  it('the shadow reports are the current ones', () => {
    for (const name of ['rfc3986', 'rfc2396']) {
      for (const e of shadows(grammarByName(name))) {
        expect(doc).toContain(`| ${e.kind} | \`${e.rule}\`${e.path.length ? ' at ' + e.path.join('.') : ''} | ${e.index + 1} | ${e.by === undefined ? '' : e.by + 1} | ${e.witness === '' ? '(empty)' : '`' + esc(e.witness!) + '`'} | ${esc(e.message)} |`);
      }
    }
  });

  it('the comparison rows are the current ones', () => {
    const rows = doc.split('\n').filter((l) => /^\| rfc3986 `/.test(l));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      const m = /^\| (\w+) `([^`]+)` \| (\w+) `([^`]+)`( \(ASCII\))? \| ([\w-]+) \| (.*) \| (.*) \|$/.exec(row)!;
      expect(m).not.toBeNull();
      const r = compare(grammarByName(m[1]), m[2], grammarByName(m[3]), m[4], { ascii: m[5] !== undefined });
      expect([r.relation, show(r.onlyA), show(r.onlyB)]).toEqual([m[6], m[7], m[8]]);
    }
  });
});
