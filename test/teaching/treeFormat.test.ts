/** Trees written as text, JSON and Graphviz DOT (src/teaching/treeFormat.ts). */
import { execFileSync } from 'child_process';
import { formatTree, treeData, treeDot, treeText } from '../../src/teaching/treeFormat';
import { parseTree } from '../../src/index';
import { outline } from '../../src/cli';
import type { Node } from '../../src/engine/tree';

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { findDot, inCi, INSTALL } = require('../../scripts/test-tools.js') as { findDot(): string | undefined; inCi: boolean; INSTALL: { dot: string } };

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

  // Graphviz comes from apt in .ci/run, as Chromium does. Where `dot` is missing this test is
  // skipped with one line saying what to install, except under CI=true, where it fails.
  const dot = findDot();
  if (dot === undefined && !inCi) process.stderr.write(INSTALL.dot + '\n');
  (dot !== undefined || inCi ? it : it.skip)('dot renders with Graphviz', () => {
    if (dot === undefined) throw new Error(INSTALL.dot);
    const svg = execFileSync(dot, ['-Tsvg'], { input: treeDot(INPUT, tree) }).toString();
    expect(svg).toContain('<svg');
    expect((svg.match(/class="node"/g) ?? []).length).toBe(count(tree));
    expect(svg).toContain('IPv6address');
  });
});
