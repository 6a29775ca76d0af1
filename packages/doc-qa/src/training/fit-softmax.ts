import type { SoftmaxModel } from '../softmax';

export interface SoftmaxExample {
  features: string[];
  label: string;
}

export interface SoftmaxParams {
  /** A feature must occur in this many examples to be fitted. */
  minCount: number;
  l2: number;
  epochs: number;
  rate: number;
}

export const SOFTMAX_DEFAULTS: SoftmaxParams = { minCount: 3, l2: 1e-3, epochs: 300, rate: 0.5 };

/**
 * Multinomial logistic regression by full-batch Adam with L2 (mean loss over the examples), from zero weights: the
 * same examples in the same order always give the same model. Classes are kept in the order given.
 */
export function fitSoftmax(
  examples: readonly SoftmaxExample[],
  classes: readonly string[],
  params: SoftmaxParams = SOFTMAX_DEFAULTS,
): SoftmaxModel {
  const counts = new Map<string, number>();
  for (const ex of examples) for (const f of new Set(ex.features)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const names = [...counts].filter(([, n]) => n >= params.minCount).map(([f]) => f);
  names.sort();
  const index = new Map(names.map((f, i) => [f, i]));
  const K = classes.length;
  const rows = examples
    .map((ex) => ({
      f: [...new Set(ex.features)].map((f) => index.get(f)).filter((i): i is number => i !== undefined),
      y: classes.indexOf(ex.label),
    }))
    .filter((r) => r.y >= 0);
  const P = names.length + 1; // the last "feature" is the bias
  const w = new Float64Array(P * K);
  const m = new Float64Array(P * K);
  const v = new Float64Array(P * K);
  const g = new Float64Array(P * K);
  const n = rows.length || 1;
  const z = new Float64Array(K);
  for (let epoch = 0; epoch < params.epochs; epoch += 1) {
    g.fill(0);
    for (const r of rows) {
      for (let k = 0; k < K; k += 1) z[k] = w[names.length * K + k] as number;
      for (const i of r.f) for (let k = 0; k < K; k += 1) z[k] = (z[k] as number) + (w[i * K + k] as number);
      let top = -Infinity;
      for (let k = 0; k < K; k += 1) top = Math.max(top, z[k] as number);
      let sum = 0;
      for (let k = 0; k < K; k += 1) {
        z[k] = Math.exp((z[k] as number) - top);
        sum += z[k] as number;
      }
      for (let k = 0; k < K; k += 1) {
        const d = ((z[k] as number) / sum - (k === r.y ? 1 : 0)) / n;
        for (const i of r.f) g[i * K + k] = (g[i * K + k] as number) + d;
        g[names.length * K + k] = (g[names.length * K + k] as number) + d;
      }
    }
    const t = epoch + 1;
    for (let j = 0; j < P * K; j += 1) {
      const isBias = j >= names.length * K;
      const grad = (g[j] as number) + (isBias ? 0 : params.l2 * (w[j] as number));
      m[j] = 0.9 * (m[j] as number) + 0.1 * grad;
      v[j] = 0.999 * (v[j] as number) + 0.001 * grad * grad;
      const mh = (m[j] as number) / (1 - 0.9 ** t);
      const vh = (v[j] as number) / (1 - 0.999 ** t);
      w[j] = (w[j] as number) - (params.rate * mh) / (Math.sqrt(vh) + 1e-8) / Math.sqrt(t);
    }
  }
  // Three decimals; a feature whose weights all round to under 0.005 is left out (it moves no probability).
  const round = (x: number) => Math.round(x * 1e3) / 1e3;
  const weights: Record<string, number[]> = {};
  for (const [f, i] of index) {
    const ws = Array.from({ length: K }, (_, k) => round(w[i * K + k] as number));
    if (ws.some((x) => Math.abs(x) >= 0.005)) weights[f] = ws;
  }
  return {
    classes: [...classes],
    bias: Array.from({ length: K }, (_, k) => round(w[names.length * K + k] as number)),
    weights,
  };
}
