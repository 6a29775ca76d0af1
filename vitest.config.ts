import { defineConfig } from 'vitest/config';

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
    hookTimeout: 60_000,
    // Random order (files and the tests in them) so no test can lean on one that ran before it.
    // A failing order is replayed with `--sequence.seed=<seed printed by the run>`.
    sequence: { shuffle: true },
  },
});
