/**
 * src/generated/rfc3986Trees.ts holds the tree compiler's plan (TreePlan in src/engine/pegTree.ts)
 * derived ahead of time from the grammar. It must be exactly what scripts/generate-trees.ts derives
 * from today's grammar and engine (else run `npm run generate`); the driver must use it, and
 * trees must be the same with and without it.
 */
import * as fs from 'fs';
import * as path from 'path';
import { treesModuleText, TREES_FILE } from '../../scripts/generate-trees';
import { driver, RULE_NAMES } from '../../src/uri/driver';
import { RFC3986_TREES } from '../../src/generated/rfc3986Trees';
import { compileFast, type Compiled, type TreePlan } from '../../src/engine/pegTree';
import { FlatTree } from '../../src/engine/flatTree';
import * as regexp from '../../src/engine/regexp';
import * as first from '../../src/engine/firstSets';
import { rfc3986Rules } from '../../grammar/rfc3986';

const REAL = fs.readFileSync(path.join(__dirname, '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 1500);
const HAND = [
  'https://example.com/a?b#c', 'http://u:p@[::1]:80/x', 'http://[fe80::1:2:3:4]/', 'http://[v1.x:y]/', '//1.2.3.4/p',
  '//1.2.3.4.5/p', 'http://256.1.1.1/', 'a/b/c', 'mailto:x@y', '?q#f', '', '/', '%41%42', 'http://h:80a/', 'http://a b',
  'http://[1:2:3:4:5:6:7::]/', 'x:/a//b?c?d#e#f', 'http://h/%zz',
];
// From LONG (4,096) characters on, stretches run as loops over the planned run tables.
const LONG_INPUTS = [
  'http://example.com/' + '%41'.repeat(2000) + 'a/b', 'http://' + 'u%3A'.repeat(1100) + '@' + 'h%2E'.repeat(1100) + ':80/p',
  '//h/p?' + 'k=v&%20'.repeat(700) + '#' + 'f/%7e?'.repeat(700), 'a/' + 'seg%zz'.repeat(800), 'x:' + 'y'.repeat(5000) + '%4',
  'http://example.com/' + 'segment/'.repeat(600), '/' + '%41'.repeat(1500) + '\u00e9',
];

/** The compact tree of `s` as `rule` (its arrays, or undefined when it does not parse). */
const compiled = new Map<unknown, Map<ReadonlySet<string>, Compiled>>();
function treeOf(plan: TreePlan | undefined, nodes: ReadonlySet<string>, rule: string, s: string): unknown {
  if (!compiled.has(plan)) compiled.set(plan, new Map());
  const byNodes = compiled.get(plan)!;
  const c = byNodes.get(nodes) ?? byNodes.set(nodes, compileFast(rfc3986Rules, nodes, plan)).get(nodes)!;
  const t = new FlatTree(c.names);
  if (c.matcher(rule)(s, 0, t) !== s.length) return undefined;
  return [...t.rules.slice(0, t.length)].join(',') + '|' + [...t.starts.slice(0, t.length)].join(',') + '|' + [...t.ends.slice(0, t.length)].join(',');
}

describe('src/generated/rfc3986Trees.ts', () => {
  it('is what `npm run generate` writes from the current grammar (regenerate if this fails)', () => {
    const committed = fs.readFileSync(path.join(__dirname, '..', '..', 'src', 'generated', 'rfc3986Trees.ts'), 'utf8');
    expect(path.basename(TREES_FILE)).toBe('rfc3986Trees.ts');
    expect(treesModuleText()).toBe(committed);
  });

  it('is what the driver compiles trees with', () => {
    expect(driver.derived?.trees).toBe(RFC3986_TREES);
    expect(Object.keys(RFC3986_TREES.leaves)).toEqual(expect.arrayContaining(['scheme', 'reg-name', 'segment', 'query']));
    expect(Object.keys(RFC3986_TREES.starts)).toEqual(expect.arrayContaining(['URI-reference', 'host', 'hier-part']));
  });

  it('gives the same trees as the forms derived on first use (structural and lexical node sets)', () => {
    const sets: Array<[string, ReadonlySet<string>]> = [
      ['URI-reference', driver.structural('URI-reference')],
      ['URI', driver.structural('URI')],
      ['relative-ref', driver.structural('relative-ref')],
      ['URI-reference', new Set<string>(RULE_NAMES)],
    ];
    let parsed = 0;
    for (const [rule, nodes] of sets) {
      for (const s of [...HAND, ...REAL, ...LONG_INPUTS]) {
        const a = treeOf(RFC3986_TREES, nodes, rule, s);
        expect([rule, s, a]).toEqual([rule, s, treeOf(undefined, nodes, rule, s)]);
        if (a !== undefined) parsed++;
      }
    }
    expect(parsed).toBeGreaterThan(1000);
    expect(LONG_INPUTS.filter((s) => s.length >= 4096 && treeOf(RFC3986_TREES, driver.structural('URI-reference'), 'URI-reference', s)).length).toBe(4);
  });

  it('leaves nothing to derive on a first parse: no RegExp source, no first-character set', () => {
    const source = jest.spyOn(regexp, 'regexpSource');
    const firstChars = jest.spyOn(first, 'firstChars');
    try {
      // Fresh node sets: compiled afresh, as in a new process.
      for (const nodes of [new Set(driver.structural('URI-reference')), new Set(driver.structural('pchar')), new Set<string>(RULE_NAMES)]) {
        for (const s of HAND) treeOf(RFC3986_TREES, nodes, 'URI-reference', s);
      }
      expect(source).not.toHaveBeenCalled();
      expect(firstChars).not.toHaveBeenCalled();
      // Without the plan the same parses derive them (so the spies do see the compiler's calls).
      treeOf(undefined, new Set(driver.structural('URI-reference')), 'URI-reference', 'http://h/p');
      expect(source).toHaveBeenCalled();
      expect(firstChars).toHaveBeenCalled();
    } finally {
      source.mockRestore();
      firstChars.mockRestore();
    }
  });

  it('is read, not rederived: a planned source changes what its leaf matches', () => {
    // A plan that says a scheme is "x" only: proof that the compiler takes the source from it.
    const wrong: TreePlan = { ...RFC3986_TREES, leaves: { ...RFC3986_TREES.leaves, scheme: 'x' } };
    const nodes = driver.structural('URI');
    expect(treeOf(wrong, nodes, 'URI', 'http://h/')).toBeUndefined();
    expect(treeOf(wrong, nodes, 'URI', 'x://h/')).toEqual(treeOf(RFC3986_TREES, nodes, 'URI', 'x://h/'));
    expect(treeOf(RFC3986_TREES, nodes, 'URI', 'http://h/')).toBeDefined();
  });
});
