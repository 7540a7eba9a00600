/**
 * uri-grammar/lite gives the main package's answers: the same verdict for all 36 rules, the same
 * components, the same TypeErrors, and a syntax error with the same name, offset and first
 * message line, on every line of test/vectors/real-urls.txt, every string of the corpus files
 * in test/vectors, and hand-picked edge cases. (Generated inputs: properties.test.ts; long
 * ones: linear.test.ts.)
 */
import * as fs from 'fs';
import * as path from 'path';
import * as main from '../../src/index';
import * as lite from '../../src/lite/index';
import { verdictMismatches, parseMismatches, outcome } from './compare';

const VECTORS = path.join(__dirname, '..', 'vectors');
const REAL = fs.readFileSync(path.join(VECTORS, 'real-urls.txt'), 'utf8').split('\n');

/** Every string value of every JSON file of test/vectors (the JSON parsing suite aside: its files are JSON tests, not URIs). */
function corpusStrings(): string[] {
  const out = new Set<string>();
  const collect = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  const visit = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory() && e.name !== 'jsontestsuite') visit(path.join(dir, e.name));
      else if (e.name.endsWith('.json')) collect(JSON.parse(fs.readFileSync(path.join(dir, e.name), 'utf8')));
    }
  };
  visit(VECTORS);
  return [...out];
}

/** A string, the pieces between its delimiters, and copies damaged in a few fixed ways. */
function variants(s: string): string[] {
  const out = [s, ...s.split(/[/?#@[\]]/), s.replace(/[a-z]/, ' '), s.replace(/%/, '%g'), s.slice(0, s.length >> 1), s + '%', s + ']', '//' + s];
  const colon = s.indexOf(':');
  if (colon > 0) out.push(s.slice(colon + 1), s.slice(colon + 3));
  return out;
}

const EDGES = [
  '', ' ', '/', '//', '///', ':', '?', '#', '%', '%4', '%41', '%zz', 'a:', 'a:b', '1a:b', 'a+b.c-d:', 'é', '\ud800', 'a😀', 'a\nb', 'a\u0000',
  'http://a b', 'http://[::1', 'http://[::1]', 'http://[::1]:80', 'http://[::1]x', 'http://[v1.x]', 'http://[V1F.:a]', 'http://[v.x]', 'http://[vg.x]',
  'http://[::1]]', 'http://[[::1]]', 'http://u@[::1]@x', '//[1:2:3:4:5:6:7:8]', '//[1:2:3:4:5:6:7:8:9]', '//[::ffff:1.2.3.4]', '//[::ffff:1.2.3.256]',
  '//1.2.3.4', '//01.2.3.4', '//1.2.3.4.5', '//256.1.1.1', '//u:p@h:8/p?q#f', '//h:', '//h:x', '?q', '#f', 'a/b:c', './a:b', 'mailto:a@b', 'urn:a:b',
  '::', '::1', '1::', '1:2:3:4:5:6:7::', '::2:3:4:5:6:7:8', '1:2:3:4:5:6:1.2.3.4', '1::1.2.3.4', ':::', '1:::2', 'fe80::1%25en0', '[::1]',
];

describe('verdicts: all 36 rules', () => {
  it('every line of test/vectors/real-urls.txt', () => {
    expect(REAL.length).toBeGreaterThan(90_000);
    expect(verdictMismatches(REAL)).toEqual([]);
  });

  it('every string of the corpus files in test/vectors, and pieces and damaged copies of them', () => {
    const strings = corpusStrings();
    expect(strings.length).toBeGreaterThan(2000);
    const inputs = new Set(strings.flatMap(variants));
    // Both verdicts occur for every rule, so agreeing is not agreeing on one answer.
    for (const rule of main.RULE_NAMES) {
      const verdicts = new Set([...inputs].map((s) => main.isValid(s, rule)));
      expect([rule, verdicts.size]).toEqual([rule, 2]);
    }
    expect(verdictMismatches(inputs)).toEqual([]);
  });

  it('edge cases', () => {
    expect(verdictMismatches(EDGES.flatMap(variants))).toEqual([]);
  });
});

describe('parse: components and errors', () => {
  it('every line of test/vectors/real-urls.txt', () => {
    expect(parseMismatches(REAL)).toEqual([]);
  });

  it('every string of the corpus files, pieces and damaged copies (so many errors)', () => {
    const inputs = new Set(corpusStrings().flatMap(variants));
    const errors = [...inputs].filter((s) => !main.isValid(s));
    expect(errors.length).toBeGreaterThan(1000);
    expect(parseMismatches(inputs)).toEqual([]);
  });

  it('edge cases', () => {
    expect(parseMismatches(EDGES.flatMap(variants))).toEqual([]);
  });

  it('the error: a SyntaxError named UriSyntaxError with input, rule, the offset and the first line of the main message', () => {
    let e: unknown;
    try { lite.parse('http://a b/', 'URI'); } catch (x) { e = x; }
    expect(e).toBeInstanceOf(lite.UriSyntaxError);
    expect(e).toBeInstanceOf(SyntaxError);
    const err = e as lite.UriSyntaxError;
    expect([err.name, err.input, err.rule, err.index, err.message]).toEqual(['UriSyntaxError', 'http://a b/', 'URI', 8, 'not a valid URI: at offset 8, found " "']);
    // What it leaves out, on purpose (docs/lite.md): the expected list and the caret lines.
    expect('expected' in err).toBe(false);
    expect(err.message).not.toContain('\n');
    expect(outcome(main.parse, 'http://[::g]/', 'URI')).toEqual(outcome(lite.parse, 'http://[::g]/', 'URI'));
    expect(outcome(lite.parse, 'a\\b', 'URI-reference')).toMatchObject({ error: { index: 1, firstLine: 'not a valid URI-reference: at offset 1, found "\\\\"' } });
    expect(outcome(lite.parse, 'x:"', 'URI')).toMatchObject({ error: { index: 2, firstLine: 'not a valid URI: at offset 2, found "\\""' } });
    expect(outcome(lite.parse, 'x:\u00e9\u4e2d', 'URI')).toMatchObject({ error: { index: 2, firstLine: 'not a valid URI: at offset 2, found "é"' } });
    expect(outcome(lite.parse, 'http://[::1', 'URI')).toMatchObject({ error: { index: 11, firstLine: 'not a valid URI: at offset 11, found the end of input' } });
  });
});

describe('arguments: the same TypeErrors, the same rule names', () => {
  const thrown = (f: () => unknown): unknown => {
    try {
      return ['returned', f()];
    } catch (e) {
      return [(e as Error).constructor.name, (e as Error).message];
    }
  };
  const INPUTS: unknown[] = ['http://a/', 'a b', 42, null, undefined, [], {}, true, Symbol('s'), new String('x')];
  const RULES: unknown[] = [undefined, 'URI', 'uri', 'Uri-Reference', 'IPV6ADDRESS', 'ipv4address', 'nope', '', 'constructor', '__proto__', 'toString', ' URI', 42, null, {}, ['URI']];

  it('isValid', () => {
    for (const input of INPUTS) {
      for (const rule of RULES) {
        const call = (f: typeof main.isValid) => thrown(() => f(input as string, rule as main.RuleName));
        expect([input, rule, call(lite.isValid)]).toEqual([input, rule, call(main.isValid)]);
      }
    }
    expect(thrown(() => lite.isValid('1.2.3.4', 'ipv4ADDRESS' as main.RuleName))).toEqual(['returned', true]);
    expect(thrown(() => lite.isValid('x', 'nope' as main.RuleName))).toEqual(['TypeError', 'isValid: argument "rule" must be one of RULE_NAMES, got "nope"']);
  });

  it('parse (component rules only, in any case, as in the main package)', () => {
    for (const input of INPUTS) {
      for (const rule of [...RULES, 'absolute-URI', 'relative-ref', 'URI-reference', 'host']) {
        const call = (f: typeof main.parse) => {
          const r = thrown(() => f(input as string, rule as main.ComponentRule));
          return Array.isArray(r) && r[0] === 'returned' ? r : Array.isArray(r) && r[0] !== 'TypeError' ? ['error', (r[1] as string).split('\n')[0]] : r;
        };
        expect([input, rule, call(lite.parse)]).toEqual([input, rule, call(main.parse)]);
      }
    }
    expect(thrown(() => lite.parse('x', 'host' as main.ComponentRule))).toEqual(['TypeError', 'parse: argument "rule" must be one of URI, URI-reference, absolute-URI, relative-ref, got "host"']);
  });
});
