/**
 * src/generated/: what scripts/generate-compiled.ts writes from the catalog (src/builtins/catalog.ts).
 * rfc2396Compiled.ts, rfc2732Compiled.ts, rfc6874Compiled.ts, rfc3987Compiled.ts: the shipped grammars
 * loaded from their text, compiled at build time. Each must be what the script writes from
 * today's text and engine (else run `npm run generate`), and the grammar made from it must answer
 * as the text compiled now does. rfc3986Plans.ts, load.ts and load-cjs.ts: current too.
 */
import * as fs from 'fs';
import * as path from 'path';
import { catalogNameProblems, generatedFile, generatedTexts, SHIPPED } from '../../scripts/generate-compiled';
import { grammarByName } from '../../src/index';
import { rfc3987Grammar } from '../../src/iri/rfc3987';
import { CATALOG, catalogEntry } from '../../src/builtins/catalog';

const lines = fs.readFileSync(path.join(__dirname, '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 300);
const inputs = [...lines, ...lines.slice(0, 60).map((l) => l.replace(/[a-z]/, '[')), 'http://[::1%25eth0]/', 'http://[fe80::1]/', '//a:1/b;p?q', ''];
type Answers = { rules: readonly string[]; validate: ReturnType<typeof grammarByName>['validate']; parseTree: ReturnType<typeof grammarByName>['parseTree'] };
/** The shipped grammar: the registry's, but RFC 3987's without section 4.1 on top (the grammar alone). */
const shippedGrammar = (name: string): Answers => (name === 'rfc3987' ? rfc3987Grammar() : grammarByName(name));

describe.each(generatedTexts().map(([file, text]) => [file, text] as const))('src/generated/%s', (file, text) => {
  it('is what `npm run generate` writes (regenerate if this fails)', () => {
    expect(text()).toBe(fs.readFileSync(generatedFile(file), 'utf8'));
  });
});

describe.each(SHIPPED.map((e) => [e.file, e] as const))('src/generated/%s', (file, entry) => {
  it('gives a grammar that answers as its text compiled now', () => {
    const shipped = shippedGrammar(entry.name);
    const fresh = entry.grammar();
    expect(shipped.rules).toEqual(fresh.rules);
    const extra = ['http://例え.テスト/パス?クエリ#片', 'http://\u{1F600}.x/\u{E000}', 'http://[2001:db8:85a3::8a2e:370:7334]:8080/p', 'http://[fe80::a%25eth0]/', 'http://[v1.x]/'];
    // The planned rules (their first trees read the plan; past it they build) and the main one.
    for (const rule of new Set([catalogEntry(entry.name)!.entry, ...entry.plans])) {
      let accepted = 0;
      for (const s of [...inputs, ...extra]) {
        const a = shipped.validate(s, rule);
        const b = fresh.validate(s, rule);
        expect({ s, ok: a.ok, index: a.ok ? -1 : a.error.index, expected: a.ok ? [] : a.error.expected })
          .toEqual({ s, ok: b.ok, index: b.ok ? -1 : b.error.index, expected: b.ok ? [] : b.error.expected });
        if (a.ok) {
          accepted++;
          expect(shipped.parseTree(s, rule)).toEqual(fresh.parseTree(s, rule));
          expect(shipped.parseTree(s, rule, { lexical: true })).toEqual(fresh.parseTree(s, rule, { lexical: true }));
        }
      }
      expect(accepted).toBeGreaterThan(150);
    }
  });

  it('carries a plan for each rule it names, made on the samples (src/engine/trees/plan.ts)', () => {
    const text = fs.readFileSync(generatedFile(file), 'utf8');
    for (const rule of entry.plans) expect(text).toContain(`${JSON.stringify(rule)}:`);
  });
  it('carries plans of the states the samples reach, no more: what an inclusion check visits is no lookahead state (at most 64 kB of JSON a plan)', () => {
    // A first tree parses its plan: a plan that also held every state the race's inclusion
    // checks visit (src/engine/trees/firstMatch.ts, Forward.includes) was 208 kB for RFC 6874.
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const generated = require(generatedFile(file)) as Record<string, unknown>;
    const plans = Object.entries(generated).find(([name]) => name.endsWith('_PLANS'))![1] as Record<string, string>;
    expect(Object.keys(plans).sort()).toEqual([...entry.plans].sort());
    for (const [key, text] of Object.entries(plans)) expect({ key, small: text.length < 64_000 }).toEqual({ key, small: true });
  });
});

describe('the catalog names this generator writes into code', () => {
  it('are plain names and identifiers in every shipped entry', () => {
    expect(catalogNameProblems(CATALOG)).toEqual([]);
  });

  it('are refused when one could change the code written (a quote, a newline, an expression)', () => {
    const json = catalogEntry('json')!;
    const rfc2396 = catalogEntry('rfc2396')!;
    const bad = [
      { ...json, name: "json'); process.exit(1); ('" },
      { ...json, files: ['x.abnf\nrequire("child_process")'] },
      { ...rfc2396, data: { ...rfc2396.data!, compiled: 'A = 1; B' } },
      { ...rfc2396, data: { ...rfc2396.data!, module: '../../evil' } },
    ];
    for (const e of bad) expect(catalogNameProblems([e])).toHaveLength(1);
  });
});
