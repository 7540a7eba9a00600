/**
 * The peers of `npm run bench`'s recursive section (bench/jsonPeers.ts: JSON for peggy, chevrotain
 * and ohm-js) are right, so that a ratio is never against a broken parser: on JSONTestSuite
 * (test/vectors/jsontestsuite) each accepts every y_ file and refuses every n_ file that decodes as
 * UTF-8 (the files test/builtins/json.test.ts holds the project's grammar to), and peggy's value
 * actions build what `JSON.parse` builds. Nothing is timed here.
 *
 * chevrotain 11 is an ES module only, which jest's module system does not load: the peers run in a
 * child `node` process, from a bundle esbuild makes of bench/jsonPeers.ts (as the bench runs them,
 * in Node, which loads it).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { execFileSync } from 'child_process';

const ROOT = path.join(__dirname, '..', '..');
const DIR = path.join(ROOT, 'test', 'vectors', 'jsontestsuite', 'test_parsing');

/** Nest past any recursive-descent parser's stack (as the project's grammar stops them by `maxNesting`). */
const TOO_DEEP = ['n_structure_100000_opening_arrays.json', 'n_structure_open_array_object.json'];

type Verdicts = Record<string, Record<string, string>>;

/** Each peer's verdict on each y_ and n_ file: accepted, refused (a SyntaxError), or another error's name; and peggy's value as JSON. */
function runPeers(): { verdicts: Verdicts; values: Record<string, string> } {
  const esbuild = require('esbuild') as typeof import('esbuild');
  const driver = `
    const fs = require('fs'), path = require('path');
    const peers = require('./bench/jsonPeers.ts');
    const dir = process.argv[2];
    const utf8 = new TextDecoder('utf-8', { fatal: true });
    const made = [peers.peggyJson(), peers.chevrotainJson(), peers.ohmJson()];
    const verdicts = {}, values = {};
    for (const f of fs.readdirSync(dir).sort().filter((f) => /^[yn]_/.test(f))) {
      let text;
      try { text = utf8.decode(fs.readFileSync(path.join(dir, f))); } catch { continue; }
      verdicts[f] = {};
      for (const p of made) {
        try {
          const v = p.parse(text);
          verdicts[f][p.name] = 'accepted';
          if (p.name === 'peggy') values[f] = JSON.stringify(v);
        } catch (e) {
          verdicts[f][p.name] = e && e.name === 'SyntaxError' ? 'refused' : String(e && e.name);
        }
      }
    }
    process.stdout.write(JSON.stringify({ verdicts, values }));
  `;
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-peers-')), 'peers.js');
  esbuild.buildSync({
    stdin: { contents: driver, resolveDir: ROOT, sourcefile: 'peers-driver.js', loader: 'js' },
    bundle: true, platform: 'node', format: 'cjs', outfile: out, logLevel: 'error',
  });
  try {
    return JSON.parse(execFileSync(process.execPath, [out, DIR], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

const { verdicts, values } = runPeers();
const utf8 = new TextDecoder('utf-8', { fatal: true });
const files = Object.keys(verdicts);

describe('the JSON grammars of the bench\'s peers, on JSONTestSuite', () => {
  it('reads the files (every y_ file decodes; most n_ files do)', () => {
    expect(files.filter((f) => f.startsWith('y_'))).toHaveLength(95);
    expect(files.filter((f) => f.startsWith('n_')).length).toBeGreaterThan(170);
  });

  it.each(['peggy', 'chevrotain', 'ohm-js'])('%s accepts every y_ file and refuses every n_ file', (peer) => {
    const wrong = files.filter((f) => {
      const v = verdicts[f][peer];
      if (f.startsWith('y_')) return v !== 'accepted';
      return TOO_DEEP.includes(f) ? v === 'accepted' : v !== 'refused';
    }).map((f) => `${f}: ${verdicts[f][peer]}`);
    expect(wrong).toEqual([]);
  });

  it('peggy\'s value actions build what JSON.parse builds, on every y_ file', () => {
    const differ = files.filter((f) => f.startsWith('y_'))
      .filter((f) => values[f] !== JSON.stringify(JSON.parse(utf8.decode(fs.readFileSync(path.join(DIR, f))))));
    expect(differ).toEqual([]);
  });
});
