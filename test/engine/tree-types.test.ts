/**
 * Issue 38, "typed to the leaves": a tree of a typed grammar has its children typed by the
 * grammar's rule names at every depth — for `compileAbnf<const R>` (rules option), the shipped
 * grammars (RFC 2396, RFC 2732, RFC 6874, RFC 3987) — so a recursive walk over `TreeNode<R>`
 * compiles and a misspelt rule name in a comparison does not. ts-jest type-checks this file under
 * the project's `strict`: each `@ts-expect-error` fails the run if its error goes away, and a
 * type error anywhere else fails it too. (The `.d.ts` that `uri-grammar compile` writes:
 * test/cli/compile.test.ts.)
 *
 * Typed by parent (`TreeNodeOf`, a `ChildMap`): the shipped grammars' trees (src/generated/treeTypes.ts),
 * as RFC 3986's `parseTree`: `parseTree(s, 'hostport')` is a hostport node whose children are
 * host and port nodes, so a rule that cannot be a child of its parent is a compile error too.
 * `compileAbnf<const R>` knows the rule names alone: its trees stay typed by name (the child map
 * needs the grammar, which `compile`'s `.d.ts` has), or a program casts to `TreeNodeOf<M>`.
 */
import {
  abnf, compileAbnf, json, rfc2396, rfc2732, rfc3986, rfc3987, rfc5322, rfc6874,
  type AbnfRule, type ChildMap, type JsonChildren, type JsonRule, type Rfc2396Children, type Rfc2396Rule,
  type Rfc2732Children, type Rfc2732Rule, type Rfc3986Children, type Rfc3987Children, type Rfc3987Rule,
  type Rfc5322Rule, type Rfc6874Children, type Rfc6874Rule, type RuleName, type TreeNode, type TreeNodeOf,
} from '../../src/index';

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
    // The root is the rule asked for (typed by parent, below): a walker takes any node of the grammar.
    const walk2396 = (n: TreeNode<Rfc2396Rule>): void => { names.push(n.rule); n.children.forEach(walk2396); };
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

/** `true` when A and B are the same type (a compile error below otherwise). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe('children typed by parent (issue 38)', () => {
  it('each shipped grammar\'s child map has its rules as keys', () => {
    const same: [
      Same<keyof Rfc2396Children, Rfc2396Rule>, Same<keyof Rfc2732Children, Rfc2732Rule>, Same<keyof Rfc6874Children, Rfc6874Rule>,
      Same<keyof Rfc3987Children, Rfc3987Rule>, Same<keyof Rfc3986Children, RuleName>,
    ] = [true, true, true, true, true];
    expect(same).toEqual([true, true, true, true, true]);
    // @ts-expect-error: the check can fail (RFC 2732 has rules RFC 2396 has not)
    const differ: Same<keyof Rfc2732Children, Rfc2396Rule> = true;
    expect(differ).toBe(true);
    // JSON's rule names, by type, are its text's.
    const rules: readonly JsonRule[] = json.rules;
    expect(rules).toContain('JSON-text');
  });

  it('RFC 2396: a hostport node has host and port children, and nothing else by type', () => {
    const t = rfc2396.parseTree('a.example:80', 'hostport');
    const kids: ReadonlyArray<TreeNodeOf<Rfc2396Children, 'host' | 'port'>> = t.children;
    expect(kids.map((c) => c.rule)).toEqual(['host', 'port']);
    // @ts-expect-error: a hostname is a child of host, not of hostport
    expect(t.children.some((c) => c.rule === 'hostname')).toBe(false);
    // @ts-expect-error: a typo
    expect(t.children.some((c) => c.rule === 'prot')).toBe(false);
    const host = t.children[0];
    if (host.rule === 'host') {
      // Narrowed: a host's children are hostname or IPv4address nodes.
      const h: ReadonlyArray<TreeNodeOf<Rfc2396Children, 'hostname' | 'IPv4address'>> = host.children;
      expect(h.map((c) => c.rule)).toEqual(['hostname']);
    }
    // A walk over the grammar's nodes, by parent or by name, compiles.
    const seen: string[] = [];
    function walk(n: TreeNodeOf<Rfc2396Children>): void { seen.push(n.rule); n.children.forEach(walk); }
    function walkByName(n: TreeNode<Rfc2396Rule>): void { n.children.forEach(walkByName); }
    walk(t);
    walkByName(t);
    expect(seen).toEqual(['hostport', 'host', 'hostname', 'domainlabel', 'toplabel', 'port']);
  });

  it('RFC 2732, RFC 6874, RFC 3987, RFC 3986 (the grammar object): parent and child pairings are checked', () => {
    const a = rfc2732.parseTree('[::1]', 'ipv6reference');
    expect(a.children.map((c) => c.rule)).toEqual(['IPv6address']);
    // @ts-expect-error: hexpart is a child of IPv6address, not of ipv6reference
    expect(a.children.some((c) => c.rule === 'hexpart')).toBe(false);
    const b = rfc6874.parseTree('[fe80::1%25en0]', 'IP-literal');
    expect(b.children.map((c) => c.rule)).toEqual(['IPv6addrz']);
    // @ts-expect-error: ZoneID is IPv6addrz's child
    expect(b.children.some((c) => c.rule === 'ZoneID')).toBe(false);
    const c = rfc3987.parseTree('http://例え.jp/');
    // With no rule, the tree is an IRI-reference, typed so.
    const r: 'IRI-reference' = c.rule;
    expect(r).toBe('IRI-reference');
    // @ts-expect-error: ihier-part is IRI's child, not IRI-reference's
    expect(c.children.some((x) => x.rule === 'ihier-part')).toBe(false);
    const d = rfc3986.parseTree('//a', 'relative-ref');
    // @ts-expect-error: authority is relative-part's child
    expect(d.children.some((x) => x.rule === 'authority')).toBe(false);
    expect(d.children[0].rule === 'relative-part').toBe(true);
  });

  it('JSON, RFC 5322 and ABNF: typed by their rules and by parent', () => {
    const j = json.parseTree('[1, {"a": null}]', 'array');
    expect(j.children.map((c) => c.rule)).toEqual(['begin-array', 'value', 'value-separator', 'value', 'end-array']);
    // @ts-expect-error: a member is an object's child, not an array's
    expect(j.children.some((c) => c.rule === 'member')).toBe(false);
    // @ts-expect-error: not a JSON rule
    expect(() => json.isValid('1', 'JSON_text')).toThrow(TypeError);
    const m = rfc5322.parseTree('a@b', 'addr-spec');
    const local: Rfc5322Rule = m.children[0].rule;
    expect(local).toBe('local-part');
    // @ts-expect-error: dot-atom is local-part's child
    expect(m.children.some((c) => c.rule === 'dot-atom')).toBe(false);
    const x = abnf.parseTree('a = "b"\r\n', 'rule');
    const kinds: AbnfRule[] = x.children.map((c) => c.rule);
    expect(kinds).toEqual(['rulename', 'defined-as', 'elements', 'c-nl']);
    // @ts-expect-error: a rule's children do not include alternation (elements' child)
    expect(x.children.some((c) => c.rule === 'alternation')).toBe(false);
  });

  it('compileAbnf<const R> keeps name-typed children; a child map is a cast away (TreeNodeOf<M>)', () => {
    type R = 'version' | 'version-core' | 'pre';
    const g = compileAbnf(TEXT, { rules: ['version', 'version-core', 'pre'] });
    type M = { readonly version: 'version-core' | 'pre'; readonly 'version-core': never; readonly pre: never } & ChildMap<R>;
    const t = g.parseTree('1.2-rc', 'version') as TreeNodeOf<M, 'version'>;
    expect(t.children.map((c) => c.rule)).toEqual(['version-core', 'pre']);
    // @ts-expect-error: version is no child of version (by the map given)
    expect(t.children.some((c) => c.rule === 'version')).toBe(false);
  });
});
