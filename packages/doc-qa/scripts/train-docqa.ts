// `npm run train:docqa [squad.json[.gz]] [--no-cv] [--questions N] [--families a,b] [--ablate] [--curve]
//  [--threads N] [--cache DIR] [--cached-only] [--dry]`: fits R1 (logistic regression, then boosted trees on
// what it leaves) on SQuAD v1.1 questions asked of five-article documents; writes src/r1-weights.json. Held-out
// articles choose the "not found" threshold (--no-cv: in-sample). Rows are cached per group: a stopped run resumes.
import { createHash } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { LEXICAL_FAMILIES, type LexicalFamily } from '../src/r1-lexical';
import { FEATURES, type R1Weights } from '../src/reader-r1';
import { DEFAULT_TREE_PARAMS } from '../src/training/fit-trees';
import type { GenerateOptions } from '../src/training/generate';
import type { GenerateJob } from '../src/training/generate.worker';
import { type GroupRows, runJobs } from '../src/training/jobs';
import { calibrate, chooseThreshold, type FitParams, fitRows, picks, scorePicks } from '../src/training/r1-train';
import { concatRows, questionsIn, type RowSet, rowsIn } from '../src/training/rows';
import { readSquadArticles } from '../src/training/squad';

const REPO = resolve(import.meta.dirname, '../../..');
const DEFAULT_FILE = resolve(REPO, '../shared/data/qa/squad-train-v1.1.json.gz');
const OUT = resolve(import.meta.dirname, '../src/r1-weights.json');
/** Articles per long document (the shared dev file's five articles make one of ~300 paragraphs). */
const GROUP = 5;
const HOLD_OUT = 20;
/** Wrong spans kept a training question (the rest stand in through the sampling offset). */
const NEGATIVES = 40;

export const FIT: Omit<FitParams, 'families'> = {
  linear: { epochs: 4, batch: 256, rate: 0.05, l2: 1e-4 },
  trees: DEFAULT_TREE_PARAMS,
};

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const positional = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.match(/^--(?:questions|families|dev|threads|cache)$/));

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

/** Laid out as the formatter would, so `biome check` leaves the generated file alone. */
function formatWeights(model: R1Weights): string {
  const arrays: Array<{ key: string; numbers: number[]; indent: string }> = [
    { key: '@weights', numbers: model.weights, indent: '   ' },
  ];
  const copy: Record<string, unknown> = { ...model, weights: ['@weights'] };
  if (model.trees) {
    const { depth, features, thresholds, values } = model.trees;
    copy.trees = { depth, features: ['@features'], thresholds: ['@thresholds'], values: ['@values'] };
    arrays.push(
      { key: '@features', numbers: features, indent: '     ' },
      { key: '@thresholds', numbers: thresholds, indent: '     ' },
      { key: '@values', numbers: values, indent: '     ' },
    );
  }
  if (model.lexical) {
    copy.lexical = { families: model.lexical.families, gaps: ['@gaps'], values: ['@lexvalues'] };
    arrays.push(
      { key: '@gaps', numbers: model.lexical.gaps, indent: '     ' },
      { key: '@lexvalues', numbers: model.lexical.values, indent: '     ' },
    );
  }
  let json = JSON.stringify(copy, null, 2);
  for (const a of arrays) json = json.replace(`"${a.key}"`, fill(a.numbers, a.indent));
  return `${json}\n`;
}

const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(0)} s`;
const f = (x: number) => x.toFixed(1);

async function main() {
  const path = positional[0] ? resolve(process.env.INIT_CWD ?? process.cwd(), positional[0]) : DEFAULT_FILE;
  try {
    statSync(path);
  } catch {
    console.log(`No training data at ${path}; pass a SQuAD v1.1 file: npm run train:docqa -- path/to/file.json`);
    process.exit(positional[0] ? 1 : 0);
  }
  const noCv = process.argv.includes('--no-cv');
  const families = (option('--families')?.split(',').filter(Boolean) ?? [...LEXICAL_FAMILIES]) as LexicalFamily[];
  const threads = Math.max(1, Math.min(2, Number(option('--threads') ?? 2)));
  const limit = Number(option('--questions') ?? Number.POSITIVE_INFINITY);
  const t0 = performance.now();

  const sizes: number[] = [];
  for await (const a of readSquadArticles(path)) sizes.push(a.paragraphs.reduce((n, p) => n + p.qas.length, 0));
  const heldOut =
    noCv || sizes.length < 2
      ? []
      : sizes
          .map((_, i) => i)
          .filter((i) => (sizes.length < HOLD_OUT ? i === sizes.length - 1 : i % HOLD_OUT === HOLD_OUT - 1));
  const training = sizes.map((_, i) => i).filter((i) => !heldOut.includes(i));
  const groupsOf = (ids: number[]) => {
    const out: number[][] = [];
    for (let i = 0; i < ids.length; i += GROUP) out.push(ids.slice(i, i + GROUP));
    return out;
  };
  let trainGroups = groupsOf(training);
  if (Number.isFinite(limit)) {
    let n = 0;
    trainGroups = trainGroups.filter((g) => {
      const keep = n < limit;
      n += g.reduce((s, i) => s + (sizes[i] ?? 0), 0);
      return keep;
    });
  }
  const allFamilies = [...LEXICAL_FAMILIES];
  const stat = statSync(path);
  const cacheKey = createHash('sha256')
    .update(`${path}|${stat.size}|${stat.mtimeMs}|${FEATURES.join(',')}|${allFamilies.join(',')}|${NEGATIVES}|v1`)
    .digest('hex')
    .slice(0, 12);
  const cache = option('--cache') ?? join(tmpdir(), 'docqa-r1-rows', cacheKey);
  const trainOptions: GenerateOptions = {
    families: allFamilies,
    negatives: NEGATIVES,
    texts: false,
    unanswerable: false,
    given: false,
  };
  const heldOptions: GenerateOptions = {
    families: allFamilies,
    negatives: null,
    texts: true,
    unanswerable: true,
    given: true,
  };
  let jobs: GenerateJob[] = [
    ...groupsOf(heldOut).map((articles) => ({
      key: `held-${articles[0]}`,
      group: `held-${articles[0]}`,
      articles,
      options: heldOptions,
    })),
    ...trainGroups.map((articles) => ({
      key: `train-${articles[0]}`,
      group: `train-${articles[0]}`,
      articles,
      options: trainOptions,
    })),
  ];
  if (process.argv.includes('--cached-only')) {
    // Fit on the groups a stopped run already generated (the held-out ones must be there).
    jobs = jobs.filter((j) => j.key.startsWith('held-') || existsSync(join(cache, `${j.key}.long.rows`)));
    const kept = new Set(jobs.map((j) => j.articles[0]));
    trainGroups = trainGroups.filter((g) => kept.has(g[0]));
  }
  console.log(
    `${basename(path)}: ${sizes.length} articles; fitting on ${trainGroups.flat().length} (${trainGroups.flat().reduce((s, i) => s + (sizes[i] ?? 0), 0)} questions), ` +
      `holding out ${heldOut.length} (${heldOut.reduce((s, i) => s + (sizes[i] ?? 0), 0)} questions); candidate rows cached in ${cache}`,
  );
  if (process.argv.includes('--dry')) return;
  let last = 0;
  const rows = await runJobs(path, jobs, cache, threads, (done, total) => {
    if (done === total || performance.now() - last > 30_000) {
      last = performance.now();
      console.log(
        `  candidate rows: ${done}/${total} groups (${seconds(t0)}, rss ${(process.memoryUsage().rss / 1e9).toFixed(1)} GB)`,
      );
    }
  });
  const part = (prefix: string, key: keyof GroupRows) =>
    concatRows(
      jobs
        .filter((j) => j.key.startsWith(prefix))
        .map((j) => rows.get(j.key)?.[key])
        .filter((r): r is RowSet => !!r),
    );
  const train = part('train-', 'long');
  const held = {
    long: part('held-', 'long'),
    unanswerable: part('held-', 'unanswerable'),
    given: part('held-', 'given'),
  };
  console.log(
    `  ${questionsIn(train)} training questions, ${rowsIn(train)} rows kept; ${questionsIn(held.long)} held out (${seconds(t0)})`,
  );

  const report = (name: string, model: R1Weights) => {
    if (questionsIn(held.long) === 0) return null;
    const long = picks(held.long, model);
    const t = chooseThreshold({ answerable: long, unanswerable: picks(held.unanswerable, model) });
    const l = scorePicks(held.long, long, 0);
    const g = scorePicks(held.given, picks(held.given, model), 0);
    const lt = scorePicks(held.long, long, t.threshold);
    console.log(
      `  ${name}: held out, long document EM ${f(l.em)} F1 ${f(l.f1)}; paragraph given EM ${f(g.em)} F1 ${f(g.f1)}; ` +
        `"not found" below ${t.threshold}: false answers ${f(t.falseAnswerRate)}%, long document F1 ${f(lt.f1)}, declined ${f(lt.declined)}%`,
    );
    return t;
  };
  const fitWith = (fams: LexicalFamily[], set = train) => {
    const t1 = performance.now();
    const out = fitRows(set, { ...FIT, families: fams });
    console.log(`  fitted (${fams.join('+') || 'no lexical features'}) in ${seconds(t1)}`);
    return out;
  };

  if (process.argv.includes('--ablate')) {
    for (const fams of [[], ...LEXICAL_FAMILIES.map((x) => [x]), [...LEXICAL_FAMILIES]] as LexicalFamily[][]) {
      const { linear, model } = fitWith(fams);
      report(`${fams.join('+') || 'dense only'}, regression alone`, linear);
      report(`${fams.join('+') || 'dense only'}, with trees`, model);
    }
  }
  if (process.argv.includes('--curve')) {
    const q = questionsIn(train);
    for (const share of [1 / 8, 1 / 4, 1 / 2]) {
      const n = Math.round(q * share);
      const { selectQuestions } = await import('../src/training/rows');
      const { model } = fitWith(
        families,
        selectQuestions(train, (i) => i < n),
      );
      report(`${n} training questions`, model);
    }
  }
  const { linear, model: fitted } = fitWith(families);
  report('regression alone', linear);
  const t = report('shipped model', fitted);
  const minSupport = t ? t.threshold : calibrate(picks(train, fitted));
  const model: R1Weights = {
    ...fitted,
    minSupport,
    trainedOn: `${basename(path)}: ${questionsIn(train)} questions${t ? `, threshold on ${questionsIn(held.long)} held out` : ''}, long documents of ${GROUP} articles`,
  };
  writeFileSync(OUT, formatWeights(model));
  console.log(
    `Weights written to ${OUT} (${seconds(t0)}, peak rss ${(process.resourceUsage().maxRSS / 1e6).toFixed(1)} GB)`,
  );
}

await main();
