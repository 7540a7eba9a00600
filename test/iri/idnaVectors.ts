/** Rows of the UTS #46 conformance data (test/vectors/idna/IdnaTestV2-sample.txt). */
import { readFileSync } from 'fs';
import { join } from 'path';

export interface IdnaRow {
  line: number;
  source: string;
  toUnicode: string;
  toUnicodeStatus: string[];
  toAsciiN: string;
  toAsciiNStatus: string[];
}

/** "\uXXXX" and "\x{XXXX}" escapes; `""` is the empty string. */
function unescape(cell: string): string {
  if (cell === '""') return '';
  return cell.replace(/\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}/g, (_, u, x) => {
    const cp = parseInt(u ?? x, 16);
    return cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
  });
}

const status = (cell: string): string[] => (cell === '' || cell === '[]' ? [] : cell.slice(1, -1).split(',').map((s) => s.trim()));

export function idnaRows(): IdnaRow[] {
  const text = readFileSync(join(__dirname, '../vectors/idna/IdnaTestV2-sample.txt'), 'utf8');
  const rows: IdnaRow[] = [];
  text.split('\n').forEach((raw, k) => {
    const data = raw.replace(/#.*$/, '');
    if (data.trim() === '') return;
    const c = data.split(';').map((s) => s.trim());
    const source = unescape(c[0]);
    const toUnicode = c[1] === '' ? source : unescape(c[1]);
    const toUnicodeStatus = status(c[2]);
    const toAsciiN = c[3] === '' ? toUnicode : unescape(c[3]);
    const toAsciiNStatus = c[4] === '' ? toUnicodeStatus : status(c[4]);
    rows.push({ line: k + 1, source, toUnicode, toUnicodeStatus, toAsciiN, toAsciiNStatus });
  });
  return rows;
}
