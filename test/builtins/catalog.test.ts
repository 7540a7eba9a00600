/**
 * The catalog (src/builtins/catalog.ts) is the one list of shipped grammars: every grammar file
 * is an entry's text or named as not shipped; every entry is in the registry, the command line's
 * `--grammar`, the playground, the generated loaders and the CommonJS bundle's data; what an entry
 * says of its grammar (entry rule, kind, notation, probes, examples) is true; and a grammar with
 * no module of its own, made from its entry alone (`fromCatalog`), answers as the modules do.
 */
import * as fs from 'fs';
import * as path from 'path';
import { CATALOG, NOT_SHIPPED, catalogEntry, dataFiles, textConstant } from '../../src/builtins/catalog';
import { GRAMMAR_NAMES, fromCatalog, grammarByName } from '../../src/builtins/registry';
import * as TEXTS from '../../src/generated/texts';
import * as LOAD from '../../src/generated/load';
import { cliGrammar } from '../../src/cli/grammar';
import { run } from '../../src/cli';
import { EXAMPLES, loadGrammar } from '../../playground/grammars';
import { fromText, SHIPPED } from '../../scripts/generate-compiled';
import { rfc3987Grammar } from '../../src/iri/rfc3987';
import type { Grammar } from '../../src/engine/grammar/types';

const ROOT = path.join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { constName } = require(path.join(ROOT, 'scripts', 'grammar-texts.js')) as { constName(file: string): string };

describe('the grammar files', () => {
  const files = fs.readdirSync(path.join(ROOT, 'grammar')).filter((f) => /\.a?bnf$/.test(f)).sort();
  const used = new Set(CATALOG.flatMap((e) => e.files));

  it('are each the text of an entry, or named as not shipped with a reason', () => {
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expect({ f, listed: used.has(f) || (NOT_SHIPPED[f] ?? '').length > 10 }).toEqual({ f, listed: true });
  });
  it('named by the catalog exist, and a file named as not shipped is no entry\'s text', () => {
    for (const f of [...used, ...Object.keys(NOT_SHIPPED)]) expect({ f, exists: files.includes(f) }).toEqual({ f, exists: true });
    for (const f of Object.keys(NOT_SHIPPED)) expect({ f, used: used.has(f) }).toEqual({ f, used: false });
  });
  it('are each a constant of src/generated/texts.ts under the name the catalog gives it (scripts/grammar-texts.js names them)', () => {
    for (const f of files) {
      expect(textConstant(f)).toBe(constName(f));
      expect((TEXTS as Record<string, string>)[textConstant(f)]).toBe(fs.readFileSync(path.join(ROOT, 'grammar', f), 'utf8'));
    }
  });
});

describe('every entry', () => {
  it('has a name of its own, and the registry knows the catalog\'s names in its order, no more', () => {
    expect(new Set(CATALOG.map((e) => e.name)).size).toBe(CATALOG.length);
    expect(GRAMMAR_NAMES).toEqual(CATALOG.map((e) => e.name));
    expect(catalogEntry('rfc2396')!.files).toEqual(['rfc2396.bnf']);
    expect(catalogEntry('nope')).toBeUndefined();
    expect(() => grammarByName('nope')).toThrow(`expected one of ${CATALOG.map((e) => e.name).join(', ')}`);
  });

  describe.each(CATALOG.map((e) => [e.name, e] as const))('%s', (name, entry) => {
    const g = grammarByName(name);

    it('is a grammar of the registry, whose rules include its entry rule and its examples\' rules', () => {
      expect(g.name).toBe(name);
      expect(g.rules).toContain(entry.entry);
      for (const x of entry.examples) expect(g.rules).toContain(x.rule ?? entry.entry);
    });

    it('answers its probes: the valid one valid, the invalid one not', () => {
      expect(g.isValid(entry.probe.valid, entry.entry)).toBe(true);
      expect(g.isValid(entry.probe.invalid, entry.entry)).toBe(false);
    });

    it('says its kind, its notation and its text: compiled from them, it has rules that reach themselves exactly when recursive', () => {
      const fresh = fromText(entry);
      expect(fresh.rules).toEqual(g.rules);
      expect(fresh.rules.some((r) => fresh.reachesRecursion(r))).toBe(entry.kind === 'recursive');
      expect(entry.notation === 'rfc2396').toBe(entry.files.some((f) => f.endsWith('.bnf')));
      // Limits are a recursive grammar's: it is compiled again with them.
      expect(grammarByName(name, { maxNesting: 50 }) !== g).toBe(entry.kind === 'recursive');
    });

    it('has build-time data exactly when regular (a recursive one\'s is its text), which the loaders and the generated module carry', () => {
      expect(entry.data !== undefined).toBe(entry.kind === 'regular');
      if (!entry.data) {
        // A recursive grammar's data is its text, compiled on first use.
        expect(LOAD.shippedData(name)!.text!()).toBe(entry.files.map((f) => (TEXTS as Record<string, string>)[textConstant(f)]).join('\n'));
        return;
      }
      // eslint-disable-next-line @typescript-eslint/no-var-requires
      const generated = require(path.join(ROOT, 'src', 'generated', entry.data.module)) as Record<string, unknown>;
      expect(Object.keys(generated[entry.data.plans] as Record<string, string>).sort()).toEqual([...entry.data.planned].sort());
      const data = LOAD.shippedData(name)!;
      expect(data.text).toBeUndefined();
      expect(data.plans!(entry.data.planned[0])).toEqual(JSON.parse((generated[entry.data.plans] as Record<string, string>)[entry.data.planned[0]]));
      if (entry.data.compiled) {
        expect(data.compiled!()).toEqual(JSON.parse(generated[entry.data.compiled] as string));
        expect(SHIPPED.map((s) => s.name)).toContain(name);
      } else expect(data.compiled).toBeUndefined();
    });

    it('is offered by the command line\'s --grammar, which hides passwords in its errors exactly when it is a URI or IRI grammar', async () => {
      const c = cliGrammar(name);
      expect([c.name, c.grammar.rules, c.builtIn]).toEqual([name, g.rules, entry.uri]);
      const out: string[] = [];
      const status = await run(['validate', entry.probe.valid, '--grammar', name, '--rule', entry.entry], { out: (l) => out.push(l), err: () => undefined });
      expect([status, out]).toEqual([0, [`valid ${entry.entry}`]]);
    });

    it.each([[['--help']], [['validate', '--help']]])('is named in the command line\'s --max-nesting help (%j) exactly when recursive', async (argv) => {
      const out: string[] = [];
      await run(argv, { out: (l) => out.push(l), err: (l) => out.push(l) });
      const line = out.join('\n').split('\n').find((l) => l.includes('--max-nesting'));
      expect(line).toBeDefined();
      const named = /recursive grammars \(([^)]*)\)/.exec(line!)![1].split(', ');
      expect([name, named.includes(name)]).toEqual([name, entry.kind === 'recursive']);
    });

    it('is offered by the playground, with its examples', async () => {
      expect(await loadGrammar(name)).toBe(g);
      expect(EXAMPLES.get(name) ?? []).toEqual(entry.examples);
    });
  });

  it('of a URI or IRI grammar is marked so (the command line hides passwords in its errors): those whose entry rule is a URI or IRI reference', () => {
    for (const e of CATALOG) expect({ name: e.name, uri: e.uri }).toEqual({ name: e.name, uri: /^(URI|IRI)-reference$/.test(e.entry) });
    // The command line's list before the catalog, and RFC 3986 (the default, its own CliGrammar).
    expect(CATALOG.filter((e) => e.uri).map((e) => e.name)).toEqual(['rfc3986', 'rfc2396', 'rfc2732', 'rfc3987', 'rfc6874']);
  });
});

describe('the CommonJS bundle (npm run build)', () => {
  const data = path.join(ROOT, 'dist', 'cjs', 'data');

  it('carries each entry\'s build-time data, a file a compiled grammar and a folder of plans, no more', () => {
    if (!fs.existsSync(data)) throw new Error('no dist/cjs/data: run npm run build');
    const expected: string[] = [];
    for (const e of CATALOG.filter((x) => x.data)) {
      const [compiled, plans] = dataFiles(e.name);
      if (e.data!.compiled) expected.push(compiled);
      expected.push(plans);
      for (const rule of e.data!.planned) expect(fs.existsSync(path.join(data, plans, `${encodeURIComponent(rule)}.json`))).toBe(true);
    }
    expect(fs.readdirSync(data).sort()).toEqual(expected.sort());
  });
});

describe('a grammar made from its entry alone (fromCatalog: an entry with no module of its own)', () => {
  const inputs = ['http://a/b?c#d', 'http://[::1]/', 'http://[fe80::1%25en0]/x', 'http://a b', 'mailto:x@y', '//h/p', 'http://例え.テスト/', '',
    '{"a":[1,{"b":null}]}', '[1,]', 'pete(a (b) c)@silly.test', '"x y"@z', 'a = "b"\r\n', 'a = \r\n'];
  const same = (made: Grammar, module: Grammar, rule: string) => {
    for (const s of inputs) {
      const [a, b] = [made.validate(s, rule), module.validate(s, rule)];
      expect({ s, ok: a.ok, error: a.ok ? undefined : [a.error.message, a.error.expected] })
        .toEqual({ s, ok: b.ok, error: b.ok ? undefined : [b.error.message, b.error.expected] });
      if (a.ok) expect(made.parseTree(s, rule)).toEqual(module.parseTree(s, rule));
    }
  };

  it.each(SHIPPED.map((s) => [s.name]))('%s from its build-time data answers as its module does', (name) => {
    const entry = catalogEntry(name)!;
    same(fromCatalog(entry), name === 'rfc3987' ? rfc3987Grammar() : grammarByName(name), entry.entry);
  });

  it.each(CATALOG.filter((e) => e.kind === 'recursive').map((e) => [e.name]))('%s compiled from its text answers as its module does, and says where its limits are raised', (name) => {
    const entry = catalogEntry(name)!;
    same(fromCatalog(entry), grammarByName(name), entry.entry);
    const deep = '['.repeat(40) + ']'.repeat(40);
    const [made, module] = [fromCatalog(entry, { maxNesting: 10 }), grammarByName(name, { maxNesting: 10 })];
    if (name === 'json') {
      expect(() => made.isValid(deep, 'JSON-text')).toThrow(/grammarByName\('json', \{ maxNesting \}\)/);
      expect(() => made.isValid(deep, 'JSON-text')).toThrow((() => { try { module.isValid(deep, 'JSON-text'); } catch (e) { return (e as Error).message; } return 'no error'; })());
    }
  });
});
