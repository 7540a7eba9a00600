/**
 * src/generated/rfc3986Rules.ts, the RFC 3986 grammar module, is generated from grammar/rfc3986.abnf
 * (scripts/generate-grammar.ts): it must be exactly what the script writes from today's text and
 * reader (else run `npm run generate`), its expressions exactly what the engine reads in the
 * text, and nothing in the library's sources may add to the ABNF what the ABNF does not have (a
 * PEG guard: a lookahead, an end-of-input test, a reordered choice).
 */
import * as fs from 'fs';
import * as path from 'path';
import { grammarModuleText, GRAMMAR_FILE } from '../../scripts/generate-grammar';
import { readGrammar } from '../../src/engine/text/abnf';
import type { Expr } from '../../src/engine/expr';
import { CHILD_RULES, RULE_NAMES, rfc3986Rules } from '../../src/generated/rfc3986Rules';
import { RFC3986_ABNF } from '../../src/generated/texts';

const root = path.join(__dirname, '..', '..');

/** An expression as plain data (character sets as their members). */
const plain = (e: Expr): unknown => JSON.parse(JSON.stringify(e, (_k, v) => (v instanceof Uint8Array ? [...v.keys()].filter((c) => v[c]) : v)));

describe('src/generated/rfc3986Rules.ts', () => {
  it('is what `npm run generate` writes from grammar/rfc3986.abnf (regenerate if this fails)', () => {
    expect(path.relative(root, GRAMMAR_FILE)).toBe(path.join('src', 'generated', 'rfc3986Rules.ts'));
    expect(grammarModuleText()).toBe(fs.readFileSync(GRAMMAR_FILE, 'utf8'));
  });

  it('holds, rule for rule, what the engine reads in the text', () => {
    const read = readGrammar(RFC3986_ABNF);
    expect([...RULE_NAMES]).toEqual(read.names);
    for (const name of RULE_NAMES) expect({ name, e: plain(rfc3986Rules[name]) }).toEqual({ name, e: plain(read.rules[name]) });
  });

  it('holds no copy of the ABNF: grammar/rfc3986.abnf is the one copy (test/docs/layout.test.ts)', () => {
    const text = fs.readFileSync(GRAMMAR_FILE, 'utf8');
    const read = readGrammar(RFC3986_ABNF);
    for (const name of RULE_NAMES) {
      const first = read.texts.get(name)!.split('\n')[0];
      expect({ name, quoted: text.includes(first) }).toEqual({ name, quoted: false });
    }
  });

  it('changes when the text changes (the check can fail)', () => {
    const changed = RFC3986_ABNF.replace('port          = *DIGIT', 'port          = 1*DIGIT');
    expect(changed).not.toBe(RFC3986_ABNF);
    expect(grammarModuleText(changed)).not.toBe(grammarModuleText());
  });

  it('has child-rule tables that follow the grammar (a rule left out of CHILD_RULES would be wrong)', () => {
    expect(CHILD_RULES.authority).toEqual(['userinfo', 'host', 'port']);
    expect(CHILD_RULES.ls32).toEqual(['h16', 'IPv4address']);
    expect(CHILD_RULES.IPv6address).toEqual(['h16', 'ls32', 'IPv4address']);
  });
});

describe('no PEG guard in the library', () => {
  // The guards a person once wrote into the RFC 3986 module (kept in test/oracles/rfc3986Peg.ts,
  // the tests' independent PEG reading) must not come back anywhere the library runs.
  const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? files(p) : /\.ts$/.test(d.name) && d.name !== 'texts.ts' ? [p] : [];
  });
  it.each(['src'])('%s/ has no notFollowedBy, endOfInput or guard expression', (dir) => {
    const hits: string[] = [];
    for (const f of files(path.join(root, dir))) {
      const text = fs.readFileSync(f, 'utf8');
      if (/notFollowedBy|endOfInput|t: 'guard'|case 'guard'/.test(text)) hits.push(path.relative(root, f));
    }
    expect(hits).toEqual([]);
  });
});
