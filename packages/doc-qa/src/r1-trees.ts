// Boosted oblivious trees (fit by training/fit-trees.ts), added to the regression's score, packed flat: tree i asks
// `features[i*d + k] > thresholds[i*d + k]` at depth k and scores `values[i*2^d + leaf]`.
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
