/**
 * Every property test is seeded: fast-check's global seed, for the tests that do not set one of
 * their own, so that a failure replays (jest.config.js loads this file before each test file).
 */
import fc from 'fast-check';

fc.configureGlobal({ seed: 20261125 });
