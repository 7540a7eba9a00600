/**
 * The text of grammar/rfc2732.bnf (RFC 2732's changes to RFC 2396), as a string so that a bundle needs
 * no file system. test/rfc2396-rfc2732.test.ts checks that it is the file, byte for byte.
 */
export const RFC2732_BNF = `; RFC 2732 (December 1999), "Format for Literal IPv6 Addresses in URL's", section 3: the changes it
; makes to the syntax of RFC 2396, as written there, in RFC 2396's notation. The RFC 2732 grammar is
; RFC 2396 Appendix A (grammar/rfc2396.bnf) with these definitions put in place of RFC 2396's and
; the new ones added (grammar/rfc2732.ts); nothing else is copied.
; Source: grammar/seeds/rfc2396.txt, section "RFC 2732" (the change list as quoted verbatim in public
; code, and RFC 2373 Appendix B's text form of IPv6address as quoted in Erlang's http_uri comments).
;
; (1) change the 'host' non-terminal to add an IPv6 option:
host          = hostname | IPv4address | IPv6reference
ipv6reference = "[" IPv6address "]"
; where IPv6address is defined as in RFC2373 [ARCH]:
IPv6address = hexpart [ ":" IPv4address ]
hexpart = hexseq | hexseq "::" [ hexseq ] | "::" [ hexseq ]
hexseq  = hex4 *( ":" hex4)
hex4    = 1*4HEXDIG
; (2) Replace the definition of 'IPv4address' with that of RFC 2373, as it correctly defines an
; IPv4address as consisting of at most three decimal digits per segment.
IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT
; (3) Add "[" and "]" to the set of 'reserved' characters:
reserved    = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
              "$" | "," | "[" | "]"
`;
