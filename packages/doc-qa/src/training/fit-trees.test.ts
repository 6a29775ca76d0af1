import { describe, expect, it } from 'vitest';
import { treesScore } from '../r1-trees';
import { DEFAULT_TREE_PARAMS, fitTrees, type TreeGroup } from './fit-trees';

// Candidates described by [bias, a, b]; the right one is where exactly one of a and b is on,
// which no linear score can pick out across all four groups.
function xorGroups(): TreeGroup[] {
  const candidates = [
    [1, 0, 0],
    [1, 1, 0],
    [1, 0, 1],
    [1, 1, 1],
  ];
  const right = (x: readonly number[]) => (x[1] === 1) !== (x[2] === 1);
  const groups: TreeGroup[] = [];
  for (let g = 0; g < 8; g += 1) {
    // Each group holds one right candidate and the two wrong ones (the right one is more often
    // "a alone", else a greedy first split would see no gain).
    const pick = candidates[g % 3 === 0 ? 2 : 1] as number[];
    const features = [pick, candidates[0] as number[], candidates[3] as number[]];
    groups.push({ features, targets: features.map((x) => (right(x) ? 1 : 0)), base: [0, 0, 0] });
  }
  return groups;
}

describe('boosted oblivious trees', () => {
  it('learn an interaction a linear score cannot express', () => {
    const trees = fitTrees(xorGroups(), 3, { ...DEFAULT_TREE_PARAMS, trees: 30, colsample: 1, minHessian: 0 });
    const n = trees.features.length / trees.depth;
    expect(n).toBeGreaterThan(0);
    expect(trees.values.length).toBe(n * 2 ** trees.depth);
    const s = (x: number[]) => treesScore(trees, x);
    expect(s([1, 1, 0])).toBeGreaterThan(s([1, 0, 0]));
    expect(s([1, 1, 0])).toBeGreaterThan(s([1, 1, 1]));
    expect(s([1, 0, 1])).toBeGreaterThan(s([1, 0, 0]));
    expect(s([1, 0, 1])).toBeGreaterThan(s([1, 1, 1]));
  });

  it('are reproduced exactly by a refit', () => {
    const params = { ...DEFAULT_TREE_PARAMS, trees: 10, minHessian: 0 };
    expect(fitTrees(xorGroups(), 3, params)).toEqual(fitTrees(xorGroups(), 3, params));
  });

  it('score nothing when there are no trees', () => {
    expect(treesScore({ depth: 2, features: [], thresholds: [], values: [] }, [1, 0, 1])).toBe(0);
  });
});
