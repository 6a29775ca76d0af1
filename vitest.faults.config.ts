import { defineConfig } from 'vitest/config';

// The fault suite (scripts/faults/): one set of processes, PostgreSQL, Redis and nginx for all
// its scenarios, which run in order, one at a time.
export default defineConfig({
  test: {
    include: ['scripts/faults/**/*.test.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 120_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    sequence: { shuffle: false },
  },
});
