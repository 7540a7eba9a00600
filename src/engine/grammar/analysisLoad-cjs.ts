/**
 * The CommonJS bundle's ./analysisLoad.ts (scripts/bundle.js swaps it in): the analyses are in
 * dist/cjs/cold-analysis.js, a part beside the main bundle (dist/cjs/index.js), not in it; loading that file runs
 * src/engine/analysis/index.ts, which installs them (./analysisHook.ts). A first analysis method
 * call loads it, as a first call of a cold export does.
 */
export function loadAnalyses(): void {
  // The bundle's own `require`, under another name: a file beside the bundle at run time, not a
  // module for esbuild to resolve and copy in.
  const cjsRequire: NodeJS.Require = require;
  cjsRequire('./cold-analysis.js');
}
