// Outside scripts/bench/: the runner loads every file there, and importing the runner would deadlock on
// its top-level await.

/** Seeded, so every run seeds the same universe. */
export { seededRandom } from '@app/shared/seeded-random';

/** `BENCH_SMOKE=1`: the smoke step of `npm test` runs each instrument on tiny input. */
export const SMOKE = process.env.BENCH_SMOKE === '1';

export const size = (full: number, smoke: number) => (SMOKE ? smoke : full);

/**
 * Waits until this process (every thread of it) uses under a tenth of a core over a quarter of a second:
 * the background work started before (at start, or by a request) is done. False after a minute.
 */
export async function untilQuiet(): Promise<boolean> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const used = process.cpuUsage(before);
    if ((used.user + used.system) / 1000 < 25) return true;
  }
  return false;
}

/** Waits as `untilQuiet` does, and says how long the work since `since` took: "done in 2.3 s". */
export async function quietAfter(since: number): Promise<string> {
  return (await untilQuiet())
    ? `done in ${((performance.now() - since) / 1000).toFixed(1)} s`
    : 'still busy after 60 s';
}
