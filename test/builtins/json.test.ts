/**
 * RFC 8259's JSON grammar (grammar/json.abnf, `grammarByName('json')`) on JSONTestSuite's
 * parsing files (test/vectors/jsontestsuite: nst/JSONTestSuite, MIT): every y_ file accepted,
 * every n_ file refused. A grammar reads text, so each file is decoded as strict UTF-8 first; the
 * n_ files refused by that decoding, or by the nesting limit, and not by the grammar, are listed
 * here by design (RFC 8259 8.1 asks for UTF-8; section 9 lets a parser limit nesting).
 */
import * as fs from 'fs';
import * as path from 'path';
import { grammarByName } from '../../src/index';
import { NestingLimitError } from '../../src/engine/recursive/ends';

const DIR = path.join(__dirname, '..', 'vectors', 'jsontestsuite', 'test_parsing');
const json = grammarByName('json');
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Not refused by the grammar but before it: the file is not UTF-8, or nests past the limit. */
const NOT_UTF8 = [
  'n_array_a_invalid_utf8.json', 'n_array_invalid_utf8.json', 'n_number_invalid-utf-8-in-bigger-int.json',
  'n_number_invalid-utf-8-in-exponent.json', 'n_number_invalid-utf-8-in-int.json', 'n_number_real_with_invalid_utf8_after_e.json',
  'n_object_lone_continuation_byte_in_key_and_trailing_comma.json', 'n_string_invalid-utf-8-in-escape.json',
  'n_string_invalid_utf8_after_escape.json', 'n_structure_incomplete_UTF8_BOM.json', 'n_structure_lone-invalid-utf-8.json',
  'n_structure_single_eacute.json',
];
const NESTING = ['n_structure_100000_opening_arrays.json', 'n_structure_open_array_object.json'];

type Verdict = 'accepted' | 'refused' | 'not UTF-8' | 'nesting limit';
function verdict(file: string): Verdict {
  let text: string;
  try {
    text = utf8.decode(fs.readFileSync(path.join(DIR, file)));
  } catch {
    return 'not UTF-8';
  }
  try {
    return json.isValid(text, 'JSON-text') ? 'accepted' : 'refused';
  } catch (e) {
    if (e instanceof NestingLimitError) return 'nesting limit';
    throw e;
  }
}

const files = fs.readdirSync(DIR).sort();

describe('JSONTestSuite', () => {
  it('has its files (95 y_, 188 n_, 35 i_)', () => {
    expect([files.filter((f) => f.startsWith('y_')).length, files.filter((f) => f.startsWith('n_')).length, files.filter((f) => f.startsWith('i_')).length]).toEqual([95, 188, 35]);
  });
  it.each(files.filter((f) => f.startsWith('y_')))('%s is accepted', (f) => {
    expect(verdict(f)).toBe('accepted');
  });
  it.each(files.filter((f) => f.startsWith('n_')))('%s is refused', (f) => {
    const want: Verdict = NOT_UTF8.includes(f) ? 'not UTF-8' : NESTING.includes(f) ? 'nesting limit' : 'refused';
    expect(verdict(f)).toBe(want);
  });
  it.each(files.filter((f) => f.startsWith('i_')))('%s gets an answer (either is allowed)', (f) => {
    expect(['accepted', 'refused', 'not UTF-8', 'nesting limit']).toContain(verdict(f));
  });
});

describe('JSON trees and errors', () => {
  it('a tree with a node for every rule it derives through, recursion included', () => {
    const t = json.parseTree('{"a":[1,{"b":null}]}', 'JSON-text');
    const rules: string[] = [];
    const walk = (n: { rule: string; children: readonly unknown[] }) => { rules.push(n.rule); n.children.forEach((c) => walk(c as never)); };
    walk(t);
    expect(rules.filter((r) => r === 'value')).toHaveLength(5); // the object, the array, 1, the inner object, null
    expect(rules.filter((r) => r === 'object')).toHaveLength(2);
    expect(rules).toContain('array');
  });
  it('the error offset is where the text stops being the start of a JSON text', () => {
    const v = json.validate('[1, 2,]', 'JSON-text');
    expect(!v.ok && v.error.index).toBe(6);
    const w = json.validate('{"a" 1}', 'JSON-text');
    expect(!w.ok && [w.error.index, w.error.expected.includes('%x3A')]).toEqual([5, true]);
  });
});
