/**
 * The one reader of options (and of other objects of named fields, such as the components
 * `recompose` takes) for the whole public API.
 *
 * An options object is a plain object: made by `{ … }`, `Object.create(null)` or
 * `Object.assign({}, …)`. A `Map`, `Date`, `RegExp`, array, boxed primitive or class instance
 * is refused, because its fields are not what it seems to carry (`new Map([['lexical', true]])`
 * has no `lexical` property). Only own properties are read, each exactly once, so that a
 * polluted `Object.prototype` (`Object.prototype.lexical = true`) or a getter that changes its
 * answer cannot steer a result. Every own enumerable key must be known (a typo such as
 * `{ lexcial: true }` is refused, not ignored) and every value of the right type; an
 * undefined value is the same as an absent key. Anything else is a `TypeError` naming the
 * function and the option.
 */

/** What an option may hold: a type, or one of a list of strings. */
export type OptionKind = 'boolean' | 'string' | 'count' | 'function' | 'array' | 'object' | 'any' | readonly string[];

export type OptionSpec = Readonly<Record<string, OptionKind>>;

type ValueOf<K> = K extends 'boolean' ? boolean : K extends 'string' ? string : K extends 'count' ? number
  : K extends 'function' ? (...args: never[]) => unknown : K extends 'array' ? readonly unknown[] : K extends 'object' ? object : K extends 'any' ? unknown
  : K extends readonly (infer S)[] ? S : never;

/** The options read: a null-prototype object with the known keys that were given (fresh, or with no options the one frozen empty one). */
export type Read<S extends OptionSpec> = { readonly [K in keyof S]?: ValueOf<S[K]> };

const hasOwn = (o: object, k: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(o, k);

/**
 * The one option that lets an error show a password as written (src/engine/secrets.ts), taken
 * by every function that validates or parses (`validate`, `parseTree`, `walk`, a policy).
 */
export const REVEAL_OPTIONS = { revealPasswords: 'boolean' } as const;

/** The options of every tree function (`parseTree`, `walk`, …), for `readOptions`. */
export const TREE_OPTIONS = { lexical: 'boolean', maxNodes: 'count', ...REVEAL_OPTIONS } as const;

/** What `readOptions` gives for no options (made once: a call with none, the common one, allocates nothing). */
export const NO_OPTIONS: Readonly<Record<string, never>> = Object.freeze(Object.create(null) as Record<string, never>);

/**
 * Is `value` a plain object (its prototype `Object.prototype` or null)? An object from another
 * realm (a `vm` context, an iframe) counts when its prototype is that realm's `Object.prototype`.
 */
export function isPlainObject(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === null || proto === Object.prototype) return true;
  return Object.getPrototypeOf(proto) === null && Object.prototype.toString.call(value) === '[object Object]'
    && hasOwn(proto as object, 'isPrototypeOf') && !Array.isArray(value);
}

/** `o[key]` if `o` has it as its own property, else undefined (never the prototype chain). */
export function own<T extends object, K extends keyof T>(o: T, key: K): T[K] | undefined {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** How a value is named in a message: `null`, `a Map`, `an array`, `string`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value !== 'object') return typeof value;
  const proto: unknown = Object.getPrototypeOf(value);
  const ctor = proto !== null && typeof proto === 'object' && hasOwn(proto, 'constructor') ? (proto as { constructor: unknown }).constructor : undefined;
  const name = typeof ctor === 'function' && typeof ctor.name === 'string' && ctor.name ? ctor.name : 'object';
  return `a${/^[AEIOU]/.test(name) ? 'n' : ''} ${name}`;
}

/**
 * A `TypeError` unless `value` is a plain object: `fn: argument "argument" must be an object`
 * for a primitive, `... must be a plain object` for a `Map`, an array, a class instance, ….
 */
export function expectPlainObject(value: unknown, argument: string, fn: string): asserts value is object {
  if (value === null || typeof value !== 'object') {
    throw new TypeError(`${fn}: argument "${argument}" must be an object, got ${describe(value)}`);
  }
  if (!isPlainObject(value)) {
    throw new TypeError(`${fn}: argument "${argument}" must be a plain object ({ … }), got ${describe(value)}`);
  }
}

/**
 * The options `value` holds for `fn`, read as described above; `undefined` is no options.
 * `field` names the fields in messages (`option "lexical"`, `component "host"`).
 */
export function readOptions<S extends OptionSpec>(
  fn: string,
  value: unknown,
  spec: S,
  { argument = 'options', field = 'option' }: { argument?: string; field?: string } = {},
): Read<S> {
  if (value === undefined) return NO_OPTIONS as Read<S>;
  expectPlainObject(value, argument, fn);
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    if (!hasOwn(spec, key)) {
      const known = Object.keys(spec).map((k) => `"${k}"`).join(', ');
      throw new TypeError(`${fn}: unknown ${field} ${JSON.stringify(key)} (known: ${known})`);
    }
  }
  for (const key of Object.keys(spec)) {
    if (!hasOwn(value, key)) continue;
    const v: unknown = (value as Record<string, unknown>)[key]; // read once
    if (v === undefined) continue;
    const kind = spec[key];
    if (!fits(v, kind)) throw new TypeError(`${fn}: ${field} "${key}" must be ${expected(kind)}, got ${shown(v, kind)}`);
    out[key] = v;
  }
  return out as Read<S>;
}

function fits(v: unknown, kind: OptionKind): boolean {
  if (typeof kind !== 'string') return typeof v === 'string' && kind.includes(v);
  switch (kind) {
    case 'boolean': return typeof v === 'boolean';
    case 'string': return typeof v === 'string';
    case 'count': return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
    case 'function': return typeof v === 'function';
    case 'array': return Array.isArray(v);
    case 'object': return v !== null && typeof v === 'object';
    case 'any': return true; // the caller checks it
  }
}

function expected(kind: OptionKind): string {
  if (typeof kind !== 'string') return `one of ${kind.map((k) => JSON.stringify(k)).join(', ')}`;
  switch (kind) {
    case 'boolean': return 'a boolean';
    case 'string': return 'a string or undefined';
    case 'count': return 'a non-negative integer';
    case 'function': return 'a function';
    case 'array': return 'an array';
    case 'object': return 'an object';
    case 'any': return 'a value';
  }
}

function shown(v: unknown, kind: OptionKind): string {
  if (typeof v === 'string' && typeof kind !== 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  if (typeof v === 'number' && kind === 'count') return String(v);
  return describe(v);
}
