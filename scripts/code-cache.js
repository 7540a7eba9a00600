// The V8 code caches of dist/cjs/index.js and dist/cjs/cli.js (npm run build, after
// scripts/bundle.js): what src/node/codeCache.ts (dist/cjs/cached.js) gives V8 when a process
// loads them, so that it deserializes the bytecode of the functions a first answer runs instead
// of compiling them (docs/ARCHITECTURE.md, "Cold start").
//
// A fresh `node` process (no flags: V8 refuses a cache made under other flags) compiles both
// bundles through a vm.Script, runs the first calls of every grammar and verb (the workload
// below), and writes each bundle's cache: a header line (format, Node, V8, architecture, source
// length), a copy of the source (compared on load) and V8's data. Only the functions that ran
// carry bytecode; the rest compile on first use as they always do.
//
// A cache carries no build path: each bundle is compiled under a name of no directory
// (`uri-grammar/dist/cjs/index.js`), and only where this V8 gives a script from a cache the name
// it is compiled under (src/node/codeCache.ts cacheTakesScriptName). Node 20's V8 keeps the name
// the cache was made under: its stack frames would name this directory wherever the package is
// installed, so there no cache is written and the bundles load as plain modules.
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const cjs = path.join(__dirname, '..', 'dist', 'cjs');
const BUNDLES = ['index.js', 'cli.js'];

if (process.argv[2] !== '--in-child') {
  for (const b of BUNDLES) fs.rmSync(path.join(cjs, `${b}.cache`), { force: true });
  const r = spawnSync(process.execPath, [__filename, '--in-child'], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_OPTIONS: '' } });
  if (r.status !== 0) {
    process.stderr.write(`code-cache: the workload failed (status ${r.status}); the bundles load without a cache\n`);
    process.exit(1);
  }
} else {
  workload().catch((e) => {
    process.stderr.write(`code-cache: ${e && e.stack ? e.stack : e}\n`);
    process.exit(1);
  });
}

async function workload() {
  const cached = require(path.join(cjs, 'cached.js'));
  if (!cached.cacheTakesScriptName()) {
    process.stderr.write(`code-cache: this V8 (${process.versions.v8}) names a script from a code cache by the name the cache was made under, ` +
      'so stack frames would name the build directory: no cache written\n');
    return;
  }
  const runs = BUNDLES.map((b) => {
    const file = path.join(cjs, b);
    const source = fs.readFileSync(file);
    return { file, source, ...cached.run(file, source, undefined, cached.scriptNameOf(b)) };
  });
  const lib = runs[0].module.exports;
  const cli = runs[1].module.exports;
  const grammarText = (f) => fs.readFileSync(path.join(__dirname, '..', 'grammar', f), 'utf8');

  // The built-in RFC 3986: every verb once, valid and invalid (hints), trees and walks.
  for (const s of ['https://user@example.com:8080/a/b?q=1#f', 'http://[::1]/a', 'a/b/../c', '//h/p?q']) {
    lib.isValid(s); lib.isValid(s, 'URI'); lib.parse(s); lib.resolve('http://a/b/c/d;p?q', s);
    if (lib.isValid(s, 'URI')) lib.normalize(s), lib.equivalent(s, s);
    lib.parseTree(s); lib.parseTree(s, 'URI-reference', { lexical: true });
    lib.walk(s, 'URI-reference', { enter() {}, leave() {} });
    lib.recompose(lib.parse(s));
  }
  for (const bad of ['http://a b', 'http://exa mple.com/%zz', 'www.example.com', 'http://a/{x}', 'http:\\\\a', 'http://[fe80::1%eth0]/', 'ht tp://a', 'http://user:p@ss@host/']) {
    const v = lib.validate(bad, 'URI');
    if (!v.ok) void (v.error.message + v.error.suggestion);
  }
  lib.percentEncode('a b', 'segment'); lib.percentDecode('a%20b'); lib.removeDotSegments('/a/./b/../c');
  lib.createValidator({ schemes: ['https'] })('https://example.com/');
  // The shipped grammars loaded from their compiled form (src/builtins/catalog.ts): first
  // verdicts, errors and trees of their entry rule, on the catalog's probes. The package's own
  // export where there is one (its code is in the main bundle: scripts/bundle.js hotNames).
  const { CATALOG } = require(path.join(__dirname, '..', 'dist', 'src', 'builtins', 'catalog.js'));
  for (const { name, entry: rule, probe } of CATALOG.filter((e) => e.data && e.data.compiled)) {
    const g = lib[name] ?? lib.grammarByName(name);
    g.isValid(probe.valid, rule); g.parseTree(probe.valid, rule);
    const v = g.validate(probe.invalid, rule);
    if (!v.ok) void v.error.message;
  }
  // A grammar from its text (the compiler, the automaton, the tree builder without a plan), a
  // recursive one, and a precompiled one.
  const g = lib.compileAbnf(grammarText('rfc3986.abnf'));
  g.isValid('http://a/b', 'URI-reference'); g.parseTree('http://a/b?c#d', 'URI-reference');
  const v = g.validate('http://a b', 'URI-reference');
  if (!v.ok) void v.error.message;
  const json = lib.compileAbnf(grammarText('json.abnf'));
  json.isValid('{"a":[1,2,{"b":null}]}', 'JSON-text'); json.parseTree('[1,"x"]', 'JSON-text');
  const text = lib.toModule(g, { format: 'cjs', samples: ['http://example.com/a?b#c', '//h/p', 'a/b'], plans: ['URI-reference'] });
  const m = /fromCompiled\)?\((".*")\);\n$/s.exec(text);
  if (!m) throw new Error('toModule no longer writes fromCompiled("…"): the workload needs a look');
  const pre = lib.fromCompiled(JSON.parse(m[1]));
  pre.isValid('http://a/b', 'URI-reference'); pre.parseTree('http://a/b', 'URI-reference');

  // The command line: a batch of lines, one input, a tree, with output thrown away.
  const tmp = path.join(require('os').tmpdir(), `uri-grammar-code-cache-${process.pid}.txt`);
  // The kinds of mistakes a batch meets (their hints), and lines with an "@" (the full error, redacted).
  fs.writeFileSync(tmp, 'http://example.com/a\nhttp://a b\nhttp://a/{x}\n//h/p\nhttp://a/%zz\nhttp:\\\\a\\b\nhttp://b\u00fccher.de/\n' +
    ' http://a/\nhttp://user:p@ss@host/\nhttp://u@h/ x\nhttp://a:80a/\nhttp://a/#b#c\n');
  const io = { out() {}, err() {} };
  try {
    for (const args of [['validate', '--file', tmp], ['validate', 'http://a/b'], ['parse', 'http://a/b?c'], ['tree', 'http://a/b', '--format', 'text'], ['normalize', 'HTTP://A/b']]) {
      await cli.run(args, io);
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }

  for (const r of runs) fs.writeFileSync(`${r.file}.cache`, cached.cacheBytes(r.source, r.script.createCachedData()));
}
