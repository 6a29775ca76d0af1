// Outside scripts/bench/: the runner loads every file there, and importing the runner would deadlock on
// its top-level await.

/** Seeded, so every run seeds the same universe. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `BENCH_SMOKE=1`: the smoke step of `npm test` runs each instrument on tiny input. */
export const SMOKE = process.env.BENCH_SMOKE === '1';

export const size = (full: number, smoke: number) => (SMOKE ? smoke : full);
