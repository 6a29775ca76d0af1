// `npm run train:docqa [squad.json[.gz]] [--no-cv]`: fits reader R1 (logistic regression, then
// boosted trees on what it leaves) on a SQuAD v1.1 file's questions asked of all its paragraphs
// as one long document, reports 5-fold cross-validation by article unless --no-cv, and writes
// the weights to src/r1-weights.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { R1Weights } from '../src/reader-r1';
import { chooseThreshold, crossValidate, fitBoosted, score, squadExamples } from '../src/training/r1-train';
import type { SquadFile } from '../src/training/squad';

/** Numbers filled into 120-column lines at an indentation, as the repository's formatter lays out an array. */
function fill(numbers: readonly number[], indent: string): string {
  const lines: string[] = [];
  let line = indent;
  for (const [i, w] of numbers.entries()) {
    const item = `${w}${i < numbers.length - 1 ? ',' : ''}`;
    if (line.length + 1 + item.length > 120) {
      lines.push(line);
      line = indent;
    }
    line += ` ${item}`;
  }
  lines.push(line);
  return lines.join('\n').trimStart();
}

/** The weights file as the repository's formatter lays it out: each array of numbers filled into lines. */
function formatWeights(model: R1Weights & Record<string, unknown>): string {
  const arrays: Array<{ key: string; numbers: number[]; indent: string }> = [
    { key: '@weights', numbers: model.weights, indent: '   ' },
  ];
  let trees: Record<string, unknown> | undefined;
  if (model.trees) {
    const { depth, features, thresholds, values } = model.trees;
    trees = { depth, features: ['@features'], thresholds: ['@thresholds'], values: ['@values'] };
    arrays.push(
      { key: '@features', numbers: features, indent: '     ' },
      { key: '@thresholds', numbers: thresholds, indent: '     ' },
      { key: '@values', numbers: values, indent: '     ' },
    );
  }
  let json = JSON.stringify({ ...model, weights: ['@weights'], ...(trees ? { trees } : {}) }, null, 2);
  for (const a of arrays) json = json.replace(`"${a.key}"`, fill(a.numbers, a.indent));
  return `${json}\n`;
}

const REPO = resolve(import.meta.dirname, '../../..');
const DEFAULT_FILE = resolve(REPO, '../shared/data/qa/squad-dev-5-articles.json.gz');
const OUT = resolve(import.meta.dirname, '../src/r1-weights.json');

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
const path = file ? resolve(process.env.INIT_CWD ?? process.cwd(), file) : DEFAULT_FILE;
if (!existsSync(path)) {
  console.log(`No training data at ${path}; pass a SQuAD v1.1 file: npm run train:docqa -- path/to/file.json`);
  process.exit(file ? 1 : 0);
}
const raw = readFileSync(path);
const squad = JSON.parse((path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')) as SquadFile;
const t0 = performance.now();
const noCv = process.argv.includes('--no-cv');
const { given, long, unanswerable } = squadExamples(squad, { unanswerable: !noCv });
// Fitted on the long document's candidates: they are what a visitor's document gives the reader
// (spans from the passages retrieval ranks first), and a model fitted there loses little with
// the paragraph given (decision 015).
const rows = long.reduce((n, e) => n + e.rows.length, 0);
const ceiling = long.filter((e) => e.rows.some((r) => r.target === 1)).length / long.length;
console.log(
  `${long.length} questions over the long document, ${rows} candidate spans (${(rows / long.length).toFixed(0)} a question); ` +
    `an exact answer is among the candidates for ${(100 * ceiling).toFixed(1)}% (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
);
let minSupport: number | undefined;
if (!noCv) {
  const cv = crossValidate(long, {}, unanswerable, given);
  console.log(
    `R1 ${cv.folds}-fold cross-validation by article (held out): long document EM ${cv.em.toFixed(1)}  F1 ${cv.f1.toFixed(1)}; ` +
      `paragraph given EM ${cv.also.em.toFixed(1)}  F1 ${cv.also.f1.toFixed(1)} ` +
      `(logistic regression alone, long document: EM ${cv.linear.em.toFixed(1)}  F1 ${cv.linear.f1.toFixed(1)})`,
  );
  const t = chooseThreshold(cv.picks);
  minSupport = t.threshold;
  console.log(
    `"not found" below support ${t.threshold} (held out: false-answer rate ${t.falseAnswerRate.toFixed(1)}%, ` +
      `F1 cost on the long document ${t.f1Cost.toFixed(1)})`,
  );
}
const fitted = fitBoosted(long);
// Without the held-out calibration (--no-cv) the threshold is the in-sample one.
const model = {
  ...fitted,
  minSupport: minSupport ?? fitted.minSupport,
  trainedOn: `${basename(path)}: ${long.length} questions, long document`,
};
const inLong = score(long, model);
const inGiven = score(given, model);
console.log(
  `R1 fitted on all (in-sample): long document EM ${inLong.em.toFixed(1)}  F1 ${inLong.f1.toFixed(1)}; ` +
    `paragraph given EM ${inGiven.em.toFixed(1)}  F1 ${inGiven.f1.toFixed(1)}; "not found" below support ${model.minSupport}`,
);
writeFileSync(OUT, formatWeights(model));
console.log(`Weights written to ${OUT}`);
