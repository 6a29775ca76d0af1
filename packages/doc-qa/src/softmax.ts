// A small multinomial logistic model over named binary features: one weight a feature and class, one bias a class.
// Fitted by `training/fit-softmax.ts`; stored as JSON beside the code (only the features the fit kept).

export interface SoftmaxModel {
  classes: string[];
  bias: number[];
  /** Feature name → one weight a class (in `classes` order). */
  weights: Record<string, number[]>;
}

/** The probability of each class given the features present (unknown features weigh nothing). */
export function softmaxProbabilities(model: SoftmaxModel, features: readonly string[]): number[] {
  const z = [...model.bias];
  for (const f of new Set(features)) {
    const w = model.weights[f];
    if (!w) continue;
    for (let k = 0; k < z.length; k += 1) z[k] = (z[k] ?? 0) + (w[k] ?? 0);
  }
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const sum = e.reduce((s, v) => s + v, 0);
  return e.map((v) => v / sum);
}

/** The likeliest class and its probability; ties go to the earlier class. */
export function softmaxPredict(model: SoftmaxModel, features: readonly string[]): { label: string; p: number } {
  const p = softmaxProbabilities(model, features);
  let best = 0;
  for (let k = 1; k < p.length; k += 1) if ((p[k] ?? 0) > (p[best] ?? 0)) best = k;
  return { label: model.classes[best] ?? '', p: p[best] ?? 0 };
}
