/**
 * The batch's plain output (`validate --file`, src/cli/batch.ts) takes a short path for each
 * invalid line: the tables say where the line stopped (`Driver.tableLocator`), and the line is
 * written from that offset, the state's `expected` list and the hint's text (`briefError`, and for
 * a line with an "@" `briefWithPassword` in src/cli/grammar.ts), without making the error. Held
 * here to the full path line for line: the same batch with `--json` makes each error whole
 * (password hidden), and `FILE:LINE:COLUMN: summary` built from its object must be the plain line.
 */
import fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import { run } from '../../src/cli';
import { column, oneLine } from '../../src/cli/batch';

const real = fs.readFileSync(path.join(__dirname, '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean);
const withAt = real.filter((l) => l.includes('@')).slice(0, 400);
const TYPOS = [' ', '<', '>', '"', '{', '}', '|', '\\', '^', '`', '%', '[', ']', '#', '@', ':', '/', '\u00e9', '\t', '\u{1F600}'];

async function batch(lines: string[], ...flags: string[]): Promise<string[]> {
  const out: string[] = [];
  const { Readable } = await import('stream');
  await run(['validate', ...flags], { out: (l) => out.push(l), err: () => undefined, stdin: Readable.from([lines.join('\n') + '\n']) });
  return out;
}

/** The plain lines the full path gives: from `--json`'s objects (column, and the message on one line). */
async function full(lines: string[], ...flags: string[]): Promise<string[]> {
  return (await batch(lines, '--json', ...flags)).map((l) => {
    const o = JSON.parse(l) as { line: number; column: number; message: string };
    return `-:${o.line}:${o.column}: ${oneLine(o.message)}`;
  });
}

const typo = (s: string, at: number, t: string) => s.slice(0, at % (s.length + 1)) + t + s.slice(at % (s.length + 1));

describe('the batch\'s brief lines = the full path\'s', () => {
  it('real URIs with an "@" (userinfo, passwords) and a typo inserted (seeded), as URI-reference, URI and authority', async () => {
    const cases = fc.sample(fc.tuple(fc.constantFrom(...withAt), fc.nat(), fc.constantFrom(...TYPOS)), { seed: 20261127, numRuns: 1200 });
    const lines = cases.map(([s, at, t]) => typo(s, at, t));
    lines.push('http://user:p@ss@host/ x', 'http://u:pw@h/a b', 'http://u:p w@h/', 'http://u@h/ x', '//u:pw@h/{', 'a@b c', 'http://u:@h/ ', 'x://:pw@h/<');
    for (const rule of ['URI-reference', 'URI', 'authority']) {
      const plain = await batch(lines, '--rule', rule);
      expect(plain.length).toBeGreaterThan(rule === 'authority' ? 1000 : 600);
      expect(plain).toEqual(await full(lines, '--rule', rule));
    }
  });

  it('real URIs with a typo, every line (seeded)', async () => {
    const cases = fc.sample(fc.tuple(fc.constantFrom(...real.slice(0, 5000)), fc.nat(), fc.constantFrom(...TYPOS)), { seed: 1127, numRuns: 3000 });
    const lines = cases.map(([s, at, t]) => typo(s, at, t));
    const plain = await batch(lines);
    expect(plain.length).toBeGreaterThan(2000);
    expect(plain).toEqual(await full(lines));
  });

  it('no password reaches a brief line', async () => {
    const plain = await batch(['http://user:s3cr3t@h/ x', 'http://user:s3cr3t@@h/', 'http://u:s3cr3t x@h/']);
    expect(plain).toHaveLength(3);
    for (const l of plain) expect(l).not.toContain('s3cr3t');
  });
});

describe('column', () => {
  it('counts code points up to the offset (random text with surrogates, seeded)', () => {
    const slow = (text: string, index: number) => {
      let col = 1;
      for (let i = 0; i < index && i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < index && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
        col++;
      }
      return col;
    };
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', '\ud83d', '\ude00', '\u00e9', '\ud83d\ude00'), maxLength: 12 }), fc.nat(14), (text, index) => {
      expect(column(text, index)).toBe(slow(text, index));
    }), { seed: 77, numRuns: 3000 });
  });
});
