/**
 * Shared vectors: every case of test/vectors/valid.json (checked against its `rule`) and
 * test/vectors/ipv6.json (rule IPv6address). Each test is named after its input and the
 * peer file it came from (`source`). The corpus verdicts are the ABNF's (see its README).
 */
import * as fs from 'fs';
import * as path from 'path';
import { isValid, parseTree, validate, RULE_NAMES, type RuleName } from '../../src/index';
import { oracleTest } from '../oracles/rfc3986';

const CORPUS = path.join(__dirname, '..', 'vectors');
const load = <T>(file: string): T[] => JSON.parse(fs.readFileSync(path.join(CORPUS, file), 'utf8')) as T[];

interface Vector { input: string; rule?: string; valid: boolean; source: string }

const VALID = load<Vector>('valid.json');
const IPV6 = load<Vector>('ipv6.json').map((v) => ({ ...v, rule: 'IPv6address' }));

const cases = (vs: Vector[]) => vs.map((v) => [v.rule as RuleName, JSON.stringify(v.input), v.valid ? 'valid' : 'invalid', v.source, v] as const);

function check(rule: RuleName, v: Vector): void {
  expect(isValid(v.input, rule)).toBe(v.valid);
  const r = validate(v.input, rule);
  expect(r.ok).toBe(v.valid);
  if (v.valid) {
    const t = parseTree(v.input, rule);
    expect([t.rule, t.start, t.end]).toEqual([rule, 0, v.input.length]);
  } else if (!r.ok) {
    expect(r.error.index).toBeGreaterThanOrEqual(0);
    expect(r.error.index).toBeLessThanOrEqual(v.input.length);
  }
}

describe('corpus/valid.json', () => {
  it('has the documented number of cases, each with a known rule', () => {
    expect(VALID.length).toBe(819);
    for (const v of VALID) expect(RULE_NAMES).toContain(v.rule);
  });
  it.each(cases(VALID))('%s %s is %s (%s)', (rule, _shown, _verdict, _source, v) => check(rule, v));
});

describe('corpus/ipv6.json', () => {
  it('has the documented number of cases', () => expect(IPV6.length).toBe(633));
  it.each(cases(IPV6))('%s %s is %s (%s)', (rule, _shown, _verdict, _source, v) => check(rule, v));
});

describe('the test oracle agrees with the corpus', () => {
  it('on every case of valid.json and ipv6.json', () => {
    const wrong = [...VALID, ...IPV6].filter((v) => oracleTest(v.rule as string, v.input) !== v.valid);
    expect(wrong).toEqual([]);
  });
});
