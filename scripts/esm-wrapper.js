// Writes dist/src/index.mjs: an ESM entry that re-exports the CommonJS build by name.
const fs = require('fs');
const path = require('path');
const dist = path.join(__dirname, '..', 'dist', 'src');
const names = Object.keys(require(path.join(dist, 'index.js'))).filter((n) => n !== '__esModule');
fs.writeFileSync(
  path.join(dist, 'index.mjs'),
  `import cjs from './index.js';\nexport const { ${names.join(', ')} } = cjs;\nexport default cjs;\n`,
);
// uri-grammar/ajv (h13): the plugin function as the default export.
fs.writeFileSync(path.join(dist, 'ajv.mjs'), `import cjs from './ajv.js';\nexport default cjs;\nexport const uriGrammarAjv = cjs;\n`);
