/**
 * grammar/rfc2396.bnf is RFC 2396 Appendix A as the RFC writes it: its BNF lines equal the
 * seed's (test/spec/rfc2396.txt, the English text) line for line, indentation included,
 * and the Japanese seed's (test/spec/rfc2396-appendix-a-ja.txt) after runs of spaces are collapsed.
 */
import * as fs from 'fs';
import * as path from 'path';
import { RFC2396_BNF } from '../../src/generated/texts';

const ROOT = path.join(__dirname, '..', '..');
const SEEDS = path.join(ROOT, 'test', 'spec');

/** The non-blank lines of a BNF text that are not comments, trailing space removed. */
function bnfLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l !== '' && !/^\s*;/.test(l));
}

/** The lines of Appendix A in the English seed, between its heading and the next section rule. */
function seedLines(): string[] {
  const seed = fs.readFileSync(path.join(SEEDS, 'rfc2396.txt'), 'utf8');
  const from = seed.indexOf('\nA. Collected BNF for URI\n');
  const to = seed.indexOf('\n=====', from);
  if (from < 0 || to < 0) throw new Error('Appendix A not found in test/spec/rfc2396.txt');
  return bnfLines(seed.slice(from, to)).slice(1);
}

describe('grammar/rfc2396.bnf is RFC 2396 Appendix A as written', () => {
  const file = fs.readFileSync(path.join(ROOT, 'grammar', 'rfc2396.bnf'), 'utf8');
  const grammarLines = bnfLines(file);

  it('has the 53 BNF lines of Appendix A', () => {
    expect(grammarLines).toHaveLength(53);
  });

  it('equals the English seed line for line (indentation included)', () => {
    expect(grammarLines).toEqual(seedLines());
  });

  it('equals the Japanese seed (rfc2396-appendix-a-ja.txt) rule line for rule line, runs of spaces collapsed', () => {
    const name = 'rfc2396-appendix-a-ja.txt';
    expect(name).toBeDefined();
    const lines = bnfLines(fs.readFileSync(path.join(SEEDS, name!), 'utf8')).filter((l) => /^\s{4,}\S/.test(l));
    const squash = (ls: string[]) => ls.map((l) => l.trim().replace(/\s+/g, ' '));
    expect(squash(lines)).toEqual(squash(grammarLines));
  });

  it('keeps the RFC 2396 rule names (underscores, mixed case) and "|"', () => {
    const names = grammarLines.map((l) => /^\s*([A-Za-z][A-Za-z0-9_-]*)\s*=/.exec(l)?.[1]).filter(Boolean);
    expect(names).toHaveLength(40);
    for (const n of ['hier_part', 'net_path', 'opaque_part', 'uric_no_slash', 'rel_segment', 'reg_name', 'path_segments', 'IPv4address', 'URI-reference', 'absoluteURI', 'relativeURI'])
      expect(names).toContain(n);
    expect(grammarLines.join('\n')).not.toMatch(/ \/ /); // no ABNF "/" alternatives slipped in
  });
});
