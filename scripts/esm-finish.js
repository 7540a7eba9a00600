// Finishes the ES module build in dist/esm (written by `tsc -p tsconfig.esm.json`):
// - Node's ESM loader needs full paths, and the sources import './x' as CommonJS allows, so every
//   relative specifier in the .js and .d.ts files gets its file: './x' -> './x.js' (or
//   './x/index.js' for a folder). The source maps keep their line mapping: only the text inside
//   a quoted specifier grows, never a line.
// - dist/esm/package.json says {"type": "module"} so that Node reads these .js files as ESM.
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..', 'dist', 'esm');
if (!fs.existsSync(root)) throw new Error('esm-finish: run tsc -p tsconfig.esm.json first');

// `from '…'`, `import '…'`, `import('…')`, `export … from '…'` and, in .d.ts files, a module
// augmentation `declare module '…'` with a relative specifier (node16/nodenext resolve an
// augmentation like an import: without its extension it augments nothing).
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*|\bdeclare\s+module\s+)(['"])(\.\.?(?:\/[^'"]*)?)\2/g;

function withExtension(file, spec) {
  if (/\.(c|m)?js$/.test(spec) || spec.endsWith('.json')) return spec;
  const target = path.resolve(path.dirname(file), spec);
  if (spec !== '.' && spec !== '..' && !spec.endsWith('/') && fs.existsSync(target + '.js')) return spec + '.js';
  if (fs.existsSync(path.join(target, 'index.js'))) return spec.replace(/\/?$/, '/index.js');
  throw new Error(`esm-finish: ${path.relative(root, file)} imports ${spec}, which is not in the build`);
}

function visit(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) visit(file);
    else if (/\.(js|d\.ts)$/.test(entry.name)) {
      const text = fs.readFileSync(file, 'utf8');
      const out = text.replace(SPECIFIER, (_m, head, q, spec) => head + q + withExtension(file, spec) + q);
      if (out !== text) fs.writeFileSync(file, out);
    }
  }
}

visit(root);
fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ type: 'module', sideEffects: false }, null, 2) + '\n');
