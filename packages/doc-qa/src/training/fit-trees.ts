import type { PackedTrees } from '../r1-trees';
import { random } from './generate';
import { type RowSet, RowSetBuilder, rowsIn } from './rows';

// Gradient-boosted oblivious trees over R1's dense features, on the regression's listwise softmax objective and from
// its scores, so they add only interactions and thresholds. Oblivious trees (one split per depth) are small, quick
// and resist noise. Rows are read sparse: a histogram's zero bin is the leaf's total less the rest.

interface ObliviousTree {
  f: number[];
  t: number[];
  /** Leaf values, indexed by the answers read as bits (first depth most significant). */
  v: number[];
}

export interface TreeParams {
  trees: number;
  depth: number;
  rate: number;
  /** L2 penalty on leaf values (added to the hessian sum). */
  lambda: number;
  minHessian: number;
  /** Share of features considered for each tree (a fixed pseudo-random draw). */
  colsample: number;
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

const round = (x: number) => Number(x.toPrecision(6));

function edgesOf(nonZero: Float64Array, zeros: number, bins: number): number[] {
  const sorted = new Float64Array(nonZero.length + zeros);
  sorted.set(nonZero);
  sorted.sort();
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
    const i = distinct.findIndex((d) => d > x);
    if (i < 0) continue;
    const e = round(((distinct[i - 1] as number) + (distinct[i] as number)) / 2);
    if (edges.length === 0 || e > (edges[edges.length - 1] as number)) edges.push(e);
  }
  return edges;
}

const binOf = (edges: readonly number[], v: number) => {
  let b = 0;
  while (b < edges.length && v > (edges[b] as number)) b += 1;
  return b;
};

/** The rows' dense features (index < nFeatures) as bins, sparse: only entries whose bin is not the bin of 0. */
function binRows(rows: RowSet, nFeatures: number, bins: number) {
  const R = rowsIn(rows);
  const columns: number[][] = Array.from({ length: nFeatures }, () => []);
  for (let j = 0; j < rows.idx.length; j += 1) {
    const f = rows.idx[j] as number;
    if (f < nFeatures) (columns[f] as number[]).push(rows.val[j] as number);
  }
  const edges = columns.map((c) => edgesOf(Float64Array.from(c), R - c.length, bins));
  columns.length = 0;
  const zeroBin = edges.map((e) => binOf(e, 0));
  const start = new Int32Array(R + 1);
  const feat: number[] = [];
  const bin: number[] = [];
  for (let r = 0; r < R; r += 1) {
    for (let j = rows.rowStart[r] as number; j < (rows.rowStart[r + 1] as number); j += 1) {
      const f = rows.idx[j] as number;
      if (f >= nFeatures) continue;
      const b = binOf(edges[f] as number[], rows.val[j] as number);
      if (b === zeroBin[f]) continue;
      feat.push(f);
      bin.push(b);
    }
    start[r + 1] = feat.length;
  }
  return { edges, zeroBin, start, feat: Int32Array.from(feat), bin: Uint8Array.from(bin) };
}

// Newton boosting on the per-question softmax (gradient p − target, hessian p(1 − p)) from `base` (offsets included).
export function fitTreesOnRows(
  rows: RowSet,
  targets: ReadonlyArray<Float64Array | null>,
  base: Float64Array,
  nFeatures: number,
  params: TreeParams,
): PackedTrees {
  const R = rowsIn(rows);
  const F = nFeatures;
  const { edges, zeroBin, start, feat, bin } = binRows(rows, F, params.bins);
  const B = Math.max(1, ...edges.map((e) => e.length + 1));
  const score = Float64Array.from(base);
  const target = new Float64Array(R);
  const inFit = new Uint8Array(R);
  const questions: number[] = [];
  for (let q = 0; q + 1 < rows.qStart.length; q += 1) {
    const t = targets[q];
    if (!t) continue;
    questions.push(q);
    const a = rows.qStart[q] as number;
    for (let k = 0; k < t.length; k += 1) {
      target[a + k] = t[k] as number;
      inFit[a + k] = 1;
    }
  }
  const grad = new Float64Array(R);
  const hess = new Float64Array(R);
  const leafOf = new Uint32Array(R);
  const rand = random(20261124);
  const trees: ObliviousTree[] = [];
  const leaves = 2 ** params.depth;
  const histG = new Float64Array(leaves * F * B);
  const histH = new Float64Array(leaves * F * B);
  const chosenMask = new Uint8Array(F);
  const rowBin = (r: number, f: number) => {
    for (let j = start[r] as number; j < (start[r + 1] as number); j += 1) if (feat[j] === f) return bin[j] as number;
    return zeroBin[f] as number;
  };
  for (let it = 0; it < params.trees; it += 1) {
    for (const q of questions) {
      const a = rows.qStart[q] as number;
      const b = rows.qStart[q + 1] as number;
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
    chosenMask.fill(0);
    for (let f = 0; f < F; f += 1)
      if ((edges[f] as number[]).length > 0 && rand() < params.colsample) {
        chosen.push(f);
        chosenMask[f] = 1;
      }
    leafOf.fill(0);
    const tree: ObliviousTree = { f: [], t: [], v: [] };
    for (let d = 0; d < params.depth; d += 1) {
      const nLeaves = 2 ** d;
      histG.fill(0, 0, nLeaves * F * B);
      histH.fill(0, 0, nLeaves * F * B);
      const totG = new Float64Array(nLeaves);
      const totH = new Float64Array(nLeaves);
      for (let r = 0; r < R; r += 1) {
        if (!inFit[r]) continue;
        const g = grad[r] as number;
        const h = hess[r] as number;
        const leaf = leafOf[r] as number;
        totG[leaf] = (totG[leaf] as number) + g;
        totH[leaf] = (totH[leaf] as number) + h;
        const leafBase = leaf * F;
        for (let j = start[r] as number; j < (start[r + 1] as number); j += 1) {
          const f = feat[j] as number;
          if (!chosenMask[f]) continue;
          const i = (leafBase + f) * B + (bin[j] as number);
          histG[i] = (histG[i] as number) + g;
          histH[i] = (histH[i] as number) + h;
        }
      }
      // The rows at a feature's zero bin: the leaf's total less every other bin.
      for (const f of chosen) {
        const nBins = (edges[f] as number[]).length + 1;
        for (let l = 0; l < nLeaves; l += 1) {
          const base = (l * F + f) * B;
          let g = 0;
          let h = 0;
          for (let b = 0; b < nBins; b += 1) {
            g += histG[base + b] as number;
            h += histH[base + b] as number;
          }
          const z = base + (zeroBin[f] as number);
          histG[z] = (histG[z] as number) + (totG[l] as number) - g;
          histH[z] = (histH[z] as number) + (totH[l] as number) - h;
        }
      }
      const best = bestSplit(chosen, edges, histG, histH, totG, totH, nLeaves, F, B, params);
      if (best.f < 0) break;
      tree.f.push(best.f);
      tree.t.push((edges[best.f] as number[])[best.k] as number);
      for (let r = 0; r < R; r += 1) leafOf[r] = (leafOf[r] as number) * 2 + (rowBin(r, best.f) > best.k ? 1 : 0);
    }
    if (tree.f.length === 0) break;
    // A tree that found no gain further down asks the bias feature (always 1) "above 2?": no.
    while (tree.f.length < params.depth) {
      tree.f.push(0);
      tree.t.push(2);
      for (let r = 0; r < R; r += 1) leafOf[r] = (leafOf[r] as number) * 2;
    }
    const sg = new Float64Array(leaves);
    const sh = new Float64Array(leaves);
    for (let r = 0; r < R; r += 1) {
      if (!inFit[r]) continue;
      const l = leafOf[r] as number;
      sg[l] = (sg[l] as number) + (grad[r] as number);
      sh[l] = (sh[l] as number) + (hess[r] as number);
    }
    tree.v = [...sg].map((g, l) => round((-params.rate * g) / ((sh[l] as number) + params.lambda)));
    for (let r = 0; r < R; r += 1) score[r] = (score[r] as number) + (tree.v[leafOf[r] as number] as number);
    trees.push(tree);
  }
  return {
    depth: params.depth,
    features: trees.flatMap((t) => t.f),
    thresholds: trees.flatMap((t) => t.t),
    values: trees.flatMap((t) => t.v),
  };
}

function bestSplit(
  chosen: readonly number[],
  edges: readonly number[][],
  histG: Float64Array,
  histH: Float64Array,
  totG: Float64Array,
  totH: Float64Array,
  nLeaves: number,
  F: number,
  B: number,
  params: TreeParams,
): { gain: number; f: number; k: number } {
  let best = { gain: 0, f: -1, k: -1 };
  const leftG = new Float64Array(nLeaves);
  const leftH = new Float64Array(nLeaves);
  for (const f of chosen) {
    const nEdges = (edges[f] as number[]).length;
    leftG.fill(0);
    leftH.fill(0);
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
        gain += (gl * gl) / (hl + params.lambda) + (gr * gr) / (hr + params.lambda) - (gt * gt) / (ht + params.lambda);
      }
      if (gain > best.gain + 1e-12) best = { gain, f, k };
    }
  }
  return best;
}

export interface TreeGroup {
  features: ReadonlyArray<readonly number[]>;
  targets: readonly number[];
  base: readonly number[];
}

export function fitTrees(groups: readonly TreeGroup[], nFeatures: number, params: TreeParams): PackedTrees {
  const b = new RowSetBuilder();
  const base: number[] = [];
  const targets: Float64Array[] = [];
  for (const g of groups) {
    for (const [k, x] of g.features.entries()) {
      const idx: number[] = [];
      const val: number[] = [];
      for (const [f, v] of x.entries()) {
        if (v !== 0) {
          idx.push(f);
          val.push(v);
        }
      }
      b.addRow({ idx, val }, { target: g.targets[k] ?? 0, support: 0 });
      base.push(g.base[k] ?? 0);
    }
    b.endQuestion({ answers: [], group: '', id: '' });
    targets.push(Float64Array.from(g.targets));
  }
  return fitTreesOnRows(b.build(), targets, Float64Array.from(base), nFeatures, params);
}
