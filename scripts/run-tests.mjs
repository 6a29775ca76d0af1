#!/usr/bin/env node
// `npm test`: lint, import rules (.dependency-cruiser.cjs), typecheck, build, unit + integration (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), the browser journeys, the fault suite, then the instruments' smoke run. Every suite runs even if an earlier
// one failed, and one closing line totals them all: "N passed, N failed[, N skipped]".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, 'test-results');
mkdirSync(outDir, { recursive: true });
process.env.TZ = 'UTC';

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each step's wall time, printed at the end: where the run's minutes go. */
const timings = [];
/** Every failed test by file and name, with its message's first line: the end of the log says what to look at. */
const failedTests = [];
/** Tests that failed, then passed when run again (CI retries once): flaky, to be fixed, listed at the end. */
const retriedTests = [];

function run(label, command, args) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  timings.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status === 0;
}

/** A step that is one check: lint, typecheck, build. */
function check(label, command, args) {
  if (run(label, command, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

/** A Vitest run, counted test by test from its JSON report. */
function vitest(label, args) {
  const report = join(outDir, `${label.replace(/\W+/g, '-')}.json`);
  rmSync(report, { force: true });
  const ok = run(label, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ]);
  if (!existsSync(report)) {
    totals.failed += 1;
    failures.push(`${label} (did not report)`);
    return;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  // A suite file that failed to load has no failed tests but a failed run.
  if (!ok && r.numFailedTests === 0) {
    totals.failed += 1;
    failures.push(`${label} (a test file failed to load)`);
  } else if (r.numFailedTests > 0) failures.push(label);
  for (const file of r.testResults ?? []) {
    const path = file.name?.startsWith(root) ? file.name.slice(root.length) : file.name;
    for (const test of file.assertionResults ?? []) {
      const message = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      if (test.status === 'failed') failedTests.push(`${path} > ${test.fullName}: ${message}`);
      else if (test.status === 'passed' && test.failureMessages?.length > 0)
        retriedTests.push(`${path} > ${test.fullName}: ${message}`);
    }
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0)
      failedTests.push(`${path}: ${(file.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
}

check('lint', 'npx', ['biome', 'check', '.']);
check('import rules', 'npm', ['run', 'lint:deps', '--silent']);
check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
check('build', 'npm', ['run', 'build', '--silent']);
if (process.env.TEST_DATABASE_URL) {
  console.log('\nPostgreSQL suite: running against TEST_DATABASE_URL as well as SQLite.');
} else {
  console.log('\nPostgreSQL suite skipped: TEST_DATABASE_URL is not set (SQLite only).');
}
vitest('unit and integration', []);
vitest('end-to-end', ['--config', 'vitest.e2e.config.ts']);
// nginx in front of two server processes on a PostgreSQL and a Redis of their own, faults injected
// under load (scripts/faults/); each scenario prints its figures.
vitest('fault suite', ['--config', 'vitest.faults.config.ts']);
// Every bench script and evaluator on tiny input (BENCH_SMOKE=1): zero errors, nothing timed.
vitest('instruments smoke run', ['--config', 'vitest.smoke.config.ts']);

console.log(`\nTimes: ${timings.join(', ')}`);
if (!process.env.TEST_DATABASE_URL)
  console.log('Note: the PostgreSQL run was skipped (set TEST_DATABASE_URL to run it).');
if (retriedTests.length > 0)
  console.log(`\nPassed on retry (flaky, to fix):\n${retriedTests.map((t) => `  ${t}`).join('\n')}\n`);
if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}\n`);
if (failures.length > 0) console.log(`Failed: ${failures.join(', ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
