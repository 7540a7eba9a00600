/** Trees written as text, JSON and Graphviz DOT (src/treeFormat.ts). */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import { formatTree, treeData, treeDot, treeText } from '../src/treeFormat';
import { parseTree } from '../src/index';
import { outline } from '../src/cli';
import type { Node } from '../src/engine/tree';

const INPUT = 'http://u@[::1]:8080/a/%41?q#f';
const tree = parseTree(INPUT, 'URI-reference', { lexical: true });

function count(n: Node): number {
  return 1 + n.children.reduce((s, c) => s + count(c), 0);
}

describe('tree formats', () => {
  it('text is the CLI outline', () => {
    expect(treeText(INPUT, tree)).toBe(outline(INPUT, tree).join('\n'));
    expect(formatTree('text', INPUT, tree)).toBe(treeText(INPUT, tree));
  });

  it('json: the same nodes with their text', () => {
    const data = JSON.parse(formatTree('json', INPUT, tree));
    const check = (j: ReturnType<typeof treeData>, n: Node): void => {
      expect([j.rule, j.start, j.end, j.text]).toEqual([n.rule, n.start, n.end, INPUT.slice(n.start, n.end)]);
      expect(j.children).toHaveLength(n.children.length);
      j.children.forEach((c, k) => check(c, n.children[k]));
    };
    check(data, tree);
  });

  it('dot: one box per node, one edge per child, quotes and backslashes escaped', () => {
    const dot = treeDot(INPUT, tree);
    const n = count(tree);
    expect(dot.split('\n')[0]).toBe('digraph tree {');
    expect((dot.match(/^ {2}n\d+ \[label=/gm) ?? []).length).toBe(n);
    expect((dot.match(/^ {2}n\d+ -> n\d+;$/gm) ?? []).length).toBe(n - 1);
    const odd: Node = { rule: 'x', start: 0, end: 4, children: [] };
    expect(treeDot('a"\\\n', odd)).toContain('n0 [label="x\\n[0,4) \\"a\\\\\\"\\\\\\\\\\\\n\\""];');
  });

  // Graphviz comes from apt in .ci/run, as Chromium does; without it this test fails and says so.
  it('dot renders with Graphviz', () => {
    if (!fs.existsSync('/usr/bin/dot')) throw new Error('Graphviz `dot` not found: apt-get install -y graphviz (.ci/run does this)');
    const svg = execFileSync('/usr/bin/dot', ['-Tsvg'], { input: treeDot(INPUT, tree) }).toString();
    expect(svg).toContain('<svg');
    expect((svg.match(/class="node"/g) ?? []).length).toBe(count(tree));
    expect(svg).toContain('IPv6address');
  });
});
