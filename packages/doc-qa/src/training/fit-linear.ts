import { random } from './generate';
import { questionsIn, type RowSet } from './rows';

/** Best-F1 spans share the softmax mass in proportion to F1; null when no span overlaps (nothing to learn). */
export function fittedTargets(rows: RowSet, q: number): Float64Array | null {
  const a = rows.qStart[q] as number;
  const b = rows.qStart[q + 1] as number;
  let best = 0;
  for (let r = a; r < b; r += 1) best = Math.max(best, rows.target[r] as number);
  if (best <= 0) return null;
  const t = new Float64Array(b - a);
  let sum = 0;
  for (let r = a; r < b; r += 1) {
    const x = rows.target[r] as number;
    if (x >= best - 1e-6) {
      t[r - a] = x;
      sum += x;
    }
  }
  for (let i = 0; i < t.length; i += 1) t[i] = (t[i] as number) / sum;
  return t;
}

export interface LinearParams {
  epochs: number;
  /** Questions per step (Infinity: full batch). */
  batch: number;
  /** Adam's step size (decays linearly to a tenth over the run unless `constantRate`). */
  rate: number;
  constantRate?: boolean;
  l2: number;
  /** Features whose index fails this are left at 0 (to measure what a family adds). */
  use?: (feature: number) => boolean;
}

// Logistic regression with a softmax across each question's candidates, by Adam over seeded minibatches with L2.
// A row's `offset` is added to its score (a sampled wrong span stands for several).
export function fitLinear(rows: RowSet, nFeatures: number, params: LinearParams): Float64Array {
  const w = new Float64Array(nFeatures);
  const m = new Float64Array(nFeatures);
  const v = new Float64Array(nFeatures);
  const grad = new Float64Array(nFeatures);
  // Only features some row has are fitted (the rest stay exactly 0, and out of the shipped file).
  const seen = new Uint8Array(nFeatures);
  for (const i of rows.idx) if (i < nFeatures) seen[i] = 1;
  const present: number[] = [];
  for (let i = 0; i < nFeatures; i += 1) if (seen[i] && (!params.use || params.use(i))) present.push(i);
  const questions: number[] = [];
  const targets: Array<Float64Array> = [];
  for (let q = 0; q < questionsIn(rows); q += 1) {
    const t = fittedTargets(rows, q);
    if (!t) continue;
    questions.push(q);
    targets[q] = t;
  }
  const { idx, val, rowStart, qStart, offset } = rows;
  let most = 1;
  for (let q = 0; q < questionsIn(rows); q += 1)
    most = Math.max(most, (qStart[q + 1] as number) - (qStart[q] as number));
  const z = new Float64Array(most);
  const batch = Math.min(params.batch, questions.length || 1);
  const steps = params.epochs * Math.ceil(questions.length / batch);
  const rand = random(20261125);
  let step = 0;
  for (let epoch = 0; epoch < params.epochs; epoch += 1) {
    const order = [...questions];
    if (batch < questions.length) {
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(rand() * (i + 1));
        [order[i], order[j]] = [order[j] as number, order[i] as number];
      }
    }
    for (let from = 0; from < order.length; from += batch) {
      for (const i of present) grad[i] = 0;
      const to = Math.min(order.length, from + batch);
      for (let k = from; k < to; k += 1) {
        const q = order[k] as number;
        const a = qStart[q] as number;
        const b = qStart[q + 1] as number;
        let top = Number.NEGATIVE_INFINITY;
        for (let r = a; r < b; r += 1) {
          let s = offset[r] as number;
          for (let j = rowStart[r] as number; j < (rowStart[r + 1] as number); j += 1)
            s += (w[idx[j] as number] as number) * (val[j] as number);
          z[r - a] = s;
          if (s > top) top = s;
        }
        let sum = 0;
        for (let r = a; r < b; r += 1) {
          z[r - a] = Math.exp((z[r - a] as number) - top);
          sum += z[r - a] as number;
        }
        const t = targets[q] as Float64Array;
        for (let r = a; r < b; r += 1) {
          const g = (z[r - a] as number) / sum - (t[r - a] as number);
          for (let j = rowStart[r] as number; j < (rowStart[r + 1] as number); j += 1) {
            const i = idx[j] as number;
            grad[i] = (grad[i] as number) + g * (val[j] as number);
          }
        }
      }
      step += 1;
      const rate = params.constantRate ? params.rate : params.rate * (1 - (0.9 * (step - 1)) / Math.max(1, steps - 1));
      const n = to - from;
      for (const i of present) {
        const g = (grad[i] as number) / n + params.l2 * (w[i] as number);
        m[i] = 0.9 * (m[i] as number) + 0.1 * g;
        v[i] = 0.999 * (v[i] as number) + 0.001 * g * g;
        const mh = (m[i] as number) / (1 - 0.9 ** step);
        const vh = (v[i] as number) / (1 - 0.999 ** step);
        w[i] = (w[i] as number) - (rate * mh) / (Math.sqrt(vh) + 1e-8);
      }
    }
  }
  return w;
}

export function linearScores(rows: RowSet, w: ArrayLike<number>): Float64Array {
  const out = new Float64Array(rows.target.length);
  for (let r = 0; r < out.length; r += 1) {
    let s = rows.offset[r] as number;
    for (let j = rows.rowStart[r] as number; j < (rows.rowStart[r + 1] as number); j += 1)
      s += (w[rows.idx[j] as number] ?? 0) * (rows.val[j] as number);
    out[r] = s;
  }
  return out;
}
