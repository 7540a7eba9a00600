/**
 * src/generated/liteRegexps.ts is what scripts/generate-lite.ts writes from today's
 * grammar/rfc3986.abnf (else run `npm run generate`), and has the shape src/lite/ relies on.
 */
import * as fs from 'fs';
import { liteFile, liteModuleText, DEFERRED_RULE } from '../../scripts/generate-lite';
import { ruleSources, prefixSources, DEFERRED } from '../../src/generated/liteRegexps';
import { RULE_NAMES } from '../../src/index';

test('the generated file is current', () => {
  expect(fs.readFileSync(liteFile(), 'utf8')).toBe(liteModuleText());
});

test('a source for each of the 36 rules, under its ABNF name, each a RegExp', () => {
  const r = ruleSources();
  expect(Object.keys(r)).toEqual([...RULE_NAMES]);
  for (const rule of RULE_NAMES) expect(() => new RegExp(`^(?:${r[rule]})$`)).not.toThrow();
});

test('IPv6address is deferred in exactly the rules that hold an IP-literal, and written out in its own', () => {
  expect([...DEFERRED].sort()).toEqual(['IP-literal', 'URI', 'URI-reference', 'absolute-URI', 'authority', 'hier-part', 'host', 'relative-part', 'relative-ref'].sort());
  expect(DEFERRED).not.toContain(DEFERRED_RULE);
  const r = ruleSources();
  // The deferred form takes any run of IPv6address's characters; the rule's own source does not.
  expect(new RegExp(`^(?:${r['IP-literal']})$`).test('[1:2:3:4:5:6:7:8:9]')).toBe(true);
  expect(new RegExp(`^(?:${r.IPv6address})$`).test('1:2:3:4:5:6:7:8:9')).toBe(false);
  expect(new RegExp(`^(?:${r.IPv6address})$`).test('1:2:3:4:5:6:7:8')).toBe(true);
});

test('prefix sources for the four component rules and IP-literal', () => {
  const p = prefixSources(ruleSources());
  expect(Object.keys(p).sort()).toEqual(['IP-literal', 'URI', 'URI-reference', 'absolute-URI', 'relative-ref']);
  const prefixOf = (rule: string, s: string) => new RegExp(`^(?:${p[rule]})$`).test(s);
  // Every prefix of a valid URI, and nothing past the first character that no URI can have there.
  const uri = 'http://u@[v1.x]:8/a?q#f';
  for (let k = 0; k <= uri.length; k++) expect([k, prefixOf('URI', uri.slice(0, k))]).toEqual([k, true]);
  expect(prefixOf('URI', 'http://a b')).toBe(false);
  expect(prefixOf('URI', '1')).toBe(false);
  expect(prefixOf('IP-literal', '[::1')).toBe(true);
  expect(prefixOf('IP-literal', '[::1::')).toBe(false);
  expect(prefixOf('IP-literal', '[::1]x')).toBe(false);
});
