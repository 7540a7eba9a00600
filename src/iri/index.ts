/** IRIs (RFC 3987): the mappings to and from URIs and internationalized host names. */
export { toUri, type ToUriOptions } from './toUri';
export { toIri, type ToIriOptions } from './toIri';
export { hostToAscii, hostToUnicode, IdnaError } from './idna';
export { rfc3987, RFC3987_RULES, type Rfc3987Rule, type Rfc3987Children, type IriValidationResult } from './rfc3987';
export { IRI_COMPONENT_RULES, type IriComponentRule, type IriCheckOptions } from './semantics';
