/**
 * Boosted oblivious trees as R1 ships them (fitted by `training/fit-trees.ts`). An oblivious tree
 * asks the same question (feature > threshold) of every node at one depth, so a tree of depth d
 * is d (feature, threshold) pairs and 2^d leaf values: small to ship and quick to evaluate. Their
 * scores add to the logistic regression's.
 */

/**
 * Trees of one depth d packed into flat arrays (so the weights file stays a few lines of
 * numbers): tree i asks `features[i*d + k] > thresholds[i*d + k]` at depth k and scores
 * `values[i*2^d + leaf]`.
 */
export interface PackedTrees {
  depth: number;
  features: number[];
  thresholds: number[];
  values: number[];
}

export function treesScore(trees: PackedTrees, features: readonly number[]): number {
  const d = trees.depth;
  const n = trees.features.length / d;
  let s = 0;
  for (let i = 0; i < n; i += 1) {
    let leaf = 0;
    for (let k = i * d; k < (i + 1) * d; k += 1)
      leaf = leaf * 2 + ((features[trees.features[k] as number] ?? 0) > (trees.thresholds[k] as number) ? 1 : 0);
    s += trees.values[i * 2 ** d + leaf] ?? 0;
  }
  return s;
}
