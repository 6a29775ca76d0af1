import { defineConfig } from 'vitest/config';

// Browser journeys: Playwright (playwright-core + Debian's Chromium) against the real server.
export default defineConfig({
  test: {
    include: ['apps/web/tests/e2e/**/*.spec.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: one server and one browser per file, files one after another.
    fileParallelism: false,
  },
});
