/**
 * The text of grammar/rfc6874.abnf (RFC 6874 section 2, on top of RFC 3986), as a string so
 * that a bundle needs no file system. test/iri/zone.test.ts checks that it is the file.
 */
export const RFC6874_ABNF = `; RFC 6874 (Representing IPv6 Zone Identifiers in Address Literals and Uniform Resource
; Identifiers, February 2013), section 2, as an extension of RFC 3986 Appendix A: this text is
; read after grammar/rfc3986.abnf, not instead of it. (Source: ../shared/seeds/rfc6874-zone.txt;
; the ABNF as quoted, character for character, by independent implementations.)
;
; STATUS: OBSOLETE. RFC 9844 (August 2025) obsoletes RFC 6874 and "reverts the change that it
; made to the URI syntax defined by [RFC3986]": no URI syntax for zone identifiers is standard
; today. Opt-in only, never the default.
;
; RFC 6874 writes the whole rule:
;
;    IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture  ) "]"
;
; Here the new alternative is added to RFC 3986's IP-literal with "=/" (RFC 5234 3.3). The
; language is the same: IPv6address and IPv6addrz never match the same text, and IPvFuture
; begins with "v".

IP-literal    =/ "[" IPv6addrz "]"

ZoneID        = 1*( unreserved / pct-encoded )

IPv6addrz     = IPv6address "%25" ZoneID
`;
