/**
 * RFC 3986's rules and their verdicts: the data the grammar (./rfc3986.ts) is made of, and the
 * verdicts it shares with the URI functions below it (components, normalization, hints), which
 * ask a rule's tester directly. Each rule's DFA is computed at build time (npm run generate),
 * so that a first call builds nothing; RegExps once a rule is hot
 * (test/builtins/rfc3986-fastpaths.test.ts holds them to the automaton).
 */
import { Driver } from '../engine/grammar/driver';
import { UriSyntaxError } from './errors';
import { RFC3986_TABLES } from '../generated/rfc3986Tables';
import { CHILD_RULES, LEXICAL_RULES, RULE_NAMES, rfc3986Rules, type ChildRule, type RuleName, type UriNode } from '../generated/rfc3986Rules';

export { RULE_NAMES, LEXICAL_RULES, CHILD_RULES, rfc3986Rules, type RuleName, type ChildRule, type UriNode };

/** Rules whose names an error uses for the characters that begin them. */
export const LABEL_RULES: ReadonlySet<string> = new Set<string>(['unreserved', 'pct-encoded', 'sub-delims', 'gen-delims', 'h16', 'dec-octet']);

export const driver = new Driver<RuleName>(rfc3986Rules, LABEL_RULES, UriSyntaxError, { tables: () => RFC3986_TABLES, regexps: true });
