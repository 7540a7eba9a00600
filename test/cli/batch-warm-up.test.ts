/**
 * src/cli/batch.ts `runBatch`: the warm-up of a batch's verdict before its first line (the lines
 * and what they print are another matter: test/cli/cli.test.ts, batchBrief.test.ts).
 */
import { runBatch, type BatchOptions } from '../../src/cli/batch';
import { driver } from '../../src/uri/rules';

function options(locate: (text: string, from: number, end: number) => number): BatchOptions {
  return {
    name: '-', rule: 'URI', json: false, all: false,
    check: () => ({ name: 'UriSyntaxError', input: '', rule: 'URI', index: 0, expected: [], message: 'no', summary: 'no' }),
    locate,
  };
}

describe('runBatch: the warm-up', () => {
  it('runs `locate` over inputs that take each way out of its loop before the first line, and prints what it would print without', async () => {
    const tables = driver.tableLocator('URI')!;
    const seen: string[] = [];
    const codes: number[] = [];
    const spy = (text: string, from: number, end: number) => {
      const code = tables(text, from, end);
      seen.push(text.slice(from, end));
      codes.push(code);
      return code;
    };
    const out: string[] = [];
    const count = await runBatch(['http://a/\nhttp://b c\n'], { out: (l) => out.push(l), err: () => undefined }, options(spy));
    expect(count).toEqual({ lines: 2, invalid: 1 });
    expect(out).toEqual(['-:2:1: no']);
    // the warm-up first: a match (to the end), a refusal, a character above ASCII
    expect(seen.slice(-2)).toEqual(['http://a/', 'http://b c']);
    const warm = codes.slice(0, -2);
    expect(warm.length).toBeGreaterThanOrEqual(3);
    expect(warm.some((c) => c < 0)).toBe(true);
    expect(warm.some((c) => c >= 0)).toBe(true);
    expect(seen.slice(0, -2).some((s) => /[^\x00-\x7f]/.test(s))).toBe(true);
  });
  it('no warm-up where every line is printed (--all: no `locate`)', async () => {
    let calls = 0;
    const o = { ...options(() => (calls++, -1)), all: true };
    await runBatch(['http://a/\n'], { out: () => undefined, err: () => undefined }, o);
    expect(calls).toBe(0);
  });
});
