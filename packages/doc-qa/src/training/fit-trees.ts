import type { PackedTrees } from '../r1-trees';

/**
 * Gradient-boosted oblivious trees over R1's features, fitted to the same listwise objective as
 * the logistic regression (a softmax across one question's candidates against targets
 * proportional to each span's F1). An oblivious tree asks the same question (feature > threshold)
 * of every node at one depth, so a tree of depth d is d (feature, threshold) pairs and 2^d leaf
 * values: small to ship, quick to evaluate, and less prone to fit noise on a few thousand
 * questions than free-form trees. The trees add to the linear score, so a model is the fitted
 * logistic regression plus corrections for what a linear score cannot express (feature
 * interactions, thresholds).
 */

interface ObliviousTree {
  /** Feature index asked at each depth. */
  f: number[];
  /** Threshold at each depth: a value above it goes right. */
  t: number[];
  /** Leaf values, indexed by the answers read as bits (first depth most significant). */
  v: number[];
}

export interface TreeParams {
  trees: number;
  depth: number;
  /** Shrinkage applied to each tree's leaf values. */
  rate: number;
  /** L2 penalty on leaf values (added to the hessian sum). */
  lambda: number;
  /** A split side with less hessian than this adds no gain. */
  minHessian: number;
  /** Share of features considered for each tree (a fixed pseudo-random draw). */
  colsample: number;
  /** Candidate thresholds per feature (quantiles of its values). */
  bins: number;
}

export const DEFAULT_TREE_PARAMS: TreeParams = {
  trees: 150,
  depth: 4,
  rate: 0.1,
  lambda: 5,
  minHessian: 5,
  colsample: 0.5,
  bins: 16,
};

/** One question's candidates: their features, targets (summing to 1) and starting scores. */
export interface TreeGroup {
  features: ReadonlyArray<readonly number[]>;
  targets: readonly number[];
  base: readonly number[];
}

/** A small deterministic generator (mulberry32), so a refit reproduces the same trees. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Thresholds for one feature: midpoints between quantiles of its distinct values. */
function edgesOf(values: Float64Array, bins: number): number[] {
  const sorted = Float64Array.from(values).sort();
  const distinct: number[] = [];
  for (const x of sorted) if (distinct.length === 0 || x !== distinct[distinct.length - 1]) distinct.push(x);
  if (distinct.length <= 1) return [];
  const edges: number[] = [];
  if (distinct.length <= bins) {
    for (let i = 0; i + 1 < distinct.length; i += 1)
      edges.push(round(((distinct[i] as number) + (distinct[i + 1] as number)) / 2));
    return edges;
  }
  for (let q = 1; q < bins; q += 1) {
    const x = sorted[Math.floor((q * sorted.length) / bins)] as number;
    // The midpoint between this quantile value and the next distinct value above it.
    let i = distinct.findIndex((d) => d > x);
    if (i < 0) continue;
    const e = round(((distinct[i - 1] as number) + (distinct[i] as number)) / 2);
    if (edges.length === 0 || e > (edges[edges.length - 1] as number)) edges.push(e);
    i += 1;
  }
  return edges;
}

const round = (x: number) => Number(x.toPrecision(6));

/**
 * Fits `params.trees` oblivious trees by Newton boosting on the softmax across each group's
 * candidates (gradient p − target, diagonal hessian p(1 − p)), starting from each candidate's
 * `base` score.
 */
export function fitTrees(groups: readonly TreeGroup[], nFeatures: number, params: TreeParams): PackedTrees {
  const rows = groups.reduce((n, g) => n + g.features.length, 0);
  const F = nFeatures;
  // Features as columns, to find each one's thresholds.
  const column = new Float64Array(rows);
  const edges: number[][] = [];
  for (let f = 0; f < F; f += 1) {
    let r = 0;
    for (const g of groups) for (const x of g.features) column[r++] = x[f] ?? 0;
    edges.push(edgesOf(column, params.bins));
  }
  const B = Math.max(1, ...edges.map((e) => e.length + 1));
  // Each value as its bin: the number of thresholds it exceeds.
  const binned = new Uint8Array(rows * F);
  {
    let r = 0;
    for (const g of groups) {
      for (const x of g.features) {
        for (let f = 0; f < F; f += 1) {
          const e = edges[f] as number[];
          const v = x[f] ?? 0;
          let b = 0;
          while (b < e.length && v > (e[b] as number)) b += 1;
          binned[r * F + f] = b;
        }
        r += 1;
      }
    }
  }
  const score = new Float64Array(rows);
  const target = new Float64Array(rows);
  const starts: number[] = [];
  {
    let r = 0;
    for (const g of groups) {
      starts.push(r);
      for (const [k, x] of g.base.entries()) {
        score[r + k] = x;
        target[r + k] = g.targets[k] ?? 0;
      }
      r += g.features.length;
    }
    starts.push(r);
  }
  const grad = new Float64Array(rows);
  const hess = new Float64Array(rows);
  const leafOf = new Uint32Array(rows);
  const rand = random(20261124);
  const trees: ObliviousTree[] = [];
  const leaves = 2 ** params.depth;
  const histG = new Float64Array(leaves * F * B);
  const histH = new Float64Array(leaves * F * B);
  for (let it = 0; it < params.trees; it += 1) {
    for (let q = 0; q + 1 < starts.length; q += 1) {
      const a = starts[q] as number;
      const b = starts[q + 1] as number;
      let top = Number.NEGATIVE_INFINITY;
      for (let r = a; r < b; r += 1) top = Math.max(top, score[r] as number);
      let sum = 0;
      for (let r = a; r < b; r += 1) sum += Math.exp((score[r] as number) - top);
      for (let r = a; r < b; r += 1) {
        const p = Math.exp((score[r] as number) - top) / sum;
        grad[r] = p - (target[r] as number);
        hess[r] = Math.max(p * (1 - p), 1e-6);
      }
    }
    const chosen: number[] = [];
    for (let f = 0; f < F; f += 1) if ((edges[f] as number[]).length > 0 && rand() < params.colsample) chosen.push(f);
    leafOf.fill(0);
    const tree: ObliviousTree = { f: [], t: [], v: [] };
    for (let d = 0; d < params.depth; d += 1) {
      const nLeaves = 2 ** d;
      histG.fill(0, 0, nLeaves * F * B);
      histH.fill(0, 0, nLeaves * F * B);
      for (let r = 0; r < rows; r += 1) {
        const g = grad[r] as number;
        const h = hess[r] as number;
        const rowBase = r * F;
        const leafBase = (leafOf[r] as number) * F;
        for (const f of chosen) {
          const i = (leafBase + f) * B + (binned[rowBase + f] as number);
          histG[i] = (histG[i] as number) + g;
          histH[i] = (histH[i] as number) + h;
        }
      }
      let best = { gain: 0, f: -1, k: -1 };
      for (const f of chosen) {
        const nEdges = (edges[f] as number[]).length;
        // Per leaf: totals, then a running left sum over the bins.
        const totG = new Float64Array(nLeaves);
        const totH = new Float64Array(nLeaves);
        for (let l = 0; l < nLeaves; l += 1) {
          const base = (l * F + f) * B;
          for (let b = 0; b <= nEdges; b += 1) {
            totG[l] = (totG[l] as number) + (histG[base + b] as number);
            totH[l] = (totH[l] as number) + (histH[base + b] as number);
          }
        }
        const leftG = new Float64Array(nLeaves);
        const leftH = new Float64Array(nLeaves);
        for (let k = 0; k < nEdges; k += 1) {
          let gain = 0;
          for (let l = 0; l < nLeaves; l += 1) {
            const i = (l * F + f) * B + k;
            leftG[l] = (leftG[l] as number) + (histG[i] as number);
            leftH[l] = (leftH[l] as number) + (histH[i] as number);
            const gl = leftG[l] as number;
            const hl = leftH[l] as number;
            const gr = (totG[l] as number) - gl;
            const hr = (totH[l] as number) - hl;
            if (hl < params.minHessian || hr < params.minHessian) continue;
            const gt = totG[l] as number;
            const ht = totH[l] as number;
            gain +=
              (gl * gl) / (hl + params.lambda) + (gr * gr) / (hr + params.lambda) - (gt * gt) / (ht + params.lambda);
          }
          if (gain > best.gain + 1e-12) best = { gain, f, k };
        }
      }
      if (best.f < 0) break;
      tree.f.push(best.f);
      tree.t.push((edges[best.f] as number[])[best.k] as number);
      for (let r = 0; r < rows; r += 1)
        leafOf[r] = (leafOf[r] as number) * 2 + ((binned[r * F + best.f] as number) > best.k ? 1 : 0);
    }
    if (tree.f.length === 0) break;
    // A tree that found no gain further down asks the bias feature (always 1) "above 2?": no.
    while (tree.f.length < params.depth) {
      tree.f.push(0);
      tree.t.push(2);
      for (let r = 0; r < rows; r += 1) leafOf[r] = (leafOf[r] as number) * 2;
    }
    const n = 2 ** params.depth;
    const sg = new Float64Array(n);
    const sh = new Float64Array(n);
    for (let r = 0; r < rows; r += 1) {
      const l = leafOf[r] as number;
      sg[l] = (sg[l] as number) + (grad[r] as number);
      sh[l] = (sh[l] as number) + (hess[r] as number);
    }
    tree.v = [...sg].map((g, l) => round((-params.rate * g) / ((sh[l] as number) + params.lambda)));
    for (let r = 0; r < rows; r += 1) score[r] = (score[r] as number) + (tree.v[leafOf[r] as number] as number);
    trees.push(tree);
  }
  return {
    depth: params.depth,
    features: trees.flatMap((t) => t.f),
    thresholds: trees.flatMap((t) => t.t),
    values: trees.flatMap((t) => t.v),
  };
}
