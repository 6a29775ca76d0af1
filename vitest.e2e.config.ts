import { defineConfig } from 'vitest/config';
import { slowestFirst } from './scripts/test-sequencer.ts';

// Browser journeys: Playwright (playwright-core + Debian's Chromium) against the real server.
export default defineConfig({
  test: {
    include: ['apps/web/tests/e2e/**/*.spec.ts'],
    // The demo universe the servers start on, built once for all the files.
    globalSetup: ['packages/test-support/src/demo-template.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 60_000,
    // In CI a failed test runs once more; one that passes then still prints under "Passed on retry" at the end
    // of `npm test` (scripts/run-tests.mjs) with its first failure, so a flaky test is reported, never hidden.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
    // A poll waits for what a person would wait for (a PDF parsed, a menu closed after a
    // navigation): on a busy shared machine that can take seconds, not the default one.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    // One server and one browser per file, two files at a time: a journey's waits (a server starting, a page
    // loading) leave room for the other file's work on two cores.
    fileParallelism: true,
    maxWorkers: 2,
    // The two longest journeys first, each on its own worker, while the other files share the rest.
    sequence: { sequencer: slowestFirst(['e2e/every-page.spec.ts', 'e2e/simulator.spec.ts']) },
  },
});
