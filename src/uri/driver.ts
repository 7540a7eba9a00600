/** The RFC 3986 grammar handed to the generic driver. */
import { Driver } from '../engine/grammar/driver';
import { UriSyntaxError } from './errors';
import { RFC3986_TABLES } from '../generated/rfc3986Tables';
import { CHILD_RULES, LEXICAL_RULES, RULE_NAMES, rfc3986Rules, type ChildRule, type RuleName, type UriNode } from '../generated/rfc3986Rules';

export { RULE_NAMES, LEXICAL_RULES, CHILD_RULES, type RuleName, type ChildRule, type UriNode };

/** Rules whose names an error uses for the characters that begin them. */
export const LABEL_RULES: ReadonlySet<string> = new Set<string>(['unreserved', 'pct-encoded', 'sub-delims', 'gen-delims', 'h16', 'dec-octet']);

// Each rule's DFA, computed at build time (npm run generate), so that a first call builds nothing;
// RegExps once a rule is hot (test/builtins/rfc3986-fastpaths.test.ts holds them to the automaton).
export const driver = new Driver<RuleName>(rfc3986Rules, LEXICAL_RULES, LABEL_RULES, UriSyntaxError, { derived: { dfas: RFC3986_TABLES }, regexps: true });
