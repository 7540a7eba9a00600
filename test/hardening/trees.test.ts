/**
 * Issue 15 items 2 and 3: returned trees and components share nothing mutable (with the
 * library or with each other); trees are compact, a tree past the node limit is a RangeError
 * before it is built, and `walk` goes through a tree without making node objects.
 */
import { execFileSync } from 'child_process';
import * as path from 'path';
import * as util from 'util';
import fc from 'fast-check';
import { parse, parseTree, walk, validate, resolve, TreeLimitError, type Node, type RuleName } from '../../src';
import { arb } from '../support/arbitraries';
import { driver } from '../../src/uri/rules';
import { run } from '../oracles/pegParsimmon';
import { language } from '../oracles/parsimmonReference';

const RUNS = { seed: 15, numRuns: 300 };

/** Every node of a tree, depth first. */
function nodes(n: Node, out: Node[] = []): Node[] {
  out.push(n);
  for (const c of n.children) nodes(c as Node, out);
  return out;
}

/** Damages everything a caller could damage in a returned tree. */
function vandalize(root: Node): void {
  for (const n of nodes(root)) {
    const m = n as unknown as { rule: string; start: number; children: unknown[] };
    (m.children as unknown[]).push({ rule: 'evil', start: -1, end: -1, children: [] });
    try { m.rule = 'evil'; m.start = -1; } catch { /* a frozen node is fine too */ }
  }
}

describe('fresh trees and components (item 2)', () => {
  it('the case of the issue: pushing into a lexical leaf changes no later tree', () => {
    const leaf = (t: Node): Node => (t.children.length ? leaf(t.children[0] as Node) : t);
    const a = parseTree('a:b', 'URI', { lexical: true });
    (leaf(a).children as unknown as unknown[]).push('junk');
    const b = parseTree('c:d', 'URI', { lexical: true });
    expect(nodes(b).every((n) => n.children.every((c) => typeof c === 'object'))).toBe(true);
    expect(JSON.stringify(b)).not.toContain('junk');
  });

  it.each([false, true])('property: a vandalized tree (lexical: %s) never changes another call\'s tree', (lexical) => {
    fc.assert(fc.property(arb['URI-reference'], arb['URI-reference'], (s, t) => {
      const before = JSON.stringify(parseTree(t, 'URI-reference', { lexical }));
      for (const x of [s, t]) vandalize(parseTree(x, 'URI-reference', { lexical }));
      expect(JSON.stringify(parseTree(t, 'URI-reference', { lexical }))).toBe(before);
    }), RUNS);
  });

  it('property: components, results and errors are fresh objects', () => {
    fc.assert(fc.property(arb['URI-reference'], fc.string({ maxLength: 8 }), (s, junk) => {
      const before = JSON.stringify(parse(s));
      const c = parse(s) as unknown as Record<string, unknown>;
      for (const k of Object.keys(c)) c[k] = junk;
      expect(JSON.stringify(parse(s))).toBe(before);
      const v = validate(s) as { ok: boolean };
      v.ok = false;
      expect(validate(s).ok).toBe(true);
      const bad = s + ' ';
      const e1 = validate(bad);
      if (!e1.ok) (e1.error.expected as string[]).push(junk);
      const e2 = validate(bad);
      expect(e2.ok || !e2.error.expected.includes(junk) || junk === '' ).toBe(true);
      expect(resolve('http://a/b', s.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : 'x')).toBeDefined();
    }), RUNS);
  });
});

/** The events `walk` should give: a recursive walk of the tree `parseTree` returns. */
function expectedEvents(n: Node, depth = 0, out: string[] = []): string[] {
  out.push(`> ${n.rule} ${n.start} ${n.end} ${depth}`);
  for (const c of n.children) expectedEvents(c as Node, depth + 1, out);
  out.push(`< ${n.rule} ${n.start} ${n.end} ${depth}`);
  return out;
}

function events(s: string, rule: RuleName, lexical: boolean, skip?: string): string[] {
  const out: string[] = [];
  walk(s, rule, {
    enter: (r, a, b, d) => { out.push(`> ${r} ${a} ${b} ${d}`); return r !== skip; },
    leave: (r, a, b, d) => { out.push(`< ${r} ${a} ${b} ${d}`); },
  }, { lexical });
  return out;
}

describe('walk', () => {
  it.each([false, true])('property: the events of the tree parseTree returns (lexical: %s)', (lexical) => {
    fc.assert(fc.property(arb['URI-reference'], (s) => {
      expect(events(s, 'URI-reference', lexical)).toEqual(expectedEvents(parseTree(s, 'URI-reference', { lexical })));
    }), RUNS);
  });

  it('enter returning false skips the children', () => {
    const ev = events('http://u@h:1/p?q', 'URI', true, 'authority');
    expect(ev).toContain('> authority 7 12 2');
    expect(ev).toContain('< authority 7 12 2');
    expect(ev.some((e) => / (userinfo|host|port) /.test(e))).toBe(false);
  });

  it('invalid input: a UriSyntaxError before any event; bad visitors: TypeError', () => {
    const seen: string[] = [];
    expect(() => walk('a b', 'URI', { enter: (r) => { seen.push(r); } })).toThrow(/not a valid URI/);
    expect(seen).toEqual([]);
    expect(() => walk('a:b', 'URI', { enter: 1 } as never)).toThrow(/walk: visitor method "enter" must be a function/);
    expect(() => walk('a:b', 'URI', { entre: () => 0 } as never)).toThrow(TypeError);
    expect(() => walk('a:b', 'URI', undefined as never)).toThrow(/argument "visitor"/);
  });

  it('a visitor that parses inside the walk does not disturb it', () => {
    const out: string[] = [];
    walk('http://a/b', 'URI', { enter: (r, a, b) => { parseTree('x:y', 'URI', { lexical: true }); out.push(`${r} ${a} ${b}`); } }, { lexical: true });
    expect(out).toEqual(expectedEvents(parseTree('http://a/b', 'URI', { lexical: true })).filter((e) => e[0] === '>').map((e) => e.slice(2).replace(/ \d+$/, '')));
  });
});

describe('the node limit (item 3)', () => {
  it('a tree past maxNodes is a RangeError naming the limit; within it, the tree', () => {
    const s = 'http://a/' + 'b'.repeat(100);
    let e: unknown;
    try {
      parseTree(s, 'URI', { lexical: true, maxNodes: 50 });
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(RangeError);
    expect(e).toBeInstanceOf(TreeLimitError);
    expect((e as Error).message).toMatch(/more than 50 nodes.*maxNodes/);
    expect(() => walk(s, 'URI', {}, { lexical: true, maxNodes: 50 })).toThrow(RangeError);
    expect(nodes(parseTree(s, 'URI', { lexical: true, maxNodes: 1000 })).length).toBeLessThanOrEqual(1000);
    expect(() => parseTree(s, 'URI', { maxNodes: -1 })).toThrow(/parseTree: option "maxNodes" must be a non-negative integer/);
  });

  it('a 4 MB lexical tree past the limit is refused with a RangeError, and the process lives on', () => {
    const s = 'http://a/' + 'b'.repeat(4 << 20);
    expect(() => parseTree(s, 'URI', { lexical: true, maxNodes: 1 << 20 })).toThrow(TreeLimitError);
    expect(parseTree('a:b').rule).toBe('URI-reference');
  });

  it('large trees are views: the same tree as the parsimmon combinators build, fresh on each read', () => {
    const s = 'http://a/' + 'a%41:@/'.repeat(12000); // over 65,536 lexical nodes
    const view = parseTree(s, 'URI', { lexical: true });
    expect(nodes(view).length).toBeGreaterThan(65536);
    expect(view.children).not.toBe(view.children);
    (view.children as unknown as unknown[]).push('junk');
    expect(view.children).not.toContain('junk');
    const r = run(language(true).URI, s);
    expect(r.status && r.index).toBe(s.length);
    expect(JSON.parse(JSON.stringify(view))).toEqual(r.status ? JSON.parse(JSON.stringify(r.value[0])) : undefined);
    // Read twice, equal (fresh arrays of equal views); printed as the plain node.
    expect(view.children).toEqual(view.children);
    expect(util.inspect(view, { depth: 1 })).toMatch(/^\{\s*rule: 'URI',\s*start: 0,/);
  });

  it('a node of a large tree costs no more to read than one of a small tree (no per-node property)', () => {
    const big = parseTree('http://a/' + 'a%41:@/'.repeat(12000), 'URI', { lexical: true });
    const small = parseTree('http://a/' + 'a%41:@/'.repeat(100), 'URI', { lexical: true });
    // Views share one class whose prototype holds `children`: nothing is defined on a node.
    const node = big.children[0];
    expect(Object.getOwnPropertyNames(node).sort()).toEqual(['end', 'rule', 'start']);
    expect(Object.getPrototypeOf(node)).toBe(Object.getPrototypeOf(big));
    expect(typeof Object.getOwnPropertyDescriptor(Object.getPrototypeOf(node), 'children')?.get).toBe('function');
    // and reads like a plain node
    expect(JSON.parse(JSON.stringify(node))).toEqual(JSON.parse(JSON.stringify(small.children[0])));
  });
});

describe('10 MB in a 1 GB heap (item 3)', () => {
  const script = path.join(__dirname, '..', 'support', 'bigTree.js');
  it.each(['lexical', 'structural'])('the %s tree of a 10 MB URI is built with --max-old-space-size=1024', (kind) => {
    const out = execFileSync(process.execPath, ['--max-old-space-size=1024', script, kind, String(10 << 20)], {
      encoding: 'utf8', timeout: 300_000,
    });
    const r = JSON.parse(out);
    expect(r.rule).toBe('URI');
    expect(r.end).toBe(10 << 20);
    expect(r.walked).toBeGreaterThan(kind === 'lexical' ? 10 << 20 : 3);
  }, 320_000);
});
