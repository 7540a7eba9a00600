/**
 * The ajv plugin (src/ajv.ts): the formats `uri` and `uri-reference` with RFC 3986's meaning on
 * every JSON-Schema-Test-Suite case (test/vectors/json-schema-test-suite) with `Ajv` (draft-07)
 * and `Ajv2020` in strict mode; `iri` and `iri-reference` with RFC 3987's (section 4.1 included);
 * beside ajv-formats; the policy keyword's errors (message, component, offset); the plugin's
 * options. The package's entry point `uri-grammar/ajv` (CommonJS, ESM, package.json) is
 * test/package/ajv-entry-points.test.ts.
 */
import * as fs from 'fs';
import * as path from 'path';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import uriGrammarAjv from '../src/ajv';
import { createValidator, isValid, POLICY_OPTIONS, POLICY_OPTION_SCHEMAS } from '../src/index';

interface Case { description: string; data: unknown; valid: boolean }
interface Group { description: string; schema: Record<string, unknown>; tests: Case[] }

const VECTORS = path.join(__dirname, 'vectors', 'json-schema-test-suite');
const suite = (file: string): Group[] => JSON.parse(fs.readFileSync(path.join(VECTORS, file), 'utf8'));

// Strict mode, all of it but strictTypes: the suite's schemas are `{ "format": ... }` without
// a `type` on purpose (formats ignore non-strings), which strictTypes refuses to compile.
const classes = [
  ['Ajv (draft-07)', () => new Ajv({ strict: true, strictTypes: false }), 'draft7'],
  ['Ajv2020', () => new Ajv2020({ strict: true, strictTypes: false }), 'draft2020-12'],
] as const;

describe.each(classes)('%s, strict mode', (_name, make, draft) => {
  for (const format of ['uri', 'uri-reference']) {
    const groups = suite(`${draft}-${format}.json`);
    const cases = groups.flatMap((g) => g.tests.map((t) => [t.description, g.schema, t.data, t.valid] as const));
    it(`has the suite's ${format} cases`, () => expect(cases.length).toBeGreaterThan(20));
    it.each(cases)(`${format}: %s`, (_d, schema, data, valid) => {
      const ajv = uriGrammarAjv(make());
      expect(ajv.validate(schema, data)).toBe(valid);
      if (typeof data === 'string') expect(isValid(data, format === 'uri' ? 'URI' : 'URI-reference')).toBe(valid);
    });
  }
  it('without the plugin, strict mode refuses an unknown format (so the plugin is what answers)', () => {
    expect(() => make().compile({ type: 'string', format: 'uri' })).toThrow(/unknown format "uri"/);
  });
});

describe('beside ajv-formats', () => {
  // Where ajv-formats' regex answers wrong and RFC 3986 decides (README: differences).
  const disputed: Array<[string, boolean]> = [
    ['http://example.com:abc/', false], // port = *DIGIT
    ['about:', true], // scheme ":" path-empty
    ['http://[::ffff:01.2.3.4]/', false], // dec-octet has no leading zeros
  ];
  it('uri-grammar after ajv-formats: uri and uri-reference are ours, the other formats stay', () => {
    const ajv = uriGrammarAjv(addFormats(new Ajv({ strict: true })));
    for (const [s, valid] of disputed) expect(ajv.validate({ type: 'string', format: 'uri' }, s)).toBe(valid);
    expect(ajv.validate({ type: 'string', format: 'email' }, 'a@b.example')).toBe(true);
    expect(ajv.validate({ type: 'string', format: 'date' }, '2026-13-01')).toBe(false);
    expect(ajv.validate({ type: 'string', format: 'uri-template' }, 'http://x/{a}')).toBe(true);
  });
  it("does not touch ajv-formats' code.formats setup (standalone code keeps working for its formats)", () => {
    const before = new Ajv({ code: { source: true } });
    uriGrammarAjv(before, { formats: false });
    expect(before.opts.code.formats).toBeUndefined();
    const ajv = addFormats(new Ajv({ code: { source: true } }));
    const setup = ajv.opts.code.formats;
    uriGrammarAjv(ajv);
    expect(ajv.opts.code.formats).toBe(setup);
    expect(String(setup)).toContain('ajv-formats');
  });
  it('ajv-formats applied after uri-grammar takes its uri back (documented order: ours last)', () => {
    const ajv = addFormats(uriGrammarAjv(new Ajv({ strict: true })));
    expect(ajv.validate({ type: 'string', format: 'uri' }, 'http://example.com:abc/')).toBe(true); // ajv-formats' answer
  });
});

describe('the policy keyword', () => {
  const ajv = uriGrammarAjv(new Ajv({ strict: true, allErrors: true }));
  it('errors carry message, component and offset; a preset name works', () => {
    const v = ajv.compile({ type: 'object', properties: { hook: { type: 'string', uriPolicy: 'webhookUrl' } } });
    expect(v({ hook: 'https://hooks.example.com/x' })).toBe(true);
    expect(v({ hook: 'http://u:secret@hooks.example.com/x' })).toBe(false);
    expect(v.errors).toEqual([expect.objectContaining({
      keyword: 'uriPolicy',
      instancePath: '/hook',
      message: 'scheme "http" is not allowed (allowed: https): scheme at offset 0-4', // the span, as createValidator's message has it
      params: { component: 'scheme', offset: 0, rule: 'URI' },
    })]);
    expect(JSON.stringify(v.errors)).not.toContain('secret');
  });
  it('a syntax error: component "syntax", the exact offset, the hint and the checked suggestion', () => {
    const v = ajv.compile({ type: 'string', uriPolicy: { schemes: ['https'], host: 'required' } });
    expect(v('https://example.com/my file')).toBe(false);
    expect(v.errors![0]).toMatchObject({
      message: 'not a valid URI: at offset 22, found " " (hint: a space must be percent-encoded as "%20")',
      params: { component: 'syntax', offset: 22, hint: 'a space must be percent-encoded as "%20"', suggestion: 'https://example.com/my%20file' },
    });
    expect(v('https:example.com')).toBe(false);
    expect(v.errors![0].params).toMatchObject({ component: 'host', offset: 6, suggestion: 'https://example.com' });
  });
  it('ignores non-strings (type is for that); works with Ajv2020 and beside format', () => {
    const v = uriGrammarAjv(new Ajv2020({ strict: true, strictTypes: false })).compile({ format: 'uri', uriPolicy: { port: [1, 1024] } });
    expect(v(42)).toBe(true);
    expect(v('http://h:8080/')).toBe(false);
    expect(v.errors![0].params).toMatchObject({ component: 'port', offset: 9 });
  });
  it('strict mode checks the keyword value against its meta-schema', () => {
    expect(() => ajv.compile({ type: 'string', uriPolicy: { shemes: ['https'] } })).toThrow(/uriPolicy/);
    expect(() => ajv.compile({ type: 'string', uriPolicy: 'nope' })).toThrow(/uriPolicy/);
    expect(() => ajv.compile({ type: 'string', uriPolicy: { port: [1] } })).toThrow(/uriPolicy/);
  });
  it('takes every policy option (the one list, POLICY_OPTION_SCHEMAS), hostSyntax, privateHosts and networkPath among them', () => {
    const ajv = uriGrammarAjv(new Ajv2020({ strict: true }));
    expect(Object.keys(POLICY_OPTION_SCHEMAS).sort()).toEqual([...POLICY_OPTIONS].sort());
    // A value of each option that createValidator takes, each alone and all together.
    const values: Record<string, unknown> = {
      rule: 'URI-reference', schemes: ['https'], host: 'required', userinfo: 'no-password', port: [1, 1024], query: false,
      fragment: false, relative: true, networkPath: true, hostSyntax: 'dns', privateHosts: false, whatwgReading: true,
      revealPasswords: true,
    };
    expect(Object.keys(values).sort()).toEqual([...POLICY_OPTIONS].sort());
    for (const [k, v] of Object.entries(values)) {
      const options = k === 'networkPath' ? { relative: true, networkPath: v } : { [k]: v };
      expect(() => createValidator(options as never)).not.toThrow();
      expect(() => ajv.compile({ type: 'string', uriPolicy: options })).not.toThrow();
    }
    const all = ajv.compile({ type: 'string', uriPolicy: values });
    expect(all('//hooks.example.com:443/x')).toBe(true);
    const v = ajv.compile({ type: 'string', uriPolicy: { hostSyntax: 'dns', privateHosts: false } });
    expect(v('https://hooks.example.com/')).toBe(true);
    expect(v('https://exa_mple.com/')).toBe(false);
    expect(v('https://127.0.0.1/')).toBe(false);
    expect(v.errors![0].params).toMatchObject({ component: 'host' });
  });

  it('a value refused names its key: a wrong value, a key that is no option, what only createValidator can tell', () => {
    const ajv = uriGrammarAjv(new Ajv({ strict: true }));
    const refused = (uriPolicy: unknown): string => {
      try {
        ajv.compile({ type: 'string', uriPolicy });
      } catch (e) {
        return (e as Error).message;
      }
      return 'compiled';
    };
    expect(refused({ hostSyntax: 'idna' })).toMatch(/data\/hostSyntax must be equal to one of the allowed values/);
    expect(refused({ privateHosts: 'no' })).toMatch(/data\/privateHosts must be boolean/);
    expect(refused({ networkPath: 1 })).toMatch(/data\/networkPath must be boolean/);
    expect(refused({ shemes: ['https'] })).toMatch(/data\/shemes must NOT be valid/);
    expect(refused({ port: [1] })).toMatch(/data\/port must NOT have fewer than 2 items/);
    expect(refused({ schemes: ['a b'] })).toMatch(/^keyword "uriPolicy": option "schemes" must be/);
    expect(refused({ networkPath: true })).toMatch(/^keyword "uriPolicy": option "networkPath" needs relative references/);
  });

  it('the docs example (docs/api.md) runs as shown: format "uri" with uriPolicy gives offset, hint and suggestion', () => {
    const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'api.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### JSON Schema (ajv) and zod'));
    const code = /```js\n([\s\S]*?)```/.exec(section)![1];
    expect(code).toContain("format: 'uri', uriPolicy:");
    // Each line `expr;  // → value`, or `expr;` followed by `// → value` lines: what it shows.
    const lines = code.split('\n');
    const program: string[] = [];
    const shown: Array<[string, string]> = [];
    for (let k = 0; k < lines.length; k++) {
      const inline = /^(\S.*?);\s*\/\/ → (.*)$/.exec(lines[k]);
      if (inline) {
        program.push(`__shown.push(${inline[1]});`);
        shown.push([inline[1], inline[2]]);
        continue;
      }
      if (/^\S.*;$/.test(lines[k]) && /^\/\/ → /.test(lines[k + 1] ?? '')) {
        const value: string[] = [];
        while (/^\/\/ (→|  )/.test(lines[k + 1] ?? '')) value.push(lines[++k].replace(/^\/\/ (→ )?/, ''));
        program.push(`__shown.push(${lines[k - value.length].slice(0, -1)});`);
        shown.push([lines[k - value.length], value.join('\n')]);
        continue;
      }
      program.push(lines[k]);
    }
    expect(shown.length).toBe(5);
    const modules: Record<string, unknown> = { ajv: Ajv, 'ajv-formats': addFormats, 'uri-grammar/ajv': uriGrammarAjv };
    const got: unknown[] = [];
    new Function('require', '__shown', program.join('\n'))((name: string) => modules[name], got);
    shown.forEach(([expr, value], i) => {
      expect({ expr, value: got[i] }).toEqual({ expr, value: new Function(`return (${value});`)() });
    });
    const syntax = got[1] as { message: string; params: Record<string, unknown> };
    expect(syntax.message).not.toMatch(/must match format/);
    expect(Object.keys(syntax.params)).toEqual(['component', 'offset', 'rule', 'hint', 'suggestion']);
  });

  it('options: formats and keyword name; bad arguments are TypeErrors', () => {
    const a = uriGrammarAjv(new Ajv({ strict: true }), { formats: ['uri'], keyword: 'x-uri' });
    expect(a.validate({ type: 'string', format: 'uri', 'x-uri': { query: false } }, 'a:b?c')).toBe(false);
    expect(() => a.compile({ type: 'string', format: 'uri-reference' })).toThrow(/unknown format/);
    expect(() => uriGrammarAjv({} as Ajv)).toThrow(TypeError);
    expect(() => uriGrammarAjv(new Ajv(), { formats: ['url'] } as never)).toThrow(TypeError);
    expect(() => uriGrammarAjv(new Ajv(), { keywords: false } as never)).toThrow(/unknown option "keywords"/);
    expect(uriGrammarAjv(new Ajv(), { keyword: false }).getKeyword('uriPolicy')).toBe(false);
  });
});

describe('the formats iri and iri-reference: RFC 3987 with section 4.1', () => {
  it.each([
    ['iri', 'http://b\u00fccher.de/stra\u00dfe', true],
    ['iri', 'http://\u4f8b.jp/?\ue000', true],
    ['iri', 'http://h/\ue000', false], // iprivate outside the query
    ['iri', 'http://h/a\u200eb', false], // RFC 3987 4.1
    ['iri', '\u00fc/x', false], // relative
    ['iri', 'http://h/ x', false],
    ['iri', 'about:', true],
    ['iri-reference', '\u00fc/x?\u00e9', true],
    ['iri-reference', '//[::1]/\u{20000}', true],
    ['iri-reference', '\ud800', false],
  ])('%s %j → %s', (format, s, valid) => {
    const ajv = uriGrammarAjv(addFormats(new Ajv({ strict: true })));
    expect(ajv.validate({ type: 'string', format }, s)).toBe(valid);
  });

  it('the formats option knows the IRI pair', () => {
    const ajv = uriGrammarAjv(new Ajv({ strict: true }), { formats: ['iri'] });
    expect(ajv.validate({ type: 'string', format: 'iri' }, 'http://\u00e4/')).toBe(true);
    expect(() => uriGrammarAjv(new Ajv(), { formats: ['irl' as never] })).toThrow(/"iri-reference"/);
  });
});
