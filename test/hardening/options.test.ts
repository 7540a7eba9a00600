/**
 * Issue 15 item 6: one options reader (src/engine/options.ts) for every function that takes options
 * or a components object: plain objects only, own properties, known keys, right types, a
 * TypeError naming the function and the option.
 */
import { normalize, parseTree, percentDecode, recompose, resolve } from '../../src';
import { readOptions } from '../../src/engine/options';

/** Each function that takes an options (or components) object, called with `o` in its place. */
const TAKERS: Record<string, { call: (o: unknown) => unknown; valid: Record<string, unknown>; argument: string; field: string }> = {
  parseTree: { call: (o) => parseTree('http://a/', 'URI', o as never), valid: { lexical: true }, argument: 'options', field: 'option' },
  percentDecode: { call: (o) => percentDecode('a%20b', o as never), valid: { lenient: true }, argument: 'options', field: 'option' },
  normalize: { call: (o) => normalize('HTTP://A/', o as never), valid: { scheme: true }, argument: 'options', field: 'option' },
  resolve: { call: (o) => resolve('http://a/b', 'c', o as never), valid: { strict: false }, argument: 'options', field: 'option' },
  recompose: { call: (o) => recompose(o as never), valid: { scheme: 'http', host: 'a', path: '/' }, argument: 'components', field: 'component' },
};

class Options { lexical = true; lenient = true; scheme = true; strict = false; path = '/'; }

const NOT_PLAIN: [string, () => unknown][] = [
  ['a Map', () => new Map<string, unknown>([['path', 'x'], ['lexical', true]])],
  ['a Date', () => new Date(0)],
  ['a RegExp', () => /x/],
  ['an array', () => []],
  ['a class instance', () => new Options()],
  ['a Boolean object', () => new Boolean(true)],
  ['a function', () => () => 0],
];

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe.each(Object.keys(TAKERS))('%s', (name) => {
  const t = TAKERS[name];

  it('takes a plain object, and a null-prototype one, with the same result', () => {
    expect(t.call({ ...t.valid })).toEqual(t.call(Object.assign(Object.create(null), t.valid)));
  });

  it.each(NOT_PLAIN)('refuses %s with a TypeError naming the function and the argument', (_what, make) => {
    const e = thrown(() => t.call(make()));
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toContain(`${name}: argument "${t.argument}"`);
  });

  it('refuses an unknown key (a typo), naming it', () => {
    const key = Object.keys(t.valid)[0];
    const typo = key.slice(0, -1) + key.slice(-1).toUpperCase();
    const e = thrown(() => t.call({ ...t.valid, [typo]: t.valid[key] }));
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toContain(`${name}: unknown ${t.field} "${typo}"`);
  });

  it.each([['a string', 'true'], ['a number', 1], ['null', null], ['a boxed value', new Boolean(true)]])(
    'refuses %s of the wrong type, naming the option', (_what, value) => {
      const key = Object.keys(t.valid)[0];
      if (typeof t.valid[key] === 'string' && typeof value === 'string') return; // a string is right there
      const e = thrown(() => t.call({ ...t.valid, [key]: value }));
      expect(e).toBeInstanceOf(TypeError);
      expect((e as Error).message).toContain(`${name}: ${t.field} "${key}"`);
    });

  it('reads own properties only: an inherited option is not an option', () => {
    const proto = { ...t.valid };
    const inherited = Object.create(Object.create(proto, {}), {});
    // Not a plain object (its prototype is not Object.prototype): refused, never read through.
    expect(thrown(() => t.call(inherited))).toBeInstanceOf(TypeError);
  });
});

describe('the cases of the issue', () => {
  it('parseTree(s, r, { lexical: "false" }) is a TypeError, not a lexical tree', () => {
    expect(() => parseTree('a:b', 'URI', { lexical: 'false' as never })).toThrow(/parseTree: option "lexical" must be a boolean, got string/);
  });
  it('percentDecode("%", { lenient: "true" }) is a TypeError', () => {
    expect(() => percentDecode('%', { lenient: 'true' as never })).toThrow(/percentDecode: option "lenient" must be a boolean/);
  });
  it('recompose(new Map([["path", "x"]])) is a TypeError, not ""', () => {
    expect(() => recompose(new Map([['path', 'x']]) as never)).toThrow(/recompose: argument "components" must be a plain object/);
  });
  it('recompose(parse(s)) still works: hostKind is a known, unread field', () => {
    expect(recompose({ scheme: 'a', host: 'h', path: '', hostKind: 'reg-name' })).toBe('a://h');
    expect(() => recompose({ scheme: 'a', host: 'h', hostKind: 'nope' as never })).toThrow(/component "hostKind"/);
  });
});

describe('readOptions', () => {
  it('reads each own key once, into a fresh null-prototype object', () => {
    let reads = 0;
    const o = { get flag() { reads++; return true; } };
    const r = readOptions('f', o, { flag: 'boolean' });
    expect(r.flag).toBe(true);
    expect(reads).toBe(1);
    expect(Object.getPrototypeOf(r)).toBeNull();
  });
  it('undefined values are absent; counts must be non-negative safe integers', () => {
    expect(readOptions('f', { n: undefined }, { n: 'count' })).toEqual({});
    expect(() => readOptions('f', { n: -1 }, { n: 'count' })).toThrow(/f: option "n" must be a non-negative integer, got -1/);
    expect(() => readOptions('f', { n: 1.5 }, { n: 'count' })).toThrow(TypeError);
    expect(readOptions('f', { n: 7 }, { n: 'count' }).n).toBe(7);
  });
  it('an object from another realm is a plain object too', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const vm = require('vm') as typeof import('vm');
    const foreign = vm.runInNewContext('({ lexical: true })');
    expect(readOptions('f', foreign, { lexical: 'boolean' }).lexical).toBe(true);
    expect(() => readOptions('f', vm.runInNewContext('new Map()'), { lexical: 'boolean' })).toThrow(/plain object/);
  });
});
