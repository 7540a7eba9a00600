/**
 * Hostile input: arbitrary strings, wrong argument types, multi-megabyte inputs, and dot
 * segments that try to climb out of the root. Verdicts and error types only, never timings
 * (speed is in bench/).
 */
import * as fc from 'fast-check';
import * as api from '../../src/index';
import { UriSyntaxError } from '../../src/index';

type AnyFn = (...args: unknown[]) => unknown;
const lib = api as unknown as Record<string, unknown>;
const fn = (name: string): AnyFn => {
  const f = lib[name];
  if (typeof f !== 'function') throw new Error(`${name} is not exported by src/index.ts`);
  return f as AnyFn;
};

// ---------------------------------------------------------------------------------------------
// Arbitrary strings.

const URI_CHARS = [..."ABCXYZabcxyz0129-._~:/?#[]@!$&'()*+,;=%"];
/** Every UTF-16 code unit, so lone surrogates and NUL come up. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const strings = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 32 }),
  fc.string({ unit: codeUnit, maxLength: 64 }),
  fc.string({ unit: fc.constantFrom(...URI_CHARS, '\0', ' ', '\\', '\ud800', '\udfff', 'é'), maxLength: 64 }),
  fc.string({ unit: fc.constantFrom(...URI_CHARS, '\0'), minLength: 1000, maxLength: 3000 }),
  // A valid prefix, then anything.
  fc.tuple(fc.constantFrom('http://', 'http://[', 'http://[::', 'a:', '//u@h:', 'x:/a?', '#', '%'), fc.string({ unit: codeUnit, maxLength: 32 })).map(([a, b]) => a + b),
);
const RUNS = { numRuns: 400 };

/** A thrown value is a UriSyntaxError whose index lies in [0, input.length] and whose message shows the caret. */
function expectSyntaxError(e: unknown, input: string): void {
  expect(e).toBeInstanceOf(UriSyntaxError);
  const err = e as UriSyntaxError;
  expect(Number.isInteger(err.index)).toBe(true);
  expect(err.index).toBeGreaterThanOrEqual(0);
  expect(err.index).toBeLessThanOrEqual(input.length);
  expect(err.message).toMatch(/\n {2}[ ~]*\^~*$/m);
}

/** Calls `f`; a throw must be a well-formed UriSyntaxError about `input`. */
function onlySyntaxErrors(f: () => unknown, input: string): void {
  try {
    f();
  } catch (e) {
    expectSyntaxError(e, input);
  }
}

describe('arbitrary strings', () => {
  it('validate never throws, and its error is a UriSyntaxError with an in-range index and a caret line', () => {
    const validate = fn('validate');
    fc.assert(
      fc.property(strings, (s) => {
        for (const rule of ['URI-reference', 'URI', 'host', 'IPv6address']) {
          const v = validate(s, rule) as api.ValidationResult;
          if (!v.ok) expectSyntaxError(v.error, s);
          expect(fn('isValid')(s, rule)).toBe(v.ok);
        }
      }),
      RUNS,
    );
  });

  it.each(['parse', 'parseTree', 'normalize', 'redact'])('%s throws only UriSyntaxError', (name) => {
    const f = fn(name);
    fc.assert(fc.property(strings, (s) => onlySyntaxErrors(() => f(s), s)), RUNS);
  });

  it('resolve throws only UriSyntaxError, for a hostile base and for a hostile reference', () => {
    const resolve = fn('resolve');
    fc.assert(
      fc.property(strings, (s) => {
        onlySyntaxErrors(() => resolve('http://a/b/c/d;p?q', s), s);
        onlySyntaxErrors(() => resolve(s, 'g/../h'), s);
        onlySyntaxErrors(() => resolve('http://a/b/c/d;p?q', s, { strict: false }), s);
      }),
      RUNS,
    );
  });

  it('equivalent, percentDecode and percentEncode throw only UriSyntaxError (percentEncode only for a lone surrogate)', () => {
    fc.assert(
      fc.property(strings, (s) => {
        onlySyntaxErrors(() => fn('equivalent')(s, 'http://a/'), s);
        onlySyntaxErrors(() => fn('percentDecode')(s), s);
        expect(fn('percentDecode')(s, { lenient: true })).toEqual(expect.any(String));
        const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
        for (const c of ['userinfo', 'reg-name', 'segment', 'query', 'fragment']) {
          if (lone) {
            // A lone surrogate has no UTF-8 form (RFC 3629 3).
            onlySyntaxErrors(() => fn('percentEncode')(s, c), s);
            continue;
          }
          expect(fn('percentEncode')(s, c)).toMatch(/^[\x21-\x7e]*$/);
        }
      }),
      { ...RUNS, examples: [['']] },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Wrong argument types.

/**
 * Every exported function, a valid call, and the name of each argument as its TypeError must
 * say it. `optional` arguments may be left undefined.
 */
const SIGNATURES: Record<string, { args: unknown[]; names: string[]; optional?: number[] }> = {
  isValid: { args: ['http://a/', 'URI'], names: ['input', 'rule'], optional: [1] },
  validate: { args: ['http://a/', 'URI'], names: ['input', 'rule'], optional: [1] },
  parseTree: { args: ['http://a/', 'URI', {}], names: ['input', 'rule', 'options'], optional: [1, 2] },
  parse: { args: ['http://a/', 'URI'], names: ['input', 'rule'], optional: [1] },
  recompose: { args: [{ scheme: 'http', authority: 'a', path: '/' }], names: ['components'] },
  resolve: { args: ['http://a/b', 'c', { strict: true }], names: ['base', 'reference', 'options'], optional: [2] },
  removeDotSegments: { args: ['/a/../b'], names: ['path'] },
  normalize: { args: ['HTTP://A/', { scheme: true }], names: ['uri', 'options'], optional: [1] },
  equivalent: { args: ['http://a/', 'HTTP://A/'], names: ['a', 'b'] },
  percentEncode: { args: ['a b', 'query'], names: ['text', 'component'] },
  percentDecode: { args: ['a%20b', { lenient: true }], names: ['text', 'options'], optional: [1] },
  redact: { args: ['http://u:p@a/'], names: ['uri'] },
  compileAbnf: { args: ['a = "x"', {}], names: ['text', 'options'], optional: [1] },
  toModule: { args: [api.compileAbnf('a = "x"'), {}], names: ['grammar', 'options'], optional: [1] },
  toTypes: { args: [api.compileAbnf('a = "x"'), {}], names: ['grammar', 'options'], optional: [1] },
  fromCompiled: { args: [api.toModule ? JSON.parse(JSON.parse(/fromCompiled\)?\((".*")\);\n$/s.exec(api.toModule(api.compileAbnf('a = "x"')))![1])) : {}], names: ['data'] },
  registerNotation: { args: [api.ABNF], names: ['notation'] },
  grammarByName: { args: ['rfc3986'], names: ['name'] },
  toUri: { args: ['http://a/\u00e9', {}], names: ['iri', 'options'], optional: [1] },
  toIri: { args: ['http://a/%C3%A9', {}], names: ['uri', 'options'], optional: [1] },
  hostToAscii: { args: ['b\u00fccher.example'], names: ['host'] },
  hostToUnicode: { args: ['xn--bcher-kva.example'], names: ['host'] },
  createValidator: { args: [{}], names: ['options'], optional: [0] }, // (h14, lost in a merge)
  walk: { args: ['http://a/', 'URI', { enter: () => undefined }, { lexical: true }], names: ['input', 'rule', 'visitor', 'options'], optional: [3] },
  analyze: { args: [api.rfc3986], names: ['grammar'] },
  generate: { args: [api.rfc3986, 'URI', { count: 2 }], names: ['grammar', 'rule', 'options'], optional: [2] },
  shadows: { args: [api.compileAbnf('a = "x" / "x"'), 'a', { context: false }], names: ['grammar', 'rule', 'options'], optional: [1, 2] },
  compare: { args: [api.compileAbnf('a = "x"'), 'a', api.compileAbnf('b = "y"'), 'b', {}], names: ['grammarA', 'ruleA', 'grammarB', 'ruleB', 'options'], optional: [4] },
  // An array is the valid kind of `inputs` (any iterable of strings).
  coverage: { args: [api.compileAbnf('a = "x"'), 'a', ['x']], names: ['grammar', 'rule', 'inputs'] },
  // `fc` may be left out (the user's fast-check is then required): docs/analysis.md.
  arbitrary: { args: [api.rfc3986, 'URI', fc], names: ['grammar', 'rule', 'fc', 'options'], optional: [2, 3] },
};

const BAD: [string, unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['a number', 42],
  ['an object', { toString: () => 'http://a/' }],
  ['an array', ['http://a/']],
  ['a String object', new String('http://a/')],
];

const isClass = (f: unknown): boolean => typeof f === 'function' && /^class\b/.test(Function.prototype.toString.call(f));
const exportedFunctions = Object.keys(lib).filter((k) => typeof lib[k] === 'function' && !isClass(lib[k]));

describe('wrong argument types', () => {
  it('every exported function has a signature here (a new export must be added)', () => {
    expect(exportedFunctions.filter((k) => !(k in SIGNATURES))).toEqual([]);
  });

  it.each(Object.keys(SIGNATURES))('%s: a valid call does not throw', (name) => {
    expect(() => fn(name)(...SIGNATURES[name].args)).not.toThrow();
  });

  const cases: [string, string, string, unknown][] = [];
  for (const [name, sig] of Object.entries(SIGNATURES)) {
    sig.names.forEach((arg, i) => {
      const isOptions = arg === 'options' || arg === 'components' || arg === 'visitor' || arg === 'notation';
      for (const [what, value] of BAD) {
        if (value === undefined && sig.optional?.includes(i)) continue;
        // An options object is an object: the plain object is the valid case there.
        if (isOptions && what === 'an object') continue;
        if (arg === 'inputs' && what === 'an array') continue;
        cases.push([name, arg, what, value]);
      }
    });
  }

  it.each(cases)('%s, argument "%s" given %s: TypeError naming it', (name, arg, _what, value) => {
    const sig = SIGNATURES[name];
    const args = [...sig.args];
    args[sig.names.indexOf(arg)] = value;
    let thrown: unknown;
    try {
      fn(name)(...args);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as Error).message).toContain(`"${arg}"`);
  });

  const FIELDS = ['scheme', 'authority', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
  const fieldCases: [string, string, unknown][] = [];
  for (const f of FIELDS) for (const [what, value] of BAD) if (value !== undefined) fieldCases.push([f, what, value]);
  it.each(fieldCases)('recompose, component "%s" given %s: TypeError naming it', (field, _what, value) => {
    let thrown: unknown;
    try {
      fn('recompose')({ scheme: 'http', authority: 'a', path: '/', [field]: value });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as Error).message).toContain(`"${field}"`);
  });

  it.each([
    ['isValid', ['http://a/', 'no-such-rule']],
    ['parse', ['http://a/', 'host']],
    ['percentEncode', ['a', 'path']],
    ['resolve', ['http://a/', 'b', { strict: 'yes' }]],
    ['normalize', ['http://a/', { scheme: 1 }]],
  ] as [string, unknown[]][])('%s with a string or option of the wrong kind: TypeError', (name, args) => {
    expect(() => fn(name)(...args)).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------------------------------------
// 5 MB inputs: no RangeError (stack overflow), and the right answers.

const MB5 = 5 * 1024 * 1024;
const rep = (unit: string, n = MB5): string => unit.repeat(Math.ceil(n / unit.length)).slice(0, n - (n % unit.length));

/** Runs `f`; a RangeError (stack overflow) fails the test with a readable message. */
function noRangeError<T>(label: string, f: () => T): T | unknown {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError) throw new Error(`${label}: RangeError: ${e.message}`);
    return e;
  }
}

describe('5 MB inputs', () => {
  const longPath = 'http://example.com' + rep('/segment');
  const longQuery = 'http://example.com/?' + rep('key=value&');
  const pctRun = 'http://example.com/' + rep('%41');
  const dotRun = 'http://example.com' + rep('/..');
  const colonRun = 'http://host' + rep(':');
  const bracketRun = 'http://[' + rep('1:');
  const atRun = 'http://' + rep('@') + 'host/';

  it('a long path: valid; parse gives the whole path; resolve and normalize keep it', () => {
    expect(noRangeError('isValid', () => fn('isValid')(longPath, 'URI'))).toBe(true);
    expect((noRangeError('validate', () => fn('validate')(longPath)) as api.ValidationResult).ok).toBe(true);
    const c = noRangeError('parse', () => fn('parse')(longPath)) as api.UriComponents;
    expect(c.path.length).toBe(longPath.length - 'http://example.com'.length);
    const t = noRangeError('parseTree', () => fn('parseTree')(longPath)) as api.Node;
    expect(t.end).toBe(longPath.length);
    expect(noRangeError('normalize', () => fn('normalize')(longPath))).toBe(longPath);
    const r = noRangeError('resolve', () => fn('resolve')(longPath, 'x')) as string;
    expect(r).toBe(longPath.slice(0, longPath.lastIndexOf('/') + 1) + 'x');
  });

  it('a long query: valid; parse gives the whole query', () => {
    expect(noRangeError('isValid', () => fn('isValid')(longQuery, 'URI'))).toBe(true);
    const c = noRangeError('parse', () => fn('parse')(longQuery)) as api.UriComponents;
    expect(c.query?.length).toBe(longQuery.length - 'http://example.com/?'.length);
    const t = noRangeError('parseTree', () => fn('parseTree')(longQuery)) as api.Node;
    expect(t.end).toBe(longQuery.length);
    expect(noRangeError('normalize', () => fn('normalize')(longQuery))).toBe(longQuery);
    expect(noRangeError('resolve', () => fn('resolve')(longQuery, '#f'))).toBe(longQuery + '#f');
  });

  it('a %41 run: valid; normalize decodes every triplet to "A"', () => {
    expect(noRangeError('isValid', () => fn('isValid')(pctRun, 'URI'))).toBe(true);
    const c = noRangeError('parse', () => fn('parse')(pctRun)) as api.UriComponents;
    expect(c.path.length).toBe(pctRun.length - 'http://example.com'.length);
    expect((noRangeError('parseTree', () => fn('parseTree')(pctRun)) as api.Node).end).toBe(pctRun.length);
    const n = noRangeError('normalize', () => fn('normalize')(pctRun)) as string;
    expect(n).toBe('http://example.com/' + 'A'.repeat((pctRun.length - 19) / 3));
    expect(noRangeError('resolve', () => fn('resolve')(pctRun, '?q'))).toBe(pctRun + '?q');
  });

  it('a /.. run: valid; resolve and normalize never climb above the root', () => {
    expect(noRangeError('isValid', () => fn('isValid')(dotRun, 'URI'))).toBe(true);
    expect((noRangeError('parse', () => fn('parse')(dotRun)) as api.UriComponents).path.length).toBe(dotRun.length - 18);
    expect((noRangeError('parseTree', () => fn('parseTree')(dotRun)) as api.Node).end).toBe(dotRun.length);
    expect(noRangeError('normalize', () => fn('normalize')(dotRun))).toBe('http://example.com/');
    expect(noRangeError('resolve', () => fn('resolve')('http://example.com/a/b', rep('../') + 'g'))).toBe('http://example.com/g');
    expect(noRangeError('resolve', () => fn('resolve')(dotRun, 'g'))).toBe('http://example.com/g');
  });

  it.each([
    // Still a prefix of a userinfo (`host::::@x`) up to the end: the offset is the length (DESIGN: errors).
    [': run in an authority', colonRun, colonRun.length],
    ['[ and an IPv6-like run', bracketRun, undefined],
    ['@ run', atRun, 'http://@'.length],
  ] as [string, string, number | undefined][])('%s: invalid, with a UriSyntaxError at the right place and no RangeError', (_label, input, index) => {
    expect(noRangeError('isValid', () => fn('isValid')(input, 'URI'))).toBe(false);
    const v = noRangeError('validate', () => fn('validate')(input, 'URI')) as api.ValidationResult;
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.error).toBeInstanceOf(UriSyntaxError);
      if (index !== undefined) expect(v.error.index).toBe(index);
      expect(v.error.index).toBeLessThanOrEqual(input.length);
      // The message shows a window around the offset, never the whole 5 MB.
      expect(v.error.message.length).toBeLessThan(1000);
    }
    for (const name of ['parse', 'parseTree', 'normalize']) {
      const e = noRangeError(name, () => fn(name)(input));
      expect(e).toBeInstanceOf(UriSyntaxError);
    }
    // redact never throws on a string (issue 34): the text, redacted loosely.
    expect(typeof noRangeError('redact', () => fn('redact')(input))).toBe('string');
    expect(noRangeError('resolve', () => fn('resolve')(input, 'g'))).toBeInstanceOf(UriSyntaxError);
    expect(noRangeError('resolve', () => fn('resolve')('http://a/', input))).toBeInstanceOf(UriSyntaxError);
  });
});

// ---------------------------------------------------------------------------------------------
// Dot segments cannot climb above the root or change the authority.

describe('resolve and dot segments', () => {
  const segment = fc.constantFrom('a', 'b', 'c%41', "d!$&'()*+,;=", 'e@f', 'g~h');
  const base = fc
    .record({
      scheme: fc.constantFrom('http', 'HTTPS', 'a+b.c-d', 'x'),
      userinfo: fc.option(fc.constantFrom('u', 'u:p', ''), { nil: undefined }),
      host: fc.constantFrom('example.com', '', '[::1]', '[v7.x]', '127.0.0.1', 'h%41'),
      port: fc.option(fc.constantFrom('', '80', '0008080'), { nil: undefined }),
      path: fc.array(segment, { maxLength: 5 }).map((s) => s.map((x) => '/' + x).join('')),
      trailing: fc.boolean(),
      query: fc.option(fc.constantFrom('', 'q=1', '../x'), { nil: undefined }),
    })
    .map((b) => {
      const authority = `${b.userinfo !== undefined ? b.userinfo + '@' : ''}${b.host}${b.port !== undefined ? ':' + b.port : ''}`;
      return {
        authority,
        uri: `${b.scheme}://${authority}${b.path}${b.trailing ? '/' : ''}${b.query !== undefined ? '?' + b.query : ''}`,
      };
    });
  const piece = fc.oneof(fc.constantFrom('..', '.', '..', '.'), segment);
  const reference = fc
    .tuple(fc.boolean(), fc.array(piece, { minLength: 1, maxLength: 12 }), fc.boolean(), fc.option(fc.constantFrom('?q', '#f', '?../..#..'), { nil: '' }))
    .map(([absolute, pieces, trailing, tail]) => `${absolute ? '/' : ''}${pieces.join('/')}${trailing ? '/' : ''}${tail}`);

  it('the result keeps the base authority, its path starts with "/" and has no dot segment', () => {
    const resolve = fn('resolve');
    const parse = fn('parse');
    fc.assert(
      fc.property(base, reference, (b, ref) => {
        const target = resolve(b.uri, ref) as string;
        const c = parse(target, 'URI') as api.UriComponents;
        expect(c.authority).toBe(b.authority);
        expect(c.path.startsWith('/')).toBe(true);
        expect(c.path.split('/').filter((s) => s === '.' || s === '..')).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('climbing far above the root stops at the root', () => {
    expect(fn('resolve')('http://a/b/c/d;p?q', '../../../../../../g')).toBe('http://a/g');
    expect(fn('resolve')('http://u@a:1/', '/./../.././../x/./y/..')).toBe('http://u@a:1/x/');
  });
});
