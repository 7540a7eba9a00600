/** Railroad diagrams derived from the grammar expressions (src/teaching/railroad.ts). */
import { railroadSvg } from '../../src/teaching/railroad';
import { rfc3986View } from '../../src/teaching/grammarView';
import { RULE_NAMES } from '../../src/index';
import type { Expr } from '../../src/engine/expr';

const g = rfc3986View;

/** The rule names an expression refers to, guards left out, in order. */
function refsOf(e: Expr, out: string[] = []): string[] {
  switch (e.t) {
    case 'ref': out.push(e.name); break;
    case 'seq': case 'alt': e.items.forEach((i) => refsOf(i, out)); break;
    case 'rep': refsOf(e.item, out); break;
    default: break;
  }
  return out;
}

const boxes = (svg: string) => [...svg.matchAll(/<g class="non-terminal" data-rule="([^"]+)"/g)].map((m) => m[1]);

describe('railroadSvg', () => {
  it.each([...RULE_NAMES])('%s: one box per rule name in the expression, in order; a standalone SVG', (rule) => {
    const svg = railroadSvg(g, rule);
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg class="railroad-diagram"')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain(`<title>${rule}</title>`);
    expect(svg).toMatch(/viewBox="0 0 \d+(\.\d+)? \d+(\.\d+)?"/);
    expect(boxes(svg)).toEqual(refsOf(g.expr(rule)));
    // Balanced groups.
    expect((svg.match(/<g[ >]/g) ?? []).length).toBe((svg.match(/<\/g>/g) ?? []).length);
  });

  it('draws quoted strings, core rules, counted loops and choices', () => {
    const hier = railroadSvg(g, 'hier-part');
    expect(hier).toContain('>"//"</text>');
    expect(boxes(hier)).toEqual(['authority', 'path-abempty', 'path-absolute', 'path-rootless', 'path-empty']);
    expect(railroadSvg(g, 'IPv6address')).toContain('>6 times</text>');
    expect(railroadSvg(g, 'h16')).toContain('>at most 4 times</text>');
    expect(railroadSvg(g, 'scheme')).toContain('<g class="non-terminal core" data-rule="ALPHA">');
    expect(railroadSvg(g, 'dec-octet')).toContain('<g class="terminal">');
  });

  it('leaves out the PEG guards: host shows IPv4address once and nothing after it', () => {
    expect(boxes(railroadSvg(g, 'host'))).toEqual(['IP-literal', 'IPv4address', 'reg-name']);
  });

  it('escapes markup in labels and takes only rule names', () => {
    const svg = railroadSvg({ expr: () => ({ t: 'lit', text: '<&' }) }, 'x');
    expect(svg).not.toContain('<&');
    expect(svg).toContain('>"&#60;&#38;"</text>');
    expect(() => railroadSvg(rfc3986View, 'x<y')).toThrow(TypeError);
  });
});

describe('railroadByUse: the diagram coloured by how often each alternative was taken', () => {
  const { railroadByUse, useClass } = require('../../src/teaching/railroad') as typeof import('../../src/teaching/railroad');
  const { coverage } = require('../../src/engine/analysis/coverage') as typeof import('../../src/engine/analysis/coverage');
  it('host on a small corpus: each alternative followed by its count, its boxes in its heat class', () => {
    const uses = coverage(g as never, 'host', ['example.com', 'a', 'b', '1.2.3.4']).alternatives;
    const svg = railroadByUse(g, 'host', uses).toString();
    const counts = [...svg.matchAll(/<g class="comment use-count (use-\d)" data-uses="(\d+)"/g)].map((m) => [m[1], Number(m[2])]);
    expect(counts).toEqual([['use-0', 0], ['use-1', 1], ['use-4', 3]]);
    expect(svg).toContain('>never</text>');
    expect(svg).toContain('>3×</text>');
    expect(svg).toContain('<g class="non-terminal use-0" data-rule="IP-literal"');
    expect(svg).toContain('<g class="non-terminal use-1" data-rule="IPv4address"');
    expect(svg).toContain('<g class="non-terminal use-4" data-rule="reg-name"');
  });
  it('nested alternations count by their own path; boxes outside any choice stay plain', () => {
    const uses = coverage(g as never, 'IPvFuture', ['v1.a', 'v1.a:!']).alternatives;
    const svg = railroadByUse(g, 'IPvFuture', uses).toString();
    expect([...svg.matchAll(/data-uses="(\d+)"/g)].map((m) => Number(m[1]))).toEqual(uses.filter((u) => u.rule === 'IPvFuture').map((u) => u.count));
    expect(svg).toContain('<g class="non-terminal core" data-rule="HEXDIG"');
  });
  it('useClass: never, then four steps on a log scale to the most used', () => {
    expect([0, 1, 2, 10, 100, 1000].map((n) => useClass(n, 1000))).toEqual(['use-0', 'use-1', 'use-1', 'use-2', 'use-3', 'use-4']);
    expect(useClass(1, 1)).toBe('use-4');
  });
  it('refuses a name that is no rule name', () => {
    expect(() => railroadByUse(g, '<x>', [])).toThrow(TypeError);
  });
});
