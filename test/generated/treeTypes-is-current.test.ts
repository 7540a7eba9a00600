/**
 * src/generated/treeTypes.ts, the shipped grammars' child maps (their trees typed by parent), is
 * written by scripts/generate-tree-types.ts from the grammars the package runs: it must be exactly
 * what the script writes today (else run `npm run generate`), with a map for every shipped
 * grammar but RFC 3986 (whose CHILD_RULES src/generated/rfc3986Rules.ts holds), each keyed by the
 * grammar's rules.
 */
import * as fs from 'fs';
import { shippedChildRules, treeTypesText, TREE_TYPES_FILE, TYPED, typePrefix } from '../../scripts/generate-tree-types';
import { CATALOG } from '../../src/builtins/catalog';
import { grammarByName } from '../../src/index';

describe('src/generated/treeTypes.ts', () => {
  const text = fs.readFileSync(TREE_TYPES_FILE, 'utf8');

  it('is what `npm run generate` writes (regenerate if this fails)', () => {
    expect(treeTypesText()).toBe(text);
  });

  it('has a child map for every shipped grammar but RFC 3986, keyed by its rules', () => {
    expect(TYPED).toEqual(CATALOG.map((e) => e.name).filter((n) => n !== 'rfc3986'));
    for (const name of TYPED) {
      const body = new RegExp(`export type ${typePrefix(name)}Children = \\{\\n([^}]*)\\};`).exec(text);
      expect(body).not.toBeNull();
      const keys = [...body![1].matchAll(/^ {2}readonly '([^']+)':/gm)].map((m) => m[1]);
      expect(keys).toEqual([...grammarByName(name).rules]);
      expect([...shippedChildRules(name).keys()]).toEqual(keys);
    }
  });
});
