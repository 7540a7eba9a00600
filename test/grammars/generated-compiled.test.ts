/**
 * src/generated/rfc2396Compiled.ts, rfc2732Compiled.ts, rfc6874Compiled.ts: the shipped grammars
 * loaded from their text, compiled at build time (scripts/generate-compiled.ts). Each must be
 * what the script writes from today's text and engine (else run `npm run generate`), and the
 * grammar made from it must answer as the text compiled now does.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compiledModuleText, generatedFile, SHIPPED } from '../../scripts/generate-compiled';
import { grammarByName } from '../../src/index';

const lines = fs.readFileSync(path.join(__dirname, '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 300);
const inputs = [...lines, ...lines.slice(0, 60).map((l) => l.replace(/[a-z]/, '[')), 'http://[::1%25eth0]/', 'http://[fe80::1]/', '//a:1/b;p?q', ''];
const names: Record<string, string> = { 'rfc2396Compiled.ts': 'rfc2396', 'rfc2732Compiled.ts': 'rfc2732', 'rfc6874Compiled.ts': 'rfc6874' };

describe.each(SHIPPED.map((e) => [e.file, e] as const))('src/generated/%s', (file, entry) => {
  it('is what `npm run generate` writes (regenerate if this fails)', () => {
    expect(compiledModuleText(entry)).toBe(fs.readFileSync(generatedFile(file), 'utf8'));
  });
  it('gives a grammar that answers as its text compiled now', () => {
    const shipped = grammarByName(names[file]);
    const fresh = entry.grammar();
    expect(shipped.rules).toEqual(fresh.rules);
    for (const s of inputs) {
      const a = shipped.validate(s, 'URI-reference');
      const b = fresh.validate(s, 'URI-reference');
      expect({ s, ok: a.ok, index: a.ok ? -1 : a.error.index, expected: a.ok ? [] : a.error.expected })
        .toEqual({ s, ok: b.ok, index: b.ok ? -1 : b.error.index, expected: b.ok ? [] : b.error.expected });
      if (a.ok) expect(shipped.parseTree(s, 'URI-reference')).toEqual(fresh.parseTree(s, 'URI-reference'));
    }
  });
});
