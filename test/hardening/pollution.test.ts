/**
 * Issue 15 item 4: a polluted `Object.prototype` changes no result of any exported function.
 * The library reads only own properties (src/engine/options.ts for options and components; a
 * null-prototype DEFAULT_PORTS). Each case pollutes, calls, and removes the pollution again
 * before it compares, so the test runner never sees a polluted prototype.
 */
import * as fc from 'fast-check';
import * as api from '../../src/index';
import { arb } from '../support/arbitraries';

const lib = api as unknown as Record<string, unknown>;
const isClass = (f: unknown): boolean => typeof f === 'function' && /^class\b/.test(Function.prototype.toString.call(f));

/** The keys an attacker would set: every option and component name the API knows. */
const KEYS = ['host', 'scheme', 'strict', 'lenient', 'lexical', 'path', 'port', 'query', 'authority', 'userinfo',
  'fragment', 'hostKind', 'http', 'https', 'ws', 'foo', 'maxNodes', 'rule', 'children', 'start', 'end', 'index',
  'notation', 'lexicalRules', 'labelRules', 'element', 'caseSensitiveStrings', 'alternation',
  'idna', 'unreserved', 'abnfOnly', 'relative', 'schemes', 'enter', 'leave'];

/** Calls of every exported function on `u` (a URI reference) and `b` (a URI). */
/** A small grammar for the analyses (src/engine/analysis/). */
const SMALL = api.compileAbnf('r = 1*( x / "ab" )\nx = "a" / "b" / "a"\n');
const CALLS: Record<string, (u: string, b: string) => unknown[]> = {
  isValid: (u) => [api.isValid(u), api.isValid(u, 'URI')],
  validate: (u) => [api.validate(u), api.validate(u, 'URI')],
  parseTree: (u) => [api.parseTree(u), api.parseTree(u, 'URI-reference', { lexical: true }), api.parseTree(u, 'URI-reference', {})],
  parse: (u) => [api.parse(u)],
  recompose: (u) => [api.recompose({ scheme: 'https', path: '/login' }), api.recompose(api.parse(u)), api.recompose({ path: 'a' })],
  resolve: (u, b) => [api.resolve(b, u), api.resolve(b, u, {}), api.resolve('http://a/b/c', 'http:g', {})],
  removeDotSegments: (u) => [api.removeDotSegments(api.parse(u).path)],
  normalize: (_u, b) => [api.normalize(b), api.normalize(b, {}), api.normalize('http://a:80', { scheme: true }), api.normalize('foo://a:1/')],
  equivalent: (u, b) => [api.equivalent(b, b.toUpperCase()), api.equivalent('http://a:80/', 'http://a/'), u.length],
  percentEncode: (u) => [api.percentEncode(u, 'query'), api.percentEncode(u, 'reg-name')],
  percentDecode: (u) => [api.percentDecode(u, { lenient: true }), api.percentDecode('%'.concat(u), {})],
  redact: (u) => [api.redact(u), api.redact('http://u:p@a/')],
  compileAbnf: (u) => {
    const g = api.compileAbnf('a = "x" / b\nb = 1*DIGIT', { name: 'g', lexicalRules: ['b'] });
    return [g.name, g.rules, g.isValid('12', 'a'), g.parseTree('12', 'a'), g.parseTree('12', 'a', { lexical: true }), g.validate(u, 'a').ok];
  },
  grammarByName: (u) => { const g = api.grammarByName('rfc3986'); return [g.parseTree(u, 'URI-reference'), g.parseTree(u, 'URI-reference', {}), g.validate(u, 'URI-reference')]; },
  registerNotation: () => {
    api.registerNotation({ name: 'pollution-test', alternation: '|', isNameChar: (c: string) => /[a-z_]/.test(c) });
    const g = api.compileAbnf('a_b = "x" | "Y"', { notation: 'pollution-test' });
    return [g.rules, g.isValid('y', 'a_b')];
  },
  toUri: (u) => [api.toUri(u), api.toUri('http://b\u00fccher.example/\u00e9', {}), api.toUri('http://b\u00fccher.example/', { idna: true })],
  toIri: (u) => [api.toIri(u), api.toIri('http://xn--bcher-kva.example/%C3%A9%41', {}), api.toIri('http://xn--bcher-kva.example/', { idna: true })],
  hostToAscii: () => [api.hostToAscii('b\u00fccher.example')],
  hostToUnicode: () => [api.hostToUnicode('xn--bcher-kva.example')],
  createValidator: (u, b) => [api.createValidator()(b), api.createValidator({ schemes: ['https'], host: 'required', port: [1, 9] })(u), api.createValidator({ relative: true })(u)],
  analyze: (u) => [api.analyze(SMALL).coverage('r', [u, 'ab']).percent],
  generate: (u) => [api.generate(SMALL, 'r', { cover: true }).valid, api.generate(api.rfc3986, 'URI', { count: 2, seed: u.length }).valid],
  shadows: () => [api.shadows(SMALL, 'r').map((e) => e.message)],
  compare: () => [api.compare(SMALL, 'r', SMALL, 'x', { maxStates: 1000 })],
  coverage: (u) => [api.coverage(api.rfc3986, 'URI-reference', [u]).neverTaken.length],
  // Built here; sampled outside (fast-check's own fc.sample reads its options' inherited keys).
  arbitrary: () => [Object.keys(api.arbitrary(SMALL, 'r', fc)).sort()],
  walk: (u) => {
    const ev: unknown[] = [];
    api.walk(u, 'URI-reference', { enter: (...a) => { ev.push(['e', ...a]); }, leave: (...a) => { ev.push(['l', ...a]); } });
    return ev;
  },
  toModule: () => [api.toModule(api.compileAbnf('a = "x" b\nb = 1*DIGIT\n'), {}), api.toModule(api.compileAbnf('a = "x"'), { format: 'esm' })],
  toTypes: () => [api.toTypes(api.compileAbnf('a = "x" b\nb = 1*DIGIT\n'), {})],
  fromCompiled: (u) => {
    const text = api.toModule(api.compileAbnf('a = "x" b\nb = 1*DIGIT\n'));
    const g = api.fromCompiled(JSON.parse(JSON.parse(/fromCompiled\)?\((".*")\);\n$/s.exec(text)![1])));
    return [g.rules, g.isValid('x12', 'a'), g.parseTree('x1', 'a'), g.validate(u, 'a').ok, g.ruleText('b')];
  },
  /** The grammar objects' methods too (rfc3987 and rfc2396 take options). */
  rfc3987: (u) => [api.rfc3987.isValid(u, 'IRI-reference', {}), api.rfc3987.parseTree(u, 'IRI-reference', {}), api.rfc3987.toUri(u)],
};

/** What a call gives: its value as JSON (own properties only), or its error's class and message. */
function outcome(f: () => unknown): string {
  try {
    return 'ok ' + JSON.stringify(f(), (_k, v) => (v === undefined ? '(undefined)' : v));
  } catch (e) {
    return `throws ${(e as Error).name}: ${(e as Error).message}`;
  }
}

function polluted<T>(entries: [string, unknown][], f: () => T): T {
  const proto = Object.prototype as Record<string, unknown>;
  const had = entries.map(([k]) => Object.getOwnPropertyDescriptor(proto, k));
  // jest's source-map stack formatter (Error.prepareStackTrace) itself breaks under a polluted
  // `name`; V8's own formatting is used while polluted (plain Node needs no such step).
  const prepare = Error.prepareStackTrace;
  (Error as { prepareStackTrace?: unknown }).prepareStackTrace = undefined;
  try {
    for (const [k, v] of entries) Object.defineProperty(proto, k, { value: v, writable: true, configurable: true, enumerable: true });
    return f();
  } finally {
    Error.prepareStackTrace = prepare;
    entries.forEach(([k], i) => {
      const d = had[i];
      if (d) Object.defineProperty(proto, k, d);
      else delete proto[k];
    });
  }
}

const exported = Object.keys(lib).filter((k) => typeof lib[k] === 'function' && !isClass(lib[k]));

it('every exported function is called here (a new export must be added)', () => {
  expect(exported.filter((k) => !(k in CALLS))).toEqual([]);
});

const pollution = fc.uniqueArray(
  fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom<unknown>('evil.example', true, false, 1, '', '/x', '8080', 'mailto')),
  { minLength: 1, maxLength: KEYS.length, selector: ([k]) => k },
);

it.each(Object.keys(CALLS))('%s: same results with a polluted Object.prototype', (name) => {
  fc.assert(
    fc.property(arb['URI-reference'], arb.URI, pollution, (u, b, entries) => {
      const clean = outcome(() => CALLS[name](u, b));
      const dirty = polluted(entries, () => outcome(() => CALLS[name](u, b)));
      expect(dirty).toBe(clean);
    }),
    { seed: 15, numRuns: 150, examples: [['a', 'http://a/', KEYS.map((k): [string, unknown] => [k, 'evil.example'])], ['a', 'http://a/', KEYS.map((k): [string, unknown] => [k, true])]] },
  );
});

it('the cases of the issue', () => {
  const entries: [string, unknown][] = [['host', 'evil.example'], ['strict', false], ['lenient', true], ['lexical', true], ['scheme', true]];
  const [rec, res, dec, tree, norm] = polluted(entries, () => [
    outcome(() => api.recompose({ scheme: 'https', path: '/login' })),
    outcome(() => api.resolve('http://a/b/c/d;p?q', 'http:g')),
    outcome(() => api.percentDecode('%zz')),
    outcome(() => api.parseTree('a:b')),
    outcome(() => api.normalize('http://a:80/')),
  ]);
  expect(rec).toBe('ok "https:/login"');
  expect(res).toBe('ok "http:g"');
  expect(dec).toMatch(/^throws UriSyntaxError/);
  expect(tree).toBe(outcome(() => api.parseTree('a:b')));
  expect(norm).toBe('ok "http://a:80/"');
  expect(polluted([['foo', '1']], () => api.normalize('foo://a:1/', { scheme: true }))).toBe('foo://a:1/');
  expect(Object.getPrototypeOf(api.DEFAULT_PORTS)).toBeNull();
  expect(polluted([['constructor', '5']], () => api.normalize('constructor://a:5/', { scheme: true }))).toBe('constructor://a:5/');
});
