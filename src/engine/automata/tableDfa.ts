/**
 * A grammar's rules as one DFA in tables computed at build time (../build/packDfas.ts), read
 * here at run time, so that a fresh process answers its first question without compiling
 * anything.
 *
 * The automaton (./automaton.ts) builds a rule's DFA from its NFA by subset construction,
 * lazily; a RegExp derived from the rule (./regexp.ts) is compiled by V8 on first use. Either
 * costs milliseconds of cold work on a process's first call (the URI-reference RegExp about
 * 14 ms). At build time each rule's whole DFA, minimized (`Automaton.minimal`), is packed with
 * the others (`packDfas`): one set of character classes, and the states of all rules minimized
 * as one automaton with a start state for each rule, so that what rules share (URI-reference
 * and URI after the scheme, every authority, every IPv6 literal) is stored once. Here a state's
 * row is unpacked into a typed array the first time an input reaches that state. The verdict is
 * then one class look-up and one transition a character, for inputs of any length; a failure's
 * offset and `expected` come from the same tables, exactly as each rule's automaton gives them
 * (states merge only when they accept alike, expect the same words and lead to merged states on
 * every class).
 */
import type { Verdict } from './automaton';
import { charLength } from './codepoints';
import { copyOfList } from '../errors';
import { LONG } from '../limits';

/**
 * DFAs packed for a source file, in a JSON-safe ASCII alphabet of 64 digits. The rows are
 * base-32 varints (see `enc`, ../build/packDfas.ts): most numbers there (run lengths, the dead
 * state) take one character. What is looked up by state has a fixed width, so that nothing needs decoding
 * before the first question.
 */
export interface PackedDfa {
  /** Character classes, the length of a row. */
  readonly width: number;
  /** The class of each ASCII character, two digits each. */
  readonly ascii: string;
  /** Above ASCII: [first code point, class] pairs, ascending (class 0 throughout: no such character matches). */
  readonly wide: readonly number[];
  /** The rows of states 1, 2, … (state 0 is dead): runs of (next state, run length) over the classes. */
  readonly rows: string;
  /** Where each state's row begins in `rows`, three digits a state (from state 0), and where the last ends. */
  readonly rowAt: string;
  /** The accepting states, six a digit (bit k of digit j: state 6j + k). */
  readonly accepting: string;
  /** The words of the `expected` lists; the distinct lists, as varint indexes into `words`; each state's list, two digits a state. */
  readonly words: readonly string[];
  readonly expected: readonly string[];
  readonly expectedOf: string;
  /** Each rule's start state. */
  readonly starts: Readonly<Record<string, number>>;
}

/** How many distinct `expected` lists the tables can hold: two base-64 digits a state's list id (`expectedOf`). */
const LISTS = 64 * 64;

/** The most characters one call of a state's cycles RegExp reads (see `locateLong`). */
const CHUNK = 16_384;

/**
 * Characters above ASCII read as a text of ASCII characters: RFC 3987's mapping reads each
 * ucschar as a `pct-encoded` triplet (src/iri/check.ts), so that an IRI is an RFC 3986 walk
 * over its own text, with no mapped copy made (`locateAs`).
 */
export interface WideAs {
  /** 1 for each UTF-16 code unit above ASCII that stands for `text`; any other stops the walk. */
  readonly units: Uint8Array;
  /** The same units as ranges for a RegExp character class (`\\uXXXX` escapes, no `u` flag). */
  readonly source: string;
  /** The ASCII text each stands for. */
  readonly text: string;
  /**
   * Characters above the Basic Multilingual Plane that stand for `text` too, each a surrogate
   * pair: `takes(high, low)` says which, `source` reads one as a RegExp alternative (no `u`
   * flag). Any other pair stops the walk, as a unit not in `units` does.
   */
  readonly pairs?: { readonly takes: (high: number, low: number) => boolean; readonly source: string };
}

/** A state's cycles as a sticky RegExp (`TableDfa.cycles`), and whether it has a loop of its own. */
interface Cycles {
  readonly re: RegExp;
  /**
   * With `as`, where the state's own loop reads ASCII too: the same cycles with that loop's
   * ASCII run tried first, for a stretch that starts with ASCII. The order of the alternatives
   * changes only the speed (every one reads whole cycles): a failed first try costs each turn,
   * and ASCII text (a long path with one ucschar last) read 0.88 ns a character behind the
   * ucschar run, 0.6 with its own run first, where a long Japanese path read 0.88 behind it.
   */
  readonly ascii?: RegExp;
  readonly loops: boolean;
}

/** The 64 digits of the packed tables, in order. */
export const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';

const DIGIT = new Uint8Array(128);
for (let k = 0; k < ALPHABET.length; k++) DIGIT[ALPHABET.charCodeAt(k)] = k;

/** The varints of `text` from offset `from` to `to` (see `enc`, ../build/packDfas.ts). */
function varints(text: string, from = 0, to = text.length): number[] {
  const out: number[] = [];
  for (let i = from, n = 0, shift = 1; i < to; i++) {
    const d = DIGIT[text.charCodeAt(i)];
    n += (d & 31) * shift;
    if (d < 32) {
      out.push(n);
      n = 0;
      shift = 1;
    } else shift *= 32;
  }
  return out;
}

function readFixed(text: string, i: number, digits: number): number {
  let n = 0;
  for (let k = 0; k < digits; k++) n = n * 64 + DIGIT[text.charCodeAt(i + k)];
  return n;
}

/** The class of code point `cp` (at least 128) in [first code point, class] pairs (0 if below them all). */
export function wideClass(wide: readonly number[], cp: number): number {
  let lo = 0;
  let hi = wide.length / 2; // the number of pairs whose first code point is at most cp
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (wide[2 * mid] <= cp) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : wide[2 * lo - 1];
}


/**
 * Packed DFAs, unpacked row by row as inputs reach their states: a process's first question
 * costs the few rows it visits, not the whole table. A state is passed around as its offset
 * (state × width).
 */
export class TableDfa {
  private readonly width: number;
  private readonly ascii = new Uint16Array(128);
  private readonly wide: readonly number[];
  /**
   * Transitions, flat: the next state's offset; 0 is the dead state, and also every entry of a
   * row not unpacked yet (`unpacked` tells them apart).
   */
  private readonly next: Uint16Array;
  /** 1 at the offset of each state whose row is unpacked (the dead state's is all zeros). */
  private readonly unpacked: Uint8Array;

  constructor(private readonly packed: PackedDfa) {
    const width = (this.width = packed.width);
    for (let c = 0; c < 128; c++) this.ascii[c] = readFixed(packed.ascii, 2 * c, 2);
    this.wide = packed.wide;
    const states = packed.expectedOf.length / 2;
    this.next = new Uint16Array(states * width);
    this.unpacked = new Uint8Array(states * width);
    this.unpacked[0] = 1;
  }

  /** The offset of a rule's start state, or undefined for a rule the tables do not hold. */
  startOf(rule: string): number | undefined {
    return Object.prototype.hasOwnProperty.call(this.packed.starts, rule) ? this.packed.starts[rule] * this.width : undefined;
  }

  /** The state after class `k` from the state at offset `s`, unpacking its row if need be. */
  private step(s: number, k: number): number {
    if (this.unpacked[s] === 0) {
      // The row's runs: (next state, run length) in turn.
      const id = s / this.width;
      const runs = varints(this.packed.rows, readFixed(this.packed.rowAt, 3 * id, 3), readFixed(this.packed.rowAt, 3 * id + 3, 3));
      for (let r = 0, at = s; r < runs.length; r += 2) this.next.fill(runs[r] * this.width, at, (at += runs[r + 1]));
      this.unpacked[s] = 1;
    }
    return this.next[s + k];
  }

  /** The class of the character at `i`; lone surrogates match nothing, as in ./codepoints.ts. */
  private classAt(input: string, i: number): number {
    const c = input.charCodeAt(i);
    if (c < 128) return this.ascii[c];
    const cp = input.codePointAt(i)!;
    return cp >= 0xd800 && cp <= 0xdfff ? 0 : wideClass(this.wide, cp);
  }

  /** Does the whole input match, from the start state at offset `start`? */
  test(input: string, start: number): boolean {
    return this.locate(input, start, 0, input.length) < 0;
  }

  /** Is the state at offset `s` accepting? */
  private accepts(s: number): boolean {
    const id = s / this.width;
    return ((DIGIT[this.packed.accepting.charCodeAt((id / 6) | 0)] >> id % 6) & 1) === 1;
  }

  /**
   * The verdict as one number: -1 when the whole input matches, else a failure code for
   * `failureIndex` and `failureExpected` (the offset and the state's `expected` list), so that
   * a batch's error line needs no second run over the input. `test` and `run` read it.
   */
  locate(input: string, start: number, from: number, end: number): number {
    // `from` and `end`: the input is text[from, end) (a line of a batch's chunk, not cut out of it).
    // No defaults: a default's code runs only for some callers, see the end of the loop.
    // The whole input only: a RegExp reads a surrogate pair cut by `from` or `end` as one character.
    if (end - from >= this.runsFrom && from === 0 && end === input.length) return this.locateLong(input, start);
    const next = this.next;
    const ascii = this.ascii;
    let s = start;
    let i = from;
    for (; i < end; i++) {
      const c = input.charCodeAt(i);
      if (c > 127) return this.locateWide(input, i, s, from, end);
      let to = next[s + ascii[c]];
      if (to === 0 && (to = this.step(s, ascii[c])) === 0) break;
      s = to;
    }
    // The failure code is made for a match too (one table read), so that every call runs the
    // same code: V8 optimizes this loop within a few lines of a batch, and code that had not run
    // by then (the first refused line's) would throw the optimized code away and start again.
    const code = this.failure(i - from, s);
    return i === end && this.accepts(s) ? -1 : code;
  }

  /**
   * From this many characters on, `locate` reads long stretches with each state's `cycles`
   * RegExp (tests set it to 0, to hold that path to the plain one on short inputs too).
   */
  runsFrom = LONG;

  /**
   * `locate` of a whole long input. A table walk costs two dependent loads a character (about
   * 2.5 ns); V8's native code for a RegExp over one state's cycles a third of that. So where
   * the walk is in a state with cycles, their RegExp reads as far as it can (a sequence of whole
   * cycles ends in the same state, so the walk goes on from there as if it had stepped through
   * them); when a RegExp reads little, the walk steps on alone for a while (doubling, up to
   * LONG characters) before asking again, so that input whose states change often pays little.
   */
  private locateLong(input: string, start: number): number {
    return this.walk(input, start, undefined);
  }

  /**
   * `locate` of a whole input in which each code unit of `as.units` is read as `as.text` (an
   * input with any other unit above ASCII fails there: its caller tells the two apart), for
   * inputs of any length, the long way (`locateLong`): its cycles' RegExps take those units as
   * one more class. The failure's offset is the input's.
   */
  locateAs(input: string, start: number, as: WideAs): number {
    return this.walk(input, start, as);
  }

  /**
   * The walk of `locateLong` and `locateAs` (`as` undefined: wide characters as themselves). A
   * state whose cycles have no loop of its own (the middle of a `%41`) is passed by a few steps
   * first: the state it leads to reads the same text as a run, which V8 reads faster (a run of
   * one class, or of a fixed-length cycle, pushes nothing on its backtracking stack a turn).
   */
  private walk(input: string, start: number, as: WideAs | undefined): number {
    const end = input.length;
    const next = this.next;
    const ascii = this.ascii;
    const runs = this.runsOf(as);
    // With `as`: its units, and the last state its text was read in and the state it led to.
    const units = as === undefined ? undefined : as.units;
    const pairs = as === undefined ? undefined : as.pairs;
    let asFrom = -1;
    let asTo = 0;
    let s = start;
    let i = 0;
    let quiet = 0;
    let idle = 8;
    let hops = 0;
    while (i < end) {
      if (quiet <= 0) {
        let cycles = runs.get(s);
        if (cycles === undefined) cycles = this.cycles(s, as);
        if (cycles !== null && !cycles.loops && hops < 3) {
          hops++;
          quiet = 1;
        } else {
          hops = 0;
          let read = 0;
          if (cycles !== null) {
            // At most CHUNK characters a call (a slice: a view, not a copy): V8's backtracking
            // stack grows with what one call reads, and must not overflow whatever the pattern.
            // The input's last CHUNK are read where they are.
            const re = cycles.ascii !== undefined && input.charCodeAt(i) < 128 ? cycles.ascii : cycles.re;
            if (end - i > CHUNK) {
              re.lastIndex = 0;
              re.test(input.slice(i, i + CHUNK)); // always matches (zero cycles at least)
              read = re.lastIndex;
            } else {
              re.lastIndex = i;
              re.test(input);
              read = re.lastIndex - i;
            }
            i += read;
          }
          if (read >= 256) {
            // A step on to the next state, then its cycles.
            idle = 8;
            quiet = 1;
          } else {
            quiet = idle;
            idle = Math.min(2 * idle, LONG);
          }
          if (i === end) break;
        }
      }
      const c = input.charCodeAt(i);
      let to: number;
      if (c < 128) {
        to = next[s + ascii[c]];
        if (to === 0 && (to = this.step(s, ascii[c])) === 0) return this.failure(i, s);
        i++;
      } else if (units === undefined) {
        to = this.step(s, this.classAt(input, i));
        if (to === 0) return this.failure(i, s);
        i += charLength(input, i);
      } else {
        // One unit of `as`, or a pair of two that stands for its text as one unit does.
        let width = 1;
        if (units[c] !== 1) {
          if (pairs === undefined || !pairs.takes(c, input.charCodeAt(i + 1))) return this.failure(i, s);
          width = 2;
        }
        // Wide characters come in runs, mostly in one state: its step kept at hand.
        if (s !== asFrom) asTo = this.stepAs((asFrom = s), as!);
        if ((to = asTo) === 0) return this.failure(i, s);
        i += width;
      }
      s = to;
      quiet--;
    }
    return this.accepts(s) ? -1 : this.failure(end, s);
  }

  /** The state after `as.text` from the state at offset `s` (0: dead), kept once computed. */
  private stepAs(s: number, as: WideAs): number {
    let after = this.asSteps.get(as);
    if (!after) this.asSteps.set(as, (after = new Int32Array(this.next.length / this.width).fill(-1)));
    const id = s / this.width;
    let to = after[id];
    if (to < 0) {
      to = s;
      for (let j = 0; j < as.text.length && to !== 0; j++) to = this.step(to, this.ascii[as.text.charCodeAt(j)]);
      after[id] = to;
    }
    return to;
  }

  private readonly asSteps = new Map<WideAs, Int32Array>();

  /**
   * A sticky RegExp for the ways back from the state at offset `s` to itself: its own loop (the
   * RFC 3986 path's `pchar / "/"`), and paths through one or two other states, each of which may
   * loop on its way (a pct-encoded `%41`; `a/b/c` where a segment's first character leads
   * elsewhere). Any text it reads is whole cycles, so the walk is in `s` again after it. Up to
   * 16,384 cycles a call (and a slice of CHUNK characters): a turn of a cycle that is not a run
   * pushes on V8's backtracking stack, which must not overflow. Null if the state has none.
   * Made once a state, on first need.
   */
  private cycles(s: number, as?: WideAs): Cycles | null {
    const regexps = this.runsOf(as);
    let found = regexps.get(s);
    if (found !== undefined) return found;
    const width = this.width;
    // With `as`, its units are one more class: `width`.
    const classes = as ? width + 1 : width;
    const move = (from: number, k: number): number => (k === width ? this.stepAs(from, as!) : this.step(from, k));
    const classesTo = (from: number, to: number): number[] => {
      const ks: number[] = [];
      for (let k = 1; k < classes; k++) if (move(from, k) === to) ks.push(k);
      return ks;
    };
    const alternatives: string[] = [];
    let wide = false;
    const set = (ks: number[]): string => {
      const r = this.classSource(ks, as);
      wide ||= r.wide;
      return r.source;
    };
    // A state's own loop as a run (V8 reads a run of one class without a backtracking entry a
    // character); the others through one or two other states, each with its own loop.
    const loop = (q: number, mark: string): string => {
      const ks = classesTo(q, q);
      return ks.length ? set(ks) + mark : '';
    };
    // A cycle of fixed length (no loop on its way: `%41`) as a run of itself, which V8 reads
    // without a backtracking entry a turn either: three times as fast on a long `%41` run.
    const cycle = (source: string, fixed: boolean): string => (fixed ? `(?:${source})+` : source);
    const self = loop(s, '+');
    // With `as`, the self loop's run first with only the widest range of its units (a long IRI's
    // CJK or Hangul): V8 tests a class of fewer ranges faster, and where that run stops the whole
    // class goes on (any text the first reads, the second would have).
    const own = classesTo(s, s);
    if (as && own.includes(width) && this.widest(as) !== as.source) alternatives.push(this.classSource(own, as, this.widest(as)).source + '+');
    if (self) alternatives.push(self);
    // With `as` pairs, a run of them where `as` loops (each pair reads as one unit of `as`).
    if (as?.pairs && own.includes(width)) alternatives.push(`(?:${as.pairs.source})+`);
    const asciiRun = as && own.includes(width) && own.length > 1 ? this.classSource(own.filter((k) => k !== width), undefined, undefined, true).source + '+' : undefined;
    const after = (q: number): Set<number> => {
      const to = new Set<number>();
      for (let k = 1; k < classes; k++) {
        const a = move(q, k);
        if (a !== 0 && a !== s && a !== q) to.add(a);
      }
      return to;
    };
    for (const a of after(s)) {
      const loopA = loop(a, '*');
      const toA = set(classesTo(s, a)) + loopA;
      const back = classesTo(a, s);
      if (back.length) alternatives.push(cycle(toA + set(back), !loopA));
      for (const b of after(a)) {
        const home = classesTo(b, s);
        const loopB = loop(b, '*');
        if (home.length) alternatives.push(cycle(toA + set(classesTo(a, b)) + loopB + set(home), !loopA && !loopB));
      }
    }
    const flags = wide ? 'yu' : 'y';
    found = alternatives.length ? { re: new RegExp(`(?:${alternatives.join('|')}){0,16384}`, flags), loops: self !== '' } : null;
    if (found && asciiRun) found = { ...found, ascii: new RegExp(`(?:${[asciiRun, ...alternatives].join('|')}){0,16384}`, flags) };
    regexps.set(s, found);
    return found;
  }

  /** The longest range of `as.units`, as a RegExp class's range. */
  private widest(as: WideAs): string {
    let found = this.widestOf.get(as);
    if (found === undefined) {
      let best = 0;
      let from = 0;
      for (let c = 0x80, lo = -1; c <= 0x10000; c++) {
        if (c < 0x10000 && as.units[c] === 1) {
          if (lo < 0) lo = c;
        } else if (lo >= 0) {
          if (c - lo > best) [best, from] = [c - lo, lo];
          lo = -1;
        }
      }
      const hex = (c: number) => '\\u' + c.toString(16).padStart(4, '0');
      this.widestOf.set(as, (found = best ? `${hex(from)}-${hex(from + best - 1)}` : ''));
    }
    return found;
  }
  private readonly widestOf = new Map<WideAs, string>();

  /** Each state's cycles (`cycles`) for one reading of wide characters, made on first need. */
  private runsOf(as: WideAs | undefined): Map<number, Cycles | null> {
    let regexps = this.cycleRegexps.get(as);
    if (!regexps) this.cycleRegexps.set(as, (regexps = new Map()));
    return regexps;
  }
  /** Each state's cycles, by the reading of wide characters (undefined: as themselves). */
  private readonly cycleRegexps = new Map<WideAs | undefined, Map<number, Cycles | null>>();

  /**
   * A RegExp character class of the characters of classes `ks` (lone surrogates left out: they
   * match nothing). With `as`, the code units above ASCII are `as.units` (class `width`) alone,
   * written as `units` (by default `as.source`: all of them).
   */
  private classSource(ks: readonly number[], as?: WideAs, units = as?.source, asciiOnly = false): { source: string; wide: boolean } {
    if (as) {
      const ascii = this.classSource(ks.filter((k) => k !== this.width), undefined, undefined, true).source;
      return { source: ascii.slice(0, -1) + (ks.includes(this.width) ? units : '') + ']', wide: false };
    }
    const inSet = new Set(ks);
    const ranges: number[] = [];
    const add = (lo: number, hi: number) => {
      if (ranges.length && ranges[ranges.length - 1] === lo - 1) ranges[ranges.length - 1] = hi;
      else ranges.push(lo, hi);
    };
    for (let c = 0; c < 128; c++) if (inSet.has(this.ascii[c])) add(c, c);
    const w = asciiOnly ? [] : this.wide;
    for (let j = 0; j < w.length; j += 2) {
      if (!inSet.has(w[j + 1])) continue;
      const lo = w[j];
      const hi = j + 2 < w.length ? w[j + 2] - 1 : 0x10ffff;
      // Without the surrogates D800-DFFF.
      if (lo < 0xd800) add(lo, Math.min(hi, 0xd7ff));
      if (hi > 0xdfff) add(Math.max(lo, 0xe000), hi);
    }
    const wide = ranges.length > 0 && ranges[ranges.length - 1] > 0x7f;
    const hex = (n: number) => (wide ? `\\u{${n.toString(16)}}` : `\\x${n.toString(16).padStart(2, '0')}`);
    let source = '[';
    for (let j = 0; j < ranges.length; j += 2) source += ranges[j] === ranges[j + 1] ? hex(ranges[j]) : `${hex(ranges[j])}-${hex(ranges[j + 1])}`;
    return { source: source + ']', wide };
  }

  /** `locate` from offset `i` (a character above ASCII) in state `s`. */
  private locateWide(input: string, i: number, s: number, from: number, end: number): number {
    // A surrogate pair cut by `end` is a lone surrogate, as in input.slice(from, end).
    for (; i < end; i += i + 1 < end ? charLength(input, i) : 1) {
      const to = this.step(s, i + 1 < end ? this.classAt(input, i) : this.classAt(input.charAt(i), 0));
      if (to === 0) return this.failure(i - from, s);
      s = to;
    }
    return this.accepts(s) ? -1 : this.failure(end - from, s);
  }

  /** A failure at offset `index` in the state at offset `s`: the offset and the state's list in one number. */
  private failure(index: number, s: number): number {
    return index * LISTS + this.listOf(s);
  }

  /** The offset of a failure code from `locate`. */
  failureIndex(code: number): number {
    return Math.floor(code / LISTS);
  }

  /** The `expected` list of a failure code from `locate`: the tables' own (frozen) list, shared by every failure in that state. */
  failureExpected(code: number): readonly string[] {
    return this.list(code % LISTS);
  }

  /**
   * The verdict; for a failure, the first offset at which no match can go on, and what could
   * come there: a fresh copy of the state's list (an error's list is its own), which is decoded
   * once (the errors of a batch name the same few lists again and again; the "expected" line of
   * each is cached with it, ../errors.ts `copyOfList`).
   */
  run(input: string, start: number): Verdict {
    const code = this.locate(input, start, 0, input.length);
    if (code < 0) return { ok: true, index: input.length, expected: [] };
    return { ok: false, index: this.failureIndex(code), expected: copyOfList(this.failureExpected(code)) };
  }

  /** The id of the `expected` list of the state at offset `s`. */
  private listOf(s: number): number {
    return readFixed(this.packed.expectedOf, (2 * s) / this.width, 2);
  }

  /** An `expected` list by id, decoded once. */
  private list(id: number): readonly string[] {
    return (this.lists[id] ??= Object.freeze(varints(this.packed.expected[id]).map((w) => this.packed.words[w])));
  }
  private readonly lists: (readonly string[])[] = [];
}
