/**
 * src/generated/rfc3986Tables.ts holds each rule's minimized DFA, computed ahead of time from
 * the grammar. It must be exactly what scripts/generate-tables.ts computes from today's grammar
 * and engine (else run `npm run generate`), and the driver must give the same verdicts and the
 * same errors with it as the automaton built on first use.
 */
import * as fs from 'fs';
import * as path from 'path';
import { tablesModuleText, GENERATED_FILE } from '../../scripts/generate-tables';
import { driver, LABEL_RULES } from '../../src/uri/rules';
import { RFC3986_TABLES } from '../../src/generated/rfc3986Tables';
import { Automaton } from '../../src/engine/automata/automaton';
import { rfc3986Rules, RULE_NAMES, LEXICAL_RULES, type RuleName } from '../../src/generated/rfc3986Rules';
import { Driver } from '../../src/engine/grammar/driver';
import { parse } from '../../src/uri/components';
import { resolve } from '../../src/uri/resolve';
import { normalize } from '../../src/uri/normalize';

const lines = fs.readFileSync(path.join(__dirname, '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 2000);

/** Inputs for every rule: whole URLs, the pieces between their delimiters, and damaged ones. */
const samples = (() => {
  const out = new Set<string>(['', '/', ':', '/a//b', '::1', '1:2:3:4:5:6:7:8', 'fe80::1:2.3.4.5', '::ffff:1.2.3.4', 'http://a b', '1.2.3.4', '01.2.3.4', '[::1]', '[v1.x]', '[::1', 'a:b', '%', '%4', '%41', 'é', '\ud800', 'a😀']);
  for (const l of lines) {
    out.add(l);
    for (const piece of l.split(/[/?#@]/)) out.add(piece);
    const colon = l.indexOf(':');
    if (colon > 0) out.add(l.slice(colon + 1));
    out.add(l.replace(/[a-z]/, ' '));
    out.add(l.slice(0, Math.floor(l.length / 2)));
  }
  return [...out];
})();

describe('src/generated/rfc3986Tables.ts', () => {
  it('is what `npm run generate` writes from the current grammar (regenerate if this fails)', () => {
    const committed = fs.readFileSync(path.join(__dirname, '..', '..', 'src', 'generated', 'rfc3986Tables.ts'), 'utf8');
    expect(path.basename(GENERATED_FILE)).toBe('rfc3986Tables.ts');
    expect(tablesModuleText()).toBe(committed);
  });

  it('is what the driver uses, a DFA for every rule', () => {
    expect(driver.tables).toBe(RFC3986_TABLES);
    expect(Object.keys(RFC3986_TABLES.starts).sort()).toEqual([...RULE_NAMES].sort());
  });

  it.each([...RULE_NAMES])('%s: the same verdict, error offset and expected as the automaton built on first use', (rule) => {
    const automaton = new Automaton(rfc3986Rules, rule, LABEL_RULES);
    let accepted = 0;
    for (const s of samples) {
      const v = automaton.run(s);
      expect({ s, v: driver.verdict(s, rule) }).toEqual({ s, v });
      expect({ s, ok: driver.test(s, rule) }).toEqual({ s, ok: v.ok });
      if (v.ok) accepted++;
    }
    expect(accepted).toBeGreaterThan(0); // each rule sees inputs it accepts, not only failures
  });

  it('hands a hot rule to its RegExp (hotCharacters), with the same verdicts before and after', () => {
    const d = new Driver<RuleName>(rfc3986Rules, LABEL_RULES, undefined, { tables: RFC3986_TABLES, regexps: true });
    d.hotCharacters = 500;
    const compiled = jest.spyOn(d as unknown as { regexp(rule: string): RegExp }, 'regexp');
    for (const rule of ['URI-reference', 'URI', 'host', 'IPv6address', 'path-abempty'] as const) {
      const automaton = new Automaton(rfc3986Rules, rule, LABEL_RULES);
      const t = d.tester(rule);
      for (const s of samples) expect({ rule, s, ok: t(s) }).toEqual({ rule, s, ok: automaton.test(s) });
      expect(compiled).toHaveBeenLastCalledWith(rule);
    }
    expect(compiled).toHaveBeenCalledTimes(5);
  });

  it('parse, resolve and normalize work through it (a hand-checked case each)', () => {
    expect(parse('http://u@[::1]:80/p?q#f')).toEqual({
      scheme: 'http', authority: 'u@[::1]:80', userinfo: 'u', host: '[::1]', port: '80', path: '/p', query: 'q', fragment: 'f', hostKind: 'IPv6address',
    });
    expect(resolve('http://a/b/c/d;p?q', '../g')).toBe('http://a/b/g');
    expect(normalize('HTTP://A/./%7e')).toBe('http://a/~');
  });
});
