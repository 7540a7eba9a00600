/**
 * `npm run compare-grammars`: RFC 2396 against RFC 3986 on the corpus and real-urls.txt.
 *
 * For each pair of rules that mean the same thing in both RFCs (URI-reference, absoluteURI /
 * absolute-URI, absoluteURI with a fragment / URI, relativeURI with a fragment / relative-ref,
 * authority, host, …) it counts the inputs one grammar accepts and the other rejects, puts each
 * into a bucket by a written reason (the rules below, first match wins; RFC 3986 Appendix D
 * named where it applies), keeps two examples per reason, and writes
 * docs/rfc2396-vs-rfc3986.md. A second table counts inputs both accept but read differently
 * (a query inside an opaque path, a reg_name authority, …). Both grammars are the project's
 * exact ones: RFC 3986's built-in module and RFC 2396 loaded from grammar/rfc2396.bnf.
 */
import * as fs from 'fs';
import * as path from 'path';
import { isValid, parse } from '../src/index';
import { rfc2396 } from '../src/builtins/rfc2396';
import { realUrls, vectors } from './inputs';

// ---------------------------------------------------------------------------------------------
// Inputs: every string of the corpus files (URIs and references, not IPv6 fragments), then the
// real URLs; each once.

function corpusStrings(): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
  };
  for (const c of vectors('valid.json')) add(c.input);
  for (const c of vectors('components.json')) add(c.input);
  for (const c of vectors('resolve.json')) (add(c.base), add(c.ref), add(c.expected));
  for (const c of vectors('normalize.json')) (add(c.input), add(c.expected));
  return out;
}

/** RFC 3986 Appendix B: the split that never fails (also RFC 2396 Appendix B). */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

function authorityOf(s: string): string | undefined {
  return APPENDIX_B.exec(s)![4];
}

/** The host candidate of an authority: after the last "@", without a ":port" (brackets kept). */
function hostOf(authority: string): string {
  const hp = authority.slice(authority.lastIndexOf('@') + 1);
  if (hp.startsWith('[')) return hp.slice(0, hp.includes(']') ? hp.indexOf(']') + 1 : hp.length);
  return hp.replace(/:[^:]*$/, '');
}

// ---------------------------------------------------------------------------------------------
// Rule pairs. Each gives the strings it is asked about and both verdicts.

interface Pair {
  title: string;
  rfc2396: string;
  rfc3986: string;
  note?: string;
  /** The strings this pair is asked about, from one input. */
  strings(input: string): string[];
  v2396(s: string): boolean;
  v3986(s: string): boolean;
}

/** `rule [ "#" fragment ]` in RFC 2396, where only URI-reference carries a fragment. */
function withFragment2396(rule: 'absoluteURI' | 'relativeURI') {
  return (s: string) => {
    const at = s.indexOf('#');
    if (at < 0) return rfc2396.isValid(s, rule);
    return rfc2396.isValid(s.slice(0, at), rule) && rfc2396.isValid(s.slice(at + 1), 'fragment');
  };
}

const whole = (s: string) => [s];
const authorities = (s: string) => {
  const a = authorityOf(s);
  return a === undefined ? [] : [a];
};
const hosts = (s: string) => {
  const a = authorityOf(s);
  return a === undefined ? [] : [hostOf(a)];
};

const PAIRS: Pair[] = [
  { title: 'URI-reference', rfc2396: 'URI-reference', rfc3986: 'URI-reference', strings: whole,
    v2396: (s) => rfc2396.isValid(s, 'URI-reference'), v3986: (s) => isValid(s, 'URI-reference') },
  { title: 'absolute URI, no fragment', rfc2396: 'absoluteURI', rfc3986: 'absolute-URI', strings: whole,
    v2396: (s) => rfc2396.isValid(s, 'absoluteURI'), v3986: (s) => isValid(s, 'absolute-URI') },
  { title: 'absolute URI with optional fragment', rfc2396: 'absoluteURI [ "#" fragment ]', rfc3986: 'URI', strings: whole,
    note: 'RFC 2396 has no rule for this: its absoluteURI has no fragment, and only URI-reference carries one (RFC 3986 D.1 added URI).',
    v2396: withFragment2396('absoluteURI'), v3986: (s) => isValid(s, 'URI') },
  { title: 'relative reference with optional fragment', rfc2396: 'relativeURI [ "#" fragment ]', rfc3986: 'relative-ref', strings: whole,
    note: 'RFC 3986 D.2: "The relativeURI rule has been replaced with relative-ref".',
    v2396: withFragment2396('relativeURI'), v3986: (s) => isValid(s, 'relative-ref') },
  { title: 'authority (the text after "//")', rfc2396: 'authority', rfc3986: 'authority', strings: authorities,
    v2396: (s) => rfc2396.isValid(s, 'authority'), v3986: (s) => isValid(s, 'authority') },
  { title: 'host (the authority without userinfo and port)', rfc2396: 'host', rfc3986: 'host', strings: hosts,
    note: 'RFC 2396 host = hostname | IPv4address; its reg_name is an alternative of the whole authority, not of host. RFC 3986 host = IP-literal / IPv4address / reg-name.',
    v2396: (s) => rfc2396.isValid(s, 'host'), v3986: (s) => isValid(s, 'host') },
];

// ---------------------------------------------------------------------------------------------
// Reasons, first match wins. `only` says which grammar accepts the input.

type Only = '2396' | '3986';

interface Reason {
  id: string;
  text: string;
  appendixD?: string;
  applies(s: string, only: Only, pair: Pair): boolean;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const lastLabel = (h: string) => h.replace(/\.$/, '').split('.').pop() ?? '';

const REASONS: Reason[] = [
  { id: 'ip-literal', text: 'an IP literal in square brackets (`[::1]`, `[v1.x]`): RFC 2396 has no IPv6 (RFC 2732 added it later); `[` and `]` are "unwise" characters there',
    appendixD: 'D.1: "IPv6 (and later) literals have been added … with the addition of "[" and "]" to the reserved set"',
    applies: (s, only) => only === '3986' && /\[/.test(s) },
  { id: 'empty-after-scheme', text: 'nothing (or only a fragment) after `scheme:`, as in `about:` and `dav:`: RFC 2396 needs a hier_part or a non-empty opaque_part',
    appendixD: 'D.2: "The ABNF has been corrected to allow the path component to be empty. This also allows an absolute-URI to consist of nothing after the "scheme:""',
    applies: (s, only) => only === '3986' && /^[A-Za-z][A-Za-z0-9+.-]*:(#.*)?$/.test(s) },
  { id: 'empty-relative', text: 'a relative reference with an empty path (`?y`, `#s`, the empty string): RFC 2396 relativeURI needs a net_path, abs_path or rel_path (its Appendix C.1 nevertheless lists `?y` as an example)',
    appendixD: 'D.2: "The ABNF has been corrected to allow the path component to be empty"',
    applies: (s, only, pair) => only === '3986' && pair.rfc3986 !== 'host' && pair.rfc3986 !== 'authority' && !SCHEME.test(s) && /^([?#]|$)/.test(s) },
  { id: 'empty-host', text: 'an empty host (`http://`, `file:///x` read as host ""): RFC 2396 host needs at least one label; an empty authority there is an empty server, not an empty host',
    appendixD: 'D.2: "Registry-based naming authorities … are now defined within the host rule"',
    applies: (s, only, pair) => only === '3986' && pair.rfc3986 === 'host' && s === '' },
  { id: 'percent-in-host', text: 'a percent-encoded octet in the host: RFC 2396 hostname has letters, digits, "-" and "." only',
    appendixD: 'D.2: "it allows the host component to contain percent-encoded octets, which is necessary to enable internationalized domain names"',
    applies: (s, only, pair) => only === '3986' && pair.rfc3986 === 'host' && s.includes('%') },
  { id: 'non-ldh-host', text: 'a host character other than letters, digits, "-" and "." (`_`, `~`, `!`, `$`, `;` …): fine in an RFC 3986 reg-name, outside RFC 2396 hostname',
    appendixD: 'D.2: host now holds any registered name; "It also removes the need to re-specify DNS name formats here"',
    applies: (s, only, pair) => only === '3986' && pair.rfc3986 === 'host' && /[^A-Za-z0-9.-]/.test(s) },
  { id: 'empty-label', text: 'an empty label (`a..b`, `.a`) in the host: every RFC 2396 domainlabel has at least one character',
    appendixD: 'D.2: "The server, hostport, hostname, domainlabel, toplabel, and alphanum rules have been removed"',
    applies: (s, only, pair) => only === '3986' && pair.rfc3986 === 'host' && /(^\.|\.\.)/.test(s) },
  { id: 'hyphen-edge', text: 'a label that begins or ends with "-" (`-a.com`, `a-.com`): RFC 2396 domainlabel and toplabel begin and end with a letter or digit',
    appendixD: 'D.2: domainlabel and toplabel removed',
    applies: (s, only, pair) => only === '3986' && pair.rfc3986 === 'host' && /(^|\.)-|-(\.|$)/.test(s) },
  { id: 'numeric-toplabel', text: 'a last label that starts with a digit but is not a dotted-quad IPv4 address (`1.2.3`, `a.1b`, `123`): RFC 2396 toplabel starts with a letter, "thus syntactically distinguishing domain names from IPv4 addresses"',
    appendixD: 'D.2: toplabel removed; D.1: IPv4address limited to 0-255, anything else is a reg-name',
    applies: (s, only, pair) => only === '3986' && pair.rfc3986 === 'host' && /^[0-9]/.test(lastLabel(s)) },
  { id: 'reg-name-at', text: 'a registry-based authority with a second "@" (`a@b@c`): RFC 2396 reg_name allows "@" anywhere; RFC 3986 reg-name allows no "@" and userinfo ends at the one "@"',
    appendixD: 'D.2: "Registry-based naming authorities that use the generic syntax are now defined within the host rule"',
    applies: (s, only) => only === '2396' && /@[^/?#]*@/.test(authorityOf(s) ?? s) },
  { id: 'reg-name-colon', text: 'a registry-based authority with a port that is not digits or a second ":" (`h:80:90`, `h:http`): RFC 2396 reads it as reg_name, which allows ":"; RFC 3986 port = *DIGIT',
    appendixD: 'D.2: reg-name is now part of host, without ":"',
    applies: (s, only) => {
      const a = authorityOf(s) ?? s;
      const hostport = a.slice(a.lastIndexOf('@') + 1);
      return only === '2396' && hostport.includes(':') && !/^[^:]*:[0-9]*$/.test(hostport);
    } },
];

/** For an input no written reason covers: where RFC 2396 stops, and on which character. */
function fallback(s: string, only: Only, pair: Pair): { id: string; text: string } {
  const rule = only === '3986' ? pair.rfc2396.split(' ')[0] : pair.rfc3986;
  const stop = only === '3986' ? rfc2396.validate(s, rule as 'URI-reference') : undefined;
  if (stop && !stop.ok) {
    const ch = stop.error.index < s.length ? JSON.stringify(s[stop.error.index]) : 'the end';
    return { id: `other-${ch}`, text: `other: RFC 2396 ${rule} stops at ${ch}` };
  }
  return { id: `other-${only}`, text: `other: accepted by RFC ${only} only` };
}

// ---------------------------------------------------------------------------------------------
// Same verdict, different reading: both accept the URI-reference, the trees differ in kind.

interface Reading {
  id: string;
  text: string;
  count: number;
  examples: string[];
}

const READINGS: Array<Omit<Reading, 'count' | 'examples'> & { applies(s: string): boolean }> = [
  { id: 'opaque-query', text: 'RFC 3986 finds a query, RFC 2396 has none: `opaque_part` (a path not beginning with "/") swallows "?" (`mailto:a?subject=b`)',
    applies: (s) => rfc2396.parse(s).pathRule === 'opaque_part' && parse(s).query !== undefined },
  { id: 'reg-name-authority', text: 'RFC 2396 reads the whole authority as a `reg_name` (no userinfo, host or port), because no `server` matches all of it (`my_host`, `a.1b`)',
    applies: (s) => rfc2396.parse(s).hostKind === 'reg_name' },
  { id: 'ipv4-vs-reg-name', text: 'RFC 2396 `IPv4address` (1*digit per part) that RFC 3986 reads as a reg-name (a part above 255 or with leading zeros is no dec-octet)',
    applies: (s) => rfc2396.parse(s).hostKind === 'IPv4address' && parse(s).hostKind !== 'IPv4address' },
  { id: 'param', text: 'a ";" in the path: RFC 2396 makes it structural (`segment = *pchar *( ";" param )`, a `param` node in the tree); RFC 3986 folds ";" into pchar (same characters, no param rule)',
    applies: (s) => /;/.test(APPENDIX_B.exec(s)![5]) },
  { id: 'marks', text: 'one of `! * \' ( )`: unreserved in RFC 2396 (safe to decode `%21 %2A %27 %28 %29`), a sub-delim (reserved) in RFC 3986 (not to be decoded); verdicts are the same',
    applies: (s) => /[!*'()]/.test(s) },
];

// ---------------------------------------------------------------------------------------------

interface Bucket {
  text: string;
  appendixD?: string;
  examples: string[];
  count: number;
}

function shortestTwo(xs: string[]): string[] {
  return [...new Set(xs)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, 2);
}

function run() {
  const corpus = [...new Set(corpusStrings())];
  const real = [...new Set(realUrls())];
  const sources: Array<[string, string[]]> = [['corpus', corpus], ['real-urls.txt', real]];

  const pairResults = PAIRS.map((pair) => {
    const perSource = sources.map(([name, inputs]) => {
      const seen = new Set<string>();
      let asked = 0;
      let both = 0;
      let neither = 0;
      const buckets = new Map<string, Bucket & { all: string[] }>();
      const counts = { '2396': 0, '3986': 0 };
      for (const input of inputs) {
        for (const s of pair.strings(input)) {
          if (seen.has(s)) continue;
          seen.add(s);
          asked++;
          const a = pair.v2396(s);
          const b = pair.v3986(s);
          if (a && b) both++;
          else if (!a && !b) neither++;
          else {
            const only: Only = a ? '2396' : '3986';
            counts[only]++;
            const r = REASONS.find((x) => x.applies(s, only, pair)) ?? fallback(s, only, pair);
            const key = `${only}:${r.id}`;
            let bucket = buckets.get(key);
            if (!bucket) buckets.set(key, (bucket = { text: r.text, appendixD: (r as Reason).appendixD, examples: [], count: 0, all: [] }));
            bucket.count++;
            bucket.all.push(s);
          }
        }
      }
      for (const b of buckets.values()) b.examples = shortestTwo(b.all);
      return { name, asked, both, neither, counts, buckets };
    });
    return { pair, perSource };
  });

  const readings = sources.map(([name, inputs]) => {
    const rs: Reading[] = READINGS.map((r) => ({ id: r.id, text: r.text, count: 0, examples: [] }));
    const all: string[][] = READINGS.map(() => []);
    let bothValid = 0;
    for (const s of inputs) {
      if (!rfc2396.isValid(s, 'URI-reference') || !isValid(s, 'URI-reference')) continue;
      bothValid++;
      READINGS.forEach((r, i) => {
        if (r.applies(s)) {
          rs[i].count++;
          all[i].push(s);
        }
      });
    }
    rs.forEach((r, i) => (r.examples = shortestTwo(all[i])));
    return { name, bothValid, rs };
  });

  return { corpus, real, pairResults, readings };
}

// ---------------------------------------------------------------------------------------------
// The report.

const code = (s: string) => '`' + (s === '' ? '' : s.replace(/`/g, '\\`')).replace(/\|/g, '\\|') + '`' + (s === '' ? ' (empty)' : '');
const pct = (n: number, of: number) => (of === 0 ? '0' : ((100 * n) / of).toFixed(2)) + '%';

function report(r: ReturnType<typeof run>): string {
  const L: string[] = [];
  const real = r.pairResults[0].perSource[1];
  const corpus = r.pairResults[0].perSource[0];
  L.push('# RFC 2396 vs RFC 3986: what changed in 2005, measured');
  L.push('');
  L.push('<!-- Generated by `npm run compare-grammars` (bench/compare-grammars.ts). Do not edit by hand. -->');
  L.push('');
  L.push('RFC 2396 (1998) was the URI grammar until RFC 3986 (2005) replaced it; Java\'s `java.net.URI` and many older');
  L.push('libraries still validate by it. Both grammars here are exact: RFC 3986 is the built-in grammar, RFC 2396 is');
  L.push('`grammar/rfc2396.bnf` (Appendix A as the RFC writes it) run by the same engine. Every input below was asked of');
  L.push('both, rule pair by rule pair; where they disagree, the input is put into a bucket by a written reason (first');
  L.push('reason that applies), quoting RFC 3986 Appendix D ("Changes from RFC 2396") where it names the change.');
  L.push('');
  L.push(`Inputs: ${r.corpus.length} distinct strings from the corpus (\`test/vectors/*.json\`: valid, components,`);
  L.push(`resolve, normalize) and ${r.real.length} distinct real URLs (\`real-urls.txt\`).`);
  L.push('');
  L.push('## Headline');
  L.push('');
  L.push(`On real URLs the two grammars give the same URI-reference verdict for ${pct(real.both + real.neither, real.asked)} of inputs; every`);
  L.push('difference comes from a rule RFC 3986 changed on purpose (Appendix D), and the tables below show which.');
  L.push('');
  L.push(`- URI-reference, real URLs: RFC 3986 accepts ${real.both + real.counts['3986']} (${pct(real.both + real.counts['3986'], real.asked)}), RFC 2396 accepts ${real.both + real.counts['2396']} (${pct(real.both + real.counts['2396'], real.asked)}); ${real.counts['3986']} are accepted by RFC 3986 only and ${real.counts['2396']} by RFC 2396 only.`);
  L.push(`- URI-reference, corpus: ${corpus.counts['3986']} accepted by RFC 3986 only, ${corpus.counts['2396']} by RFC 2396 only (of ${corpus.asked}).`);
  L.push('');
  L.push('| rule pair (RFC 2396 / RFC 3986) | inputs | both accept | neither | RFC 3986 only | RFC 2396 only |');
  L.push('|---|---|---|---|---|---|');
  for (const { pair, perSource } of r.pairResults)
    for (const p of perSource)
      L.push(`| \`${pair.rfc2396}\` / \`${pair.rfc3986}\` (${p.name}) | ${p.asked} | ${p.both} | ${p.neither} | ${p.counts['3986']} | ${p.counts['2396']} |`);
  L.push('');
  for (const { pair, perSource } of r.pairResults) {
    L.push(`## ${pair.title}: \`${pair.rfc2396}\` / \`${pair.rfc3986}\``);
    L.push('');
    if (pair.note) L.push(pair.note, '');
    for (const p of perSource) {
      for (const only of ['3986', '2396'] as Only[]) {
        const rows = [...p.buckets.entries()].filter(([k]) => k.startsWith(only + ':')).map(([, b]) => b).sort((a, b) => b.count - a.count);
        L.push(`**${p.name}: accepted by RFC ${only} only: ${p.counts[only]}**`);
        L.push('');
        if (rows.length === 0) {
          L.push('None.', '');
          continue;
        }
        L.push('| count | reason | examples | RFC 3986 Appendix D |');
        L.push('|---|---|---|---|');
        for (const b of rows) L.push(`| ${b.count} | ${b.text} | ${b.examples.map(code).join('<br>')} | ${b.appendixD ?? ''} |`);
        L.push('');
      }
    }
  }
  L.push('## Same verdict, different reading');
  L.push('');
  L.push('Inputs that both grammars accept as a URI-reference, but read differently (RFC 2396 components from');
  L.push('`rfc2396.parse`, RFC 3986 from `parse`). A reference can be counted in more than one row.');
  L.push('');
  for (const rd of r.readings) {
    L.push(`**${rd.name}** (${rd.bothValid} accepted by both)`);
    L.push('');
    L.push('| count | difference | examples |');
    L.push('|---|---|---|');
    for (const x of rd.rs) L.push(`| ${x.count} | ${x.text} | ${x.examples.map(code).join('<br>')} |`);
    L.push('');
  }
  L.push('## Other changes that do not show in verdicts');
  L.push('');
  L.push('- Rule names: RFC 3986 uses "-" where RFC 2396 used "_" and renamed or removed rules; its D.2 table maps');
  L.push('  them (`absoluteURI` → `absolute-URI`, `net_path` → `"//" authority path-abempty`, `abs_path` → `path-absolute`,');
  L.push('  `rel_path` → `path-rootless`, `rel_segment` → `segment-nz-nc`, `hostname` → `reg-name`, `server` → `authority`).');
  L.push('- `abs_path` may begin with "//" in RFC 2396 (a segment may be empty); RFC 2396 4.3 settles `//x` for the');
  L.push('  authority ("the authority component wins"), which first match does without help. RFC 3986 `path-absolute`');
  L.push('  cannot begin with "//".');
  L.push('- `IPv4address`: RFC 2396 allows any number of digits per part (RFC 2732 limited it to three), RFC 3986 0-255.');
  L.push('- `#` moved back into the reserved set (D.1), and the fragment into the `URI` rule; verdicts are unchanged.');
  L.push('- `[` and `]` anywhere but an IP literal: rejected by both (RFC 2396 calls them "unwise"; RFC 3986 D.1: they "are');
  L.push('  not allowed outside their use as delimiters for an IP literal within host").');
  L.push('- The characters of a path, query, fragment and userinfo are the same sets in both RFCs (D.1: "those rules were');
  L.push('  redefined to directly specify the characters allowed" without "changing the technical definition"); what');
  L.push('  changed is which of them count as reserved (`! * \' ( )` above).');
  L.push('');
  return L.join('\n');
}

function main() {
  const t0 = Date.now();
  const r = run();
  const out = path.resolve(__dirname, '..', '..', 'docs', 'rfc2396-vs-rfc3986.md');
  fs.writeFileSync(out, report(r));
  for (const { pair, perSource } of r.pairResults)
    for (const p of perSource)
      console.log(`${pair.rfc2396} / ${pair.rfc3986} (${p.name}): ${p.asked} inputs, RFC 3986 only ${p.counts['3986']}, RFC 2396 only ${p.counts['2396']}, reasons: ${[...p.buckets.keys()].join(', ')}`);
  console.log(`wrote ${path.relative(process.cwd(), out)} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

main();
