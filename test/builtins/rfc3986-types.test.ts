/**
 * RFC 3986 trees typed per rule: `node.rule === 'authority'` narrows the node and its
 * children; a typo in a rule name is a compile error (ts-jest type-checks this file, so each
 * `@ts-expect-error` below fails the run if the error it expects goes away). CHILD_RULES, the
 * table the types read, is checked against the grammar and against real trees.
 */
import * as fs from 'fs';
import * as path from 'path';
import { CHILD_RULES, RULE_NAMES, parseTree, type ChildRule, type RuleName, type TreeNode, type UriNode } from '../../src/index';
import { LEXICAL_RULES, rfc3986Rules } from '../../src/generated/rfc3986Rules';
import type { Expr } from '../../src/engine/expr';

describe('typed trees', () => {
  it('narrow on rule, children included', () => {
    const t = parseTree('http://user@example.com:8080/p?q', 'URI');
    const seen: string[] = [];
    for (const c of t.children) {
      if (c.rule !== 'hier-part') continue;
      for (const a of c.children) {
        if (a.rule !== 'authority') continue;
        // The children of an authority node are userinfo, host or port nodes, by type.
        const kids: ReadonlyArray<UriNode<'userinfo' | 'host' | 'port'>> = a.children;
        for (const k of kids) {
          if (k.rule === 'host') {
            const h: ReadonlyArray<UriNode<'IP-literal' | 'IPv4address' | 'reg-name'>> = k.children;
            seen.push(...h.map((x) => x.rule));
          }
          // @ts-expect-error: a port is not a child of authority's children list as 'prot'
          if (k.rule === 'prot') seen.push('never');
        }
      }
    }
    expect(seen).toEqual(['reg-name']);
    // @ts-expect-error: a typo in a rule name is a compile error
    expect(t.children.filter((c) => c.rule === 'shceme')).toEqual([]);
  });

  it('a walker over TreeNode<RuleName> type-checks', () => {
    const walk = (n: TreeNode<RuleName>, out: string[]): string[] => {
      out.push(n.rule);
      for (const c of n.children) walk(c as TreeNode<RuleName>, out);
      return out;
    };
    const u: UriNode = parseTree('//a/b', 'relative-ref');
    expect(walk(u, [])).toEqual(['relative-ref', 'relative-part', 'authority', 'host', 'reg-name', 'path-abempty', 'segment']);
    const leaf: ChildRule<'port'> extends never ? true : false = true;
    expect(leaf).toBe(true);
  });
});

describe('CHILD_RULES', () => {
  const refs = (e: Expr, out: Set<string>): Set<string> => {
    switch (e.t) {
      case 'ref': out.add(e.name); break;
      case 'seq': case 'alt': e.items.forEach((x) => refs(x, out)); break;
      case 'rep': refs(e.item, out); break;
      default: break; // guards give no nodes
    }
    return out;
  };

  it.each(RULE_NAMES.map((r) => [r]))('%s: the rules it refers to, and structural rules reached through character-level ones', (rule) => {
    const direct = refs(rfc3986Rules[rule as RuleName], new Set());
    const all = new Set(direct);
    const through = (names: Set<string>, seen: Set<string>): void => {
      for (const n of names) {
        if (!LEXICAL_RULES.has(n as RuleName) || seen.has(n)) continue;
        seen.add(n);
        const d = refs(rfc3986Rules[n as RuleName], new Set());
        d.forEach((x) => { if (!LEXICAL_RULES.has(x as RuleName)) all.add(x); });
        through(d, seen);
      }
    };
    through(direct, new Set());
    expect([...CHILD_RULES[rule as RuleName]].sort()).toEqual([...all].sort());
  });

  it('holds for the trees of the corpus, structural and lexical', () => {
    const inputs: Array<{ input: string }> = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'vectors', 'valid.json'), 'utf8'));
    const bad: string[] = [];
    const check = (n: TreeNode<string>): void => {
      for (const c of n.children) {
        if (!(CHILD_RULES[n.rule as RuleName] as readonly string[]).includes(c.rule)) bad.push(`${n.rule} > ${c.rule}`);
        check(c);
      }
    };
    for (const { input } of inputs) {
      for (const lexical of [false, true]) {
        try { check(parseTree(input, 'URI-reference', { lexical })); } catch { /* invalid vectors have no tree */ }
      }
    }
    expect([...new Set(bad)]).toEqual([]);
  });
});
