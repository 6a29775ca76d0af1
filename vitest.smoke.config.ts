import { defineConfig } from 'vitest/config';

// The instruments' smoke run (scripts/smoke/): every bench script and evaluator, briefly, on tiny
// input, two at a time (each starts servers or browsers of its own; nothing is timed, and much of
// each run is a process starting, which leaves room for the other's work).
export default defineConfig({
  test: {
    include: ['scripts/smoke/**/*.test.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 240_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    maxConcurrency: 2,
    sequence: { shuffle: false },
  },
});
