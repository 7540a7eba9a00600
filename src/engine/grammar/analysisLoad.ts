/**
 * Loads the analyses where they are not loaded yet (./analysisHook.ts). Here (tsc's builds, the
 * ES module build, the tests) nothing: the package's entry, src/index.ts, imports
 * src/engine/analysis, which installs itself, and this folder may not import it back (the
 * analyses import the grammar class). The CommonJS bundle (scripts/bundle.js) puts
 * ./analysisLoad-cjs.ts in this file's place, which loads dist/cjs/cold.js, where they are.
 */
export function loadAnalyses(): void {
  // Nothing to load: see above.
}
