import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Uniform draws from a seed (mulberry32). Vitest loads its configuration without the workspace's TypeScript packages. */
function draws(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A test-file order for two workers: the files named (paths ending so, slowest first) start first,
 * every other file follows in an order drawn from the run's seed, so no file can lean on one run
 * before it and a failing order replays with `--sequence.seed=<seed printed by the run>`. A long
 * file that happened to start last was the tail of a whole run.
 */
export function slowestFirst(slowest: readonly string[]) {
  return class SlowestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const draw = draws(this.ctx.config.sequence.seed);
      const rank = (file: TestSpecification) => {
        const at = slowest.findIndex((end) => file.moduleId.endsWith(end));
        return at === -1 ? slowest.length : at;
      };
      return files
        .map((file) => ({ file, rank: rank(file), key: draw() }))
        .sort((a, b) => a.rank - b.rank || a.key - b.key)
        .map((entry) => entry.file);
    }
  };
}
