// Tests that need Chromium (the playground, `*.browser.test.ts`) are left out where no Chromium
// is found, with one line saying what to install, except under CI=true, where a missing browser
// must fail (see scripts/test-tools.js).
const { chromiumForTests, inCi, INSTALL } = require('./scripts/test-tools.js');

const skipBrowser = !inCi && chromiumForTests() === undefined;
if (skipBrowser) process.stderr.write(INSTALL.chromium + '\n');

/** @type {import('jest').Config} */
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testPathIgnorePatterns: ['/node_modules/', ...(skipBrowser ? ['\\.browser\\.test\\.ts$'] : [])],
  // src/generated/texts.ts (the grammar files as strings) is generated, not committed: make it first.
  globalSetup: '<rootDir>/scripts/grammar-texts.js',
  // fast-check's global seed: every property test replays (test/support/seed.ts).
  setupFiles: ['<rootDir>/test/support/seed.ts'],
  testTimeout: 120000,
};
