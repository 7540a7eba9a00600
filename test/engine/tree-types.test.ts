/**
 * Issue 38, "typed to the leaves": a tree of a typed grammar has its children typed by the
 * grammar's rule names at every depth — for `compileAbnf<const R>` (rules option), the shipped
 * grammars (RFC 2396, RFC 2732, RFC 6874, RFC 3987) — so a recursive walk over `TreeNode<R>`
 * compiles and a misspelt rule name in a comparison does not. ts-jest type-checks this file under
 * the project's `strict`: each `@ts-expect-error` fails the run if its error goes away, and a
 * type error anywhere else fails it too. (The `.d.ts` that `uri-grammar compile` writes:
 * test/cli/compile.test.ts.)
 */
import { compileAbnf, rfc2396, rfc2732, rfc6874, rfc3987, type TreeNode } from '../../src/index';

const TEXT = 'version = version-core [ "-" pre ]\nversion-core = 1*DIGIT "." 1*DIGIT\npre = 1*ALPHA\n';

describe('children typed by the grammar\'s rule names', () => {
  it('compileAbnf<const R>: a recursive walk compiles; a typo at depth 1 or 2 does not', () => {
    const g = compileAbnf(TEXT, { rules: ['version', 'version-core', 'pre'] });
    type R = 'version' | 'version-core' | 'pre';
    const seen: R[] = [];
    function walk(n: TreeNode<R>): void {
      seen.push(n.rule);
      n.children.forEach(walk);
    }
    const t = g.parseTree('1.2-rc', 'version');
    walk(t);
    expect(seen).toEqual(['version', 'version-core', 'pre']);
    const first = t.children[0];
    expect(first.rule === 'version-core').toBe(true);
    // @ts-expect-error: "version-cor" is not a rule of the grammar (TS2367: no overlap)
    expect(first.rule === 'version-cor').toBe(false);
    // @ts-expect-error: nor at depth 2
    expect(t.children[0].children.some((c) => c.rule === 'prerelease')).toBe(false);
    // A child's rule is one of the grammar's, by type.
    const r: R = t.children[1].rule;
    expect(r).toBe('pre');
  });

  it('an untyped grammar keeps `string` names (no error for any name)', () => {
    const t = compileAbnf(TEXT).parseTree('1.2', 'version');
    expect(t.children[0].rule === 'anything').toBe(false);
  });

  it('the shipped grammars: children typed down to the leaves', () => {
    const a = rfc2396.parseTree('http://a/b', 'absoluteURI');
    const names: string[] = [];
    const walk2396 = (n: typeof a): void => { names.push(n.rule); n.children.forEach(walk2396); };
    walk2396(a);
    expect(names).toContain('hier_part');
    // @ts-expect-error: RFC 2396 writes hier_part with "_"
    expect(a.children.some((c) => c.rule === 'hier-part')).toBe(false);
    const b = rfc2732.parseTree('http://[::1]/', 'URI-reference');
    // @ts-expect-error: not an RFC 2732 rule
    expect(b.children[0].children.some((c) => c.rule === 'IPv6addres')).toBe(false);
    const c = rfc6874.parseTree('http://[fe80::1%25en0]/', 'URI');
    // @ts-expect-error: RFC 6874's rule is ZoneID
    expect(c.children.some((x) => x.rule === 'ZoneId')).toBe(false);
    const d = rfc3987.parseTree('http://例え.jp/', 'IRI');
    // @ts-expect-error: RFC 3987 calls it ihier-part
    expect(d.children.some((x) => x.rule === 'hier-part')).toBe(false);
  });
});
