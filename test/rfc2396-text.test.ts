/**
 * grammar/rfc2396.bnf is RFC 2396 Appendix A as the RFC writes it: its BNF lines equal the
 * seed's, line for line (test/vectors/rfc2396-appendix-a.txt is the in-repo copy of the seed's
 * Appendix A; when ../shared is beside the clone, the copy is checked against the seeds too).
 */
import * as fs from 'fs';
import * as path from 'path';
import { RFC2396_BNF } from '../grammar/rfc2396-bnf';

const ROOT = path.join(__dirname, '..');
const SEEDS = path.join(ROOT, '..', 'shared', 'seeds');

/** The non-blank lines of a BNF text that are not comments, trailing space removed. */
function bnfLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l !== '' && !/^\s*;/.test(l));
}

function vectorLines(): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'test', 'vectors', 'rfc2396-appendix-a.txt'), 'utf8');
  const at = text.indexOf('-----8<-----\n');
  if (at < 0) throw new Error('marker line missing in rfc2396-appendix-a.txt');
  return bnfLines(text.slice(at + 13)).filter((l) => l !== 'A. Collected BNF for URI');
}

describe('grammar/rfc2396.bnf is RFC 2396 Appendix A as written', () => {
  const grammarLines = bnfLines(fs.readFileSync(path.join(ROOT, 'grammar', 'rfc2396.bnf'), 'utf8'));

  it('has the 53 BNF lines of Appendix A', () => {
    expect(grammarLines).toHaveLength(53);
  });

  it('equals the copied Appendix A line for line (indentation included)', () => {
    expect(grammarLines).toEqual(vectorLines());
  });

  it('keeps the RFC 2396 rule names (underscores, mixed case) and "|"', () => {
    const names = grammarLines.map((l) => /^\s*([A-Za-z][A-Za-z0-9_-]*)\s*=/.exec(l)?.[1]).filter(Boolean);
    expect(names).toHaveLength(40);
    for (const n of ['hier_part', 'net_path', 'opaque_part', 'uric_no_slash', 'rel_segment', 'reg_name', 'path_segments', 'IPv4address', 'URI-reference', 'absoluteURI', 'relativeURI'])
      expect(names).toContain(n);
    expect(grammarLines.join('\n')).not.toMatch(/ \/ /); // no ABNF "/" alternatives slipped in
  });

  it('grammar/rfc2396-bnf.ts embeds the file byte for byte', () => {
    expect(RFC2396_BNF).toBe(fs.readFileSync(path.join(ROOT, 'grammar', 'rfc2396.bnf'), 'utf8'));
  });

  // The seeds live in ../shared beside the clone; a clone alone has only the copy above.
  const withSeeds = fs.existsSync(SEEDS) ? it : it.skip;

  withSeeds('the copy equals the English seed (../shared/seeds/rfc2396.txt)', () => {
    const seed = fs.readFileSync(path.join(SEEDS, 'rfc2396.txt'), 'utf8');
    const from = seed.indexOf('\nA. Collected BNF for URI\n');
    const to = seed.indexOf('\n=====', from);
    expect(from).toBeGreaterThan(0);
    expect(bnfLines(seed.slice(from, to)).slice(1)).toEqual(vectorLines());
  });

  withSeeds('the Japanese seed (004_*.txt) has the same 53 rule lines, runs of spaces collapsed', () => {
    const file = fs.readdirSync(SEEDS).find((f) => f.startsWith('004_'));
    expect(file).toBeDefined();
    const text = fs.readFileSync(path.join(SEEDS, file!), 'utf8');
    const squash = (ls: string[]) => ls.map((l) => l.trim().replace(/\s+/g, ' '));
    const lines = bnfLines(text).filter((l) => /^\s{4,}\S/.test(l));
    expect(squash(lines)).toEqual(squash(grammarLines));
  });
});
