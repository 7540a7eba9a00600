/**
 * Peer adapters shared by the benchmark and the differential run: each peer's own call, and
 * its own convention for "invalid", behind one small interface. Nothing here is timed or
 * judged; callers decide what to do with the answers.
 *
 * Conventions learned from each peer (facts, with where they come from):
 * - uri-js `parse` never throws; it sets `components.error` for input it cannot read, and
 *   percent-encodes what it does not expect (a raw space becomes `%20`) without an error.
 *   It lowercases scheme and host and decodes percent-encoded unreserved characters while
 *   parsing; ports are numbers; IP-literals lose their brackets.
 * - fast-uri `parse` never throws either; it sets `error` (malformed percent-encoding,
 *   backslash, bad host, port > 65535, …). Same component conventions as uri-js.
 * - Node's WHATWG `URL` throws a TypeError for what it cannot parse; `URL.canParse` is the
 *   boolean form. It needs an absolute URL (or a base).
 * - ajv-formats: `fullFormats.uri` is a function, `fullFormats['uri-reference']` a RegExp.
 * - validator `isURL(s)` with default options: web URLs (protocols http/https/ftp, a host
 *   with a TLD), no scheme required.
 * - @hapi/address `uriRegex().regex`: a RegExp for an RFC 3986 URI.
 * - apg-lite's `uri-app` (ESM): `uriParser.parse(s)` returns components or `undefined`.
 */
import * as path from 'path';
import { pathToFileURL } from 'url';
import * as uriJs from 'uri-js';
import * as fastUri from 'fast-uri';
import isURL from 'validator/lib/isURL';
import type { UriComponents } from '../src/index';
import { uriRegex } from '@hapi/address';
import { fullFormats } from 'ajv-formats/dist/formats';

/** A component split in the corpus convention: `undefined` = absent, `''` = present but empty. */
export type Split = Pick<UriComponents, 'scheme' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment'>;

/** RFC 3986 Appendix B, exactly as printed there. */
export const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

/** uri-js / fast-uri components in the corpus convention (ports as strings, brackets kept as the peer gave them). */
function fromPeer(c: uriJs.URIComponents): Split {
  return {
    scheme: c.scheme,
    userinfo: c.userinfo,
    host: c.host,
    port: c.port === undefined ? undefined : String(c.port),
    path: c.path ?? '',
    query: c.query,
    fragment: c.fragment,
  };
}

export const uriJsPeer = {
  name: 'uri-js',
  /** `undefined` when uri-js reports an error. */
  parse(s: string): Split | undefined {
    const c = uriJs.parse(s);
    return c.error ? undefined : fromPeer(c);
  },
  parseRaw: (s: string) => uriJs.parse(s),
  valid: (s: string): boolean => !uriJs.parse(s).error,
  resolve: (base: string, ref: string): string => uriJs.resolve(base, ref),
  resolveNonStrict: (base: string, ref: string): string => uriJs.resolve(base, ref, { tolerant: true }),
  normalize: (s: string): string => uriJs.normalize(s),
};

export const fastUriPeer = {
  name: 'fast-uri',
  parse(s: string): Split | undefined {
    const c = fastUri.parse(s);
    return c.error ? undefined : fromPeer(c as uriJs.URIComponents);
  },
  parseRaw: (s: string) => fastUri.parse(s),
  valid: (s: string): boolean => !fastUri.parse(s).error,
  resolve: (base: string, ref: string): string => fastUri.resolve(base, ref),
  resolveNonStrict: (base: string, ref: string): string => fastUri.resolve(base, ref, { tolerant: true }),
  normalize: (s: string): string => fastUri.normalize(s),
};

/** Node's WHATWG URL. */
export const nodeUrlPeer = {
  name: 'node URL',
  valid: (s: string): boolean => URL.canParse(s),
  parse: (s: string): URL => new URL(s),
  resolve(base: string, ref: string): string | undefined {
    try {
      return new URL(ref, base).href;
    } catch {
      return undefined;
    }
  },
};

const ajvUri = fullFormats.uri as (s: string) => boolean;
const ajvUriReference = fullFormats['uri-reference'] as RegExp;
export const ajvUriPeer = { name: 'ajv-formats uri', valid: (s: string): boolean => ajvUri(s) };
export const ajvUriReferencePeer = { name: 'ajv-formats uri-reference', valid: (s: string): boolean => ajvUriReference.test(s) };

export const validatorPeer = { name: 'validator isURL', valid: (s: string): boolean => isURL(s) };

const hapiRegex = uriRegex().regex;
export const hapiPeer = { name: '@hapi/address uriRegex', valid: (s: string): boolean => hapiRegex.test(s) };

export const appendixBPeer = { name: 'Appendix B exec', split: (s: string) => APPENDIX_B.exec(s) };

export interface ApgPeer {
  name: string;
  /** `undefined` for input apg-lite's RFC 3986 grammar rejects. */
  parse(s: string): Record<string, string | undefined> | undefined;
  valid(s: string): boolean;
}

/**
 * apg-lite's URI parser is an ES module; this build is CommonJS, so it is loaded with a real
 * dynamic `import()` (which TypeScript would otherwise rewrite into `require`).
 */
export async function loadApg(): Promise<ApgPeer> {
  const file = path.join(path.dirname(require.resolve('apg-lite/package.json')), 'uri-app', 'node-uri-parser.js');
  const dynamicImport = new Function('u', 'return import(u)') as (u: string) => Promise<{ uriParser: { parse(s: string): Record<string, string | undefined> | undefined } }>;
  const { uriParser } = await dynamicImport(pathToFileURL(file).href);
  return {
    name: 'apg-lite uri-app',
    parse: (s) => uriParser.parse(s),
    valid: (s) => uriParser.parse(s) !== undefined,
  };
}
