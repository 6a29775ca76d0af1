import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { slowestFirst } from './scripts/test-sequencer.ts';

// Unit and integration tests: everything beside the code, not the browser journeys.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'scripts/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
    ],
    env: { TZ: 'UTC' },
    testTimeout: 20_000,
    // In CI a failed test runs once more; one that passes then still prints under "Passed on retry" at the end
    // of `npm test` (scripts/run-tests.mjs) with its first failure, so a flaky test is reported, never hidden.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: a single one on a 2-core machine, where
    // much of the suite waits on PostgreSQL, child servers and timers. Two overlap those waits
    // (the whole suite: 479 s with one, 392 s with two on the same busy machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Random order (files and the tests in them) so no test can lean on one that ran before it, the
    // slowest files first. A failing order is replayed with `--sequence.seed=<seed printed by the run>`.
    sequence: {
      shuffle: { files: false, tests: true },
      sequencer: slowestFirst([
        'packages/market-data/src/importers/import-all.test.ts',
        'packages/market-data/src/importers/import-real.test.ts',
        'apps/server/src/shutdown.test.ts',
        'apps/server/src/modules/alerts/alerts.routes.test.ts',
        'packages/market-data/src/demo/demo-build.test.ts',
      ]),
    },
  },
});
