// Outside scripts/bench/: the runner loads every file there, and importing the runner would deadlock on
// its top-level await.

/** Seeded, so every run seeds the same universe. */
export { seededRandom } from '@app/shared/seeded-random';

/** `BENCH_SMOKE=1`: the smoke step of `npm test` runs each instrument on tiny input. */
export const SMOKE = process.env.BENCH_SMOKE === '1';

export const size = (full: number, smoke: number) => (SMOKE ? smoke : full);
