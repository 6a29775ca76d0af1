import { defineConfig } from 'vitest/config';

// The instruments' smoke run (scripts/smoke/): every bench script and evaluator, briefly, on tiny
// input, one at a time (each starts servers or browsers of its own).
export default defineConfig({
  test: {
    include: ['scripts/smoke/**/*.test.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 240_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    sequence: { shuffle: false },
  },
});
