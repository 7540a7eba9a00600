/**
 * RFC 3986 5.2, Relative Resolution: the target URI of a reference against a base URI.
 *
 * 5.2.1: the base is parsed as a `URI` and used as given (normalizing it first is optional,
 * and not done here); its fragment is never used (5.1). 5.2.2 transforms the reference,
 * with 5.2.3 merge and 5.2.4 remove_dot_segments; 5.3 recomposes the target.
 */
import { parseFive, type UriComponents } from './components';
import { removeDotSegments } from './removeDotSegments';
import { recomposablePath, recomposeTrusted } from './recompose';
import { UriSyntaxError, expectString } from './errors';
import { redactedError } from './redact';
import { readOptions } from '../engine/options';
import { driver } from './rules';
import { resolveValid } from './resolveValid';

export interface ResolveOptions {
  /**
   * `true` (the default): a reference with a scheme is absolute. `false`: 5.2.2's "non-strict
   * parser", which ignores a reference's scheme equal (ignoring case) to the base's, for
   * backward compatibility (`http:g` against `http://a/b/c/d;p?q` gives `http://a/b/c/g`).
   */
  strict?: boolean;
}

/** The target URI of `reference` resolved against `base` (RFC 3986 5.2). */
export function resolve(base: string, reference: string, options?: ResolveOptions): string {
  expectString(base, 'base', 'resolve');
  expectString(reference, 'reference', 'resolve');
  const strict = options === undefined || readOptions('resolve', options, { strict: 'boolean' }).strict !== false;
  if (strict && driver.test(base, 'URI') && driver.test(reference, 'URI-reference')) return resolveValid(base, reference);
  const B = parseArgument(base, 'base', 'URI');
  const R = parseArgument(reference, 'reference', 'URI-reference');
  return recomposeTarget(transform(B, R, strict));
}

export type Target = Pick<UriComponents, 'scheme' | 'authority' | 'path' | 'query' | 'fragment'>;

function parseArgument(text: string, argument: string, rule: 'URI' | 'URI-reference'): UriComponents {
  try {
    return parseFive(text, rule);
  } catch (e) {
    if (!(e instanceof UriSyntaxError)) throw e;
    // The password, if any, is hidden in everything the error carries (see ./redact.ts).
    throw redactedError(text, e, 'uri', (where, index) => `resolve: ${argument} is not a valid ${rule}: at offset ${index}, ${where}`);
  }
}

/** 5.2.2. Transform References */
export function transform(Base: UriComponents, R: UriComponents, strict: boolean): Target {
  let scheme = R.scheme;
  // -- A non-strict parser may ignore a scheme in the reference
  // -- if it is identical to the base URI's scheme. (Schemes are case-insensitive, 3.1.)
  if (!strict && scheme !== undefined && scheme.toLowerCase() === Base.scheme!.toLowerCase()) scheme = undefined;

  const T: Target = { scheme: undefined, authority: undefined, path: '', query: undefined, fragment: undefined };
  if (scheme !== undefined) {
    T.scheme = scheme;
    T.authority = R.authority;
    T.path = removeDotSegments(R.path);
    T.query = R.query;
  } else {
    if (R.authority !== undefined) {
      T.authority = R.authority;
      T.path = removeDotSegments(R.path);
      T.query = R.query;
    } else {
      if (R.path === '') {
        T.path = Base.path;
        T.query = R.query !== undefined ? R.query : Base.query;
      } else {
        if (R.path.startsWith('/')) {
          T.path = removeDotSegments(R.path);
        } else {
          T.path = removeDotSegments(merge(Base, R.path));
        }
        T.query = R.query;
      }
      T.authority = Base.authority;
    }
    T.scheme = Base.scheme;
  }
  T.fragment = R.fragment;
  return T;
}

/**
 * 5.2.3. Merge Paths: "/" + the reference's path when the base has an authority and an empty
 * path; otherwise the reference's path appended to the base path up to its right-most "/"
 * (or to nothing, when the base path has no "/").
 */
function merge(Base: UriComponents, path: string): string {
  if (Base.authority !== undefined && Base.path === '') return '/' + path;
  return Base.path.slice(0, Base.path.lastIndexOf('/') + 1) + path;
}

/**
 * 5.3. Component Recomposition, for a target. The target always has a scheme, so a first
 * segment with ":" reads back as it is; a path beginning with "//" without an authority does
 * not, and takes "/." before it (`recomposablePath`).
 */
export function recomposeTarget(T: Target): string {
  return recomposeTrusted(T.scheme, T.authority, recomposablePath(T.path, T.authority !== undefined), T.query, T.fragment);
}
