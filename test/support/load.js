// Loads the library's TypeScript source in a child process (transpiled on require with the
// pinned typescript), so that child-process tests measure the code beside them, built or not.
const path = require('path');
const fs = require('fs');
const ts = require('typescript');
require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true },
    fileName: filename,
  });
  module._compile(outputText, filename);
};
module.exports = require(path.join(__dirname, '..', '..', 'src', 'index.ts'));
