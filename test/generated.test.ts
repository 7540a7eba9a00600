/**
 * src/generated/rfc3986Derived.ts holds RegExp sources derived ahead of time from the grammar.
 * It must be exactly what scripts/generate-derived.ts derives from today's grammar and engine
 * (else run `npm run generate`), and the driver must give the same answers with and without it.
 */
import * as fs from 'fs';
import { derivedModuleText, GENERATED_FILE } from '../scripts/generate-derived';
import { driver } from '../src/grammar';
import { RFC3986_CAPTURERS, RFC3986_TESTERS } from '../src/generated/rfc3986Derived';
import { Driver } from '../src/engine/driver';
import { rfc3986, LEXICAL_RULES } from '../grammar/rfc3986';
import { parse } from '../src/components';
import { resolve } from '../src/resolve';
import { normalize } from '../src/normalize';
import * as path from 'path';

describe('src/generated/rfc3986Derived.ts', () => {
  it('is what `npm run generate` writes from the current grammar (regenerate if this fails)', () => {
    const committed = fs.readFileSync(path.join(__dirname, '..', 'src', 'generated', 'rfc3986Derived.ts'), 'utf8');
    expect(path.basename(GENERATED_FILE)).toBe('rfc3986Derived.ts');
    expect(derivedModuleText()).toBe(committed);
  });

  it('is what the driver uses, for the rules the public functions ask first', () => {
    expect(driver.derived?.testers).toBe(RFC3986_TESTERS);
    expect(Object.keys(RFC3986_TESTERS)).toEqual(expect.arrayContaining(['URI-reference', 'URI', 'IPv4address']));
    expect(Object.keys(RFC3986_CAPTURERS).length).toBeGreaterThanOrEqual(4);
  });

  it('gives the same verdicts as the forms derived on first use (on the real URLs)', () => {
    const lazy = new Driver(rfc3986, LEXICAL_RULES, new Set<string>());
    const lines = fs.readFileSync(path.join(__dirname, 'vectors', 'real-urls.txt'), 'utf8').split('\n').slice(0, 3000);
    for (const rule of Object.keys(RFC3986_TESTERS) as Array<keyof typeof rfc3986>) {
      const a = driver.tester(rule);
      const b = lazy.tester(rule);
      for (const l of [...lines, 'http://a b', '1.2.3.4', '01.2.3.4']) expect([rule, l, a(l)]).toEqual([rule, l, b(l)]);
    }
  });

  it('parse, resolve and normalize read components through it (a hand-checked case each)', () => {
    expect(parse('http://u@[::1]:80/p?q#f')).toEqual({
      scheme: 'http', authority: 'u@[::1]:80', userinfo: 'u', host: '[::1]', port: '80', path: '/p', query: 'q', fragment: 'f', hostKind: 'IPv6address',
    });
    expect(resolve('http://a/b/c/d;p?q', '../g')).toBe('http://a/b/g');
    expect(normalize('HTTP://A/./%7e')).toBe('http://a/~');
  });
});
