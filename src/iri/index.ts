/** IRIs (RFC 3987): the mappings to and from URIs and internationalized host names. */
export { toUri, type ToUriOptions } from './toUri';
export { toIri, type ToIriOptions } from './toIri';
export { hostToAscii, hostToUnicode, IdnaError } from './idna';
