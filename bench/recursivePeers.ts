/**
 * `npm run bench`, recursive grammars against parser generators (issue 35): the same generated
 * JSON texts through `JSON.parse`, peggy, chevrotain, ohm-js (bench/jsonPeers.ts) and this
 * project's `isValid` and `parseTree`, side by side in one process, round-robin passes, no
 * collection forced (bench/harness.ts). Then RFC 5322 `addr-spec` on long addresses with comments
 * and folding white space, and ABNF's `rulelist` on a 100 KB grammar file. Every table has a time
 * budget: the number of rounds is what fits in it (at least one), so the bench never runs minutes.
 */
import * as fs from 'fs';
import * as path from 'path';
import { grammarByName } from '../src/index';
import { median, pass } from './harness';
import { chevrotainJson, ohmJson, peggyJson, type JsonPeer } from './jsonPeers';

/** The repository: the nearest directory above this file with a package.json (bench/ or dist/bench/). */
export const ROOT = ((): string => {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

/**
 * How long one table's passes after the first may take, in ms of wall time whatever the clock: on
 * a loaded machine the bench then takes fewer passes, not more minutes.
 */
export const TABLE_BUDGET_MS = 10_000;
/** At most this many full passes an entry (the median of them is reported). */
export const MAX_PASSES = 9;

/** A JSON text of about `bytes` bytes: an array of small objects with nested arrays and objects, numbers and escapes. */
export function jsonText(bytes: number): string {
  const items: string[] = [];
  let n = 2;
  for (let i = 0; n < bytes; i++) {
    const s = JSON.stringify({ id: i, name: `item ${i}`, tags: ['a', 'b', i % 7], nested: { x: i * 1.5, ok: i % 2 === 0, v: null, s: 'caf\u00e9 \\"q\\"\n' } });
    items.push(s);
    n += s.length + 2;
  }
  return '[\n' + items.join(',\n') + '\n]';
}

/**
 * A deeper-nested JSON text of about `bytes` bytes: an array of values each `depth` levels deep,
 * objects and arrays in turn, with a number and a string at every level.
 */
export function deepJsonText(bytes: number, depth: number): string {
  const one = (i: number): string => {
    let v = `"leaf ${i}"`;
    for (let d = depth; d > 0; d--) v = d % 2 ? `{"d": ${d}, "v": ${v}}` : `[${i - d}, "l\\t${d}", ${v}]`;
    return v;
  };
  const items: string[] = [];
  let n = 2;
  for (let i = 0; n < bytes; i++) {
    const s = one(i);
    items.push(s);
    n += s.length + 2;
  }
  return '[\n' + items.join(',\n') + '\n]';
}

/** A function of a table: a label, and a call that returns the tool's answer (or throws). */
export interface Entry {
  readonly label: string;
  readonly fn: (s: string) => unknown;
}

/** An entry's figure: ns per call (median), and how many timed passes it had. */
export interface Timing {
  readonly ns: number;
  readonly passes: number;
}

/**
 * Each entry on `inputs` (a pass is one call per input). First a few runs on `small` (texts of
 * the same kind, about 10 KB), so that the optimizing compiler has code for the hot functions
 * before the first full pass: that matters most on a loaded machine, where its background
 * threads wait for a core. Then one full pass each, in which `check` is asked of every answer (no
 * figure is of a call that refused the text), and more passes round-robin, each entry as many as
 * fit in its share of the budget (up to MAX_PASSES in all): a fast entry gets the median of many
 * passes, a slow one the median of few, and every entry runs in every round it has a pass in,
 * beside the others. Figures are ns per pass.
 */
export function sideBySide(inputs: readonly string[], small: readonly string[], entries: readonly Entry[], check: (label: string, answer: unknown) => void): Timing[] {
  for (const e of entries) {
    const t0 = Date.now();
    for (let k = 0; k < 5 && Date.now() - t0 < 1000; k++) pass(e.fn, small);
  }
  const share = TABLE_BUDGET_MS / entries.length;
  const more: number[] = [];
  const times = entries.map((e) => {
    let refused: unknown;
    const began = Date.now();
    const t = pass((s) => {
      let answer: unknown;
      try {
        answer = e.fn(s);
        check(e.label, answer);
      } catch (err) {
        refused ??= err;
      }
      return answer;
    }, inputs);
    if (refused) throw new Error(`bench: ${e.label}: ${String((refused as Error).message ?? refused).split('\n')[0]}`);
    more.push(Math.min(MAX_PASSES - 1, Math.floor(share / Math.max(1, Date.now() - began))));
    return [t];
  });
  for (let r = 0; r < Math.max(...more); r++) {
    entries.forEach((e, k) => {
      if (r < more[k]) times[k].push(pass(e.fn, inputs));
    });
  }
  return times.map((t) => ({ ns: median(t), passes: t.length }));
}

/** The "timed passes" cell. */
const passes = (t: Timing): string => String(t.passes);

const kb = (bytes: number): string => `${(bytes / 1000).toFixed(0)} KB`;
const fmt = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The JSON tables (the ~188 KB text of the issue and a deeper-nested one), each with its two
 * ratios: `isValid` ÷ `JSON.parse` and `parseTree` ÷ peggy.
 */
export function jsonPeersTables(): string[] {
  const json = grammarByName('json');
  const peers: JsonPeer[] = [];
  const missing: string[] = [];
  for (const make of [peggyJson, chevrotainJson, ohmJson]) {
    try {
      peers.push(make());
    } catch (e) {
      missing.push(`${make.name}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  const entries: Entry[] = [
    { label: '`JSON.parse` (native, builds the values)', fn: (s) => JSON.parse(s) },
    ...peers.map((p) => ({ label: `${p.name} ${p.version}, ${p.call}`, fn: (s: string) => p.parse(s) })),
    { label: '**this, `isValid(s, \'JSON-text\')`**', fn: (s) => json.isValid(s, 'JSON-text') },
    { label: '**this, `parseTree(s, \'JSON-text\')`**', fn: (s) => json.parseTree(s, 'JSON-text') },
  ];
  const check = (label: string, answer: unknown) => {
    if (answer === false) throw new Error(`bench: ${label} refused a generated JSON text`);
  };
  const lines: string[] = [];
  const texts: Array<[string, string, string]> = [
    ['an array of objects with strings, escapes, numbers and nested arrays', jsonText(188_000), jsonText(10_000)],
    ['an array of values each 200 levels deep (objects and arrays in turn)', deepJsonText(100_000, 200), deepJsonText(10_000, 200)],
  ];
  for (const [what, text, small] of texts) {
    const bytes = Buffer.byteLength(text);
    const t = sideBySide([text], [small], entries, check);
    const base = t[0].ns;
    const peggyAt = entries.findIndex((e) => e.label.startsWith('peggy'));
    lines.push('', `JSON text of ${kb(bytes)} (${fmt(bytes)} bytes of UTF-8): ${what}.`, '',
      '| parser of the same text | ns per byte | × `JSON.parse` | passes |', '|---|---:|---:|---:|');
    entries.forEach((e, k) => lines.push(`| ${e.label} | ${fmt(t[k].ns / bytes)} | ${fmt(t[k].ns / base)} | ${passes(t[k])} |`));
    const overParse = t[entries.length - 2].ns / base;
    const overPeggy = peggyAt >= 0 ? fmt(t[entries.length - 1].ns / t[peggyAt].ns) : 'no peggy';
    lines.push('', `\`isValid\` ÷ \`JSON.parse\`: **${fmt(overParse)}** (goal ≤ 2); \`parseTree\` ÷ peggy's \`parse\`: **${overPeggy}** (goal ≤ 0.5).`);
  }
  for (const m of missing) lines.push('', `Left out: ${m}.`);
  return lines;
}

/**
 * A long RFC 5322 address: a local part of `words` words (atoms and quoted strings, with nested
 * comments and folding white space between them, the obsolete form `obs-local-part`), and a domain
 * of dotted labels with comments.
 */
export function longAddress(words: number, seed: number): string {
  const local: string[] = [];
  for (let i = 0; i < words; i++) {
    const w = i % 3 === 1 ? `"quoted \\" w${seed}.${i}"` : `w${seed}_${i}`;
    local.push(i % 2 ? ` (c ${i} (nested \\) ${seed}))\r\n ${w} ` : w);
  }
  return `(from ${seed})\r\n ${local.join('.')} (end) @ (domain)\r\n mail${seed} . example (x) . org (t)`;
}

/** The whole text of `file` under grammar/ (CRLF line ends, as `rulelist` requires). */
function grammarText(file: string): string {
  return fs.readFileSync(path.join(ROOT, 'grammar', file), 'utf8')
    .split(/\r?\n/)
    .map((line) => (/^\s+[A-Za-z][A-Za-z0-9-]*\s*=/.test(line) ? line.trimStart() : line)) // a rule starts in column 1
    .join('\r\n');
}

/**
 * An ABNF text of at least `bytes` bytes: the repository's .abnf files over and over, each copy's
 * rule names given the suffix `-k` (strings, numeric values, prose and comments left as they are).
 */
export function abnfText(bytes: number): string {
  const dir = path.join(ROOT, 'grammar');
  const texts = fs.readdirSync(dir).filter((f) => f.endsWith('.abnf')).sort().map(grammarText);
  const token = /"[^"]*"|%[xdbXDB][0-9A-Fa-f.-]+|%[siSI]"[^"]*"|<[^>]*>|;[^\r]*|[A-Za-z][A-Za-z0-9-]*/g;
  const out: string[] = [];
  let n = 0;
  for (let k = 0; n < bytes; k++) {
    const t = texts[k % texts.length].replace(token, (m) => (/^[A-Za-z]/.test(m) ? `${m}-${k}` : m));
    out.push(t);
    n += t.length;
  }
  return out.join('\r\n');
}

/** RFC 5322 `addr-spec` and ABNF `rulelist`: this project alone, ns per byte. */
export function otherGrammarTables(): string[] {
  const lines: string[] = [];
  const rfc5322 = grammarByName('rfc5322');
  const abnf = grammarByName('abnf');
  const addresses = Array.from({ length: 20 }, (_, i) => longAddress(40, i));
  const abnfFile = abnfText(100_000);
  const cases: Array<[string, string[], string[], (s: string) => boolean, (s: string) => unknown]> = [
    [`RFC 5322 \`addr-spec\`: ${addresses.length} addresses of about ${kb(addresses[0].length)} each (quoted strings, nested comments, folding white space)`,
      addresses, [longAddress(40, -1)], (s) => rfc5322.isValid(s, 'addr-spec'), (s) => rfc5322.parseTree(s, 'addr-spec')],
    [`ABNF \`rulelist\` (RFC 5234 section 4): the repository's .abnf files, repeated with renamed rules, ${kb(abnfFile.length)}`,
      [abnfFile], [abnfText(10_000)], (s) => abnf.isValid(s, 'rulelist'), (s) => abnf.parseTree(s, 'rulelist')],
  ];
  for (const [what, texts, small, valid, tree] of cases) {
    const bytes = texts.reduce((n, s) => n + Buffer.byteLength(s), 0);
    const entries: Entry[] = [{ label: '`isValid`', fn: valid }, { label: '`parseTree`', fn: tree }];
    const t = sideBySide(texts, small, entries, (label, answer) => {
      if (answer === false) throw new Error(`bench: ${label} refused a generated text (${what})`);
    });
    lines.push('', `${what}.`, '', '| call | ns per byte | ms a pass | passes |', '|---|---:|---:|---:|');
    entries.forEach((e, k) => lines.push(`| ${e.label} | ${fmt(t[k].ns / bytes)} | ${fmt(t[k].ns / 1e6)} | ${passes(t[k])} |`));
  }
  return lines;
}
