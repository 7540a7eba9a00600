/**
 * src/engine/build/ holds build-time code only (packing tables, writing modules, making tree
 * plans); what a program runs to read them lives beside what it reads (src/engine/automata/
 * tableDfa.ts, src/engine/trees/plan.ts, src/engine/grammar/fromCompiled.ts). So nothing outside
 * build/ imports from it, but for a user's own build step: `toModule` and `toTypes` (the public
 * API and the CLI's compile command) and `treePlan` (a grammar's plan of a rule, which
 * `toModule` asks for).
 */
import * as fs from 'fs';
import * as path from 'path';

const SRC = path.join(__dirname, '..', '..', '..', 'src');
const BUILD = path.join(SRC, 'engine', 'build');
/** The names a user's build step takes from build/. */
const BUILD_STEP = new Set(['toModule', 'toTypes', 'ModuleOptions', 'treePlan']);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? sources(p) : /\.ts$/.test(d.name) ? [p] : [];
  });
}

/** Each import or re-export of `file` whose module resolves into build/: the names it takes. */
function buildImports(file: string): Array<{ names: string[]; from: string }> {
  const text = fs.readFileSync(file, 'utf8');
  const out: Array<{ names: string[]; from: string }> = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+)\s+from\s+'([^']+)'/gm)) {
    const target = path.resolve(path.dirname(file), m[3]);
    if (!m[3].startsWith('.') || !(target + path.sep).startsWith(BUILD + path.sep)) continue;
    const names = m[2].startsWith('{')
      ? m[2].slice(1, -1).split(',').map((s) => s.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]).filter(Boolean)
      : [m[2]];
    out.push({ names, from: m[3] });
  }
  return out;
}

test('nothing outside src/engine/build/ imports from it, but a build step', () => {
  const wrong: string[] = [];
  let steps = 0;
  for (const file of sources(SRC)) {
    if ((file + path.sep).startsWith(BUILD + path.sep)) continue;
    for (const { names, from } of buildImports(file)) {
      for (const n of names) {
        if (BUILD_STEP.has(n)) steps++;
        else wrong.push(`${path.relative(SRC, file)}: ${n} from ${from}`);
      }
    }
  }
  expect(wrong).toEqual([]);
  // The check reads what it means to: the public API's toModule is found.
  expect(steps).toBeGreaterThan(0);
});
