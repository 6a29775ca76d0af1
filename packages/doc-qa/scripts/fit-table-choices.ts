// `npm run fit:tables -w @app/doc-qa [tatqa-test-gold.json.gz]`: fits the table reader's choice of how a change
// between two period figures is taken (newer − older, older − newer, larger − smaller, unsigned) per question wording
// and sign of the figures, on TAT-QA questions whose gold derivation is a difference; writes src/change-choices.json.
// Only counts over the training file decide; the development contexts are never read.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  aggregateKey,
  applyChange,
  applyPct,
  CHANGE_CHOICES,
  changeKey,
  PCT_CHOICES,
  pctKey,
} from '../src/change-choice';
import { createDocQa } from '../src/engine';
import { parseAmount } from '../src/finance';
import { renderContext, type TatqaContext } from '../src/training/tatqa';
import { readJsonFile, trainingArgs } from './training-file';

const { file } = trainingArgs();
const OUT = resolve(import.meta.dirname, '../src/change-choices.json');
/** A choice needs this many questions behind it to replace the default. */
const MIN_SUPPORT = 5;

const contexts = readJsonFile<Array<TatqaContext & { questions: Array<{ tree_derivation?: string[] }> }>>(file);
const counts = new Map<string, Map<string, number>>();
const pcts = new Map<string, Map<string, number>>();
let percentages = 0;
const aggregates = new Map<string, Map<string, number>>();
let used = 0;
let aggregated = 0;
const close = (x: number, gold: number) => Math.abs(x - gold) < 0.006;
for (const c of contexts) {
  const engine = createDocQa(renderContext(c));
  for (const q of c.questions) {
    if (q.answer_type !== 'arithmetic') continue;
    const tree = q.tree_derivation ?? [];
    const isSum = tree[0] === '+';
    const isAverage = tree[0] === '/' && tree[1] === '+';
    if (isSum || isAverage) {
      // Sums and averages the reader answers over one row's figures, all negative as printed.
      const r = engine.answer(q.question);
      const values = r.cells.map((cell) => parseAmount(cell.text)?.value);
      if (r.kind !== 'computed' || values.length < 2 || values.some((v) => v === undefined)) continue;
      const vs = values as number[];
      const op = isSum ? 'sum' : 'average';
      const key = aggregateKey(op, vs);
      if (!key) continue;
      const total = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / (op === 'average' ? xs.length : 1);
      const row = aggregates.get(key) ?? new Map<string, number>();
      if (close(total(vs), Number(q.answer))) row.set('signed', (row.get('signed') ?? 0) + 1);
      if (close(total(vs.map(Math.abs)), Number(q.answer))) row.set('unsigned', (row.get('unsigned') ?? 0) + 1);
      row.set('(questions)', (row.get('(questions)') ?? 0) + 1);
      aggregates.set(key, row);
      aggregated += 1;
      continue;
    }
    if (tree[0] === '*' && tree[1] === '/' && tree[2] === '-' && tree.length === 7) {
      // Percentage changes the reader takes between two figures of one row.
      const r = engine.answer(q.question);
      if (r.kind !== 'computed' || r.cells.length !== 2 || !r.formula?.includes('× 100')) continue;
      const [a, b] = r.cells.map((cell) => parseAmount(cell.text)?.value);
      if (a === undefined || b === undefined || b === 0) continue;
      const key = pctKey(b);
      const row = pcts.get(key) ?? new Map<string, number>();
      for (const choice of PCT_CHOICES)
        if (close(Number(applyPct(choice, a, b).toFixed(2)), Number(q.answer)))
          row.set(choice, (row.get(choice) ?? 0) + 1);
      row.set('(questions)', (row.get('(questions)') ?? 0) + 1);
      pcts.set(key, row);
      percentages += 1;
      continue;
    }
    if (tree[0] !== '-' || tree.length !== 3) continue;
    const r = engine.answer(q.question);
    // Only the questions the reader answers as a change of one row between two periods.
    if (r.kind !== 'computed' || r.cells.length !== 2 || !r.formula || /[/×]/.test(r.formula)) continue;
    const [a, b] = r.cells.map((cell) => parseAmount(cell.text)?.value);
    if (a === undefined || b === undefined) continue;
    const gold = Number(q.answer);
    const key = changeKey(q.question, a, b);
    const row = counts.get(key) ?? new Map<string, number>();
    for (const choice of CHANGE_CHOICES)
      if (Math.abs(applyChange(choice, a, b) - gold) < 0.006) row.set(choice, (row.get(choice) ?? 0) + 1);
    row.set('(questions)', (row.get('(questions)') ?? 0) + 1);
    counts.set(key, row);
    used += 1;
  }
}
const choices: Record<string, string> = {};
for (const [key, row] of [...counts].sort()) {
  const n = row.get('(questions)') ?? 0;
  const ranked = CHANGE_CHOICES.map((c) => ({ c, k: row.get(c) ?? 0 })).sort((x, y) => y.k - x.k);
  const best = ranked[0];
  const base = row.get('newer-older') ?? 0;
  console.log(`${key.padEnd(22)} ${n} questions: ${ranked.map((x) => `${x.c} ${x.k}`).join(', ')}`);
  if (best && n >= MIN_SUPPORT && best.k > base) choices[key] = best.c;
}
const aggregate: Record<string, string> = {};
for (const [key, row] of [...aggregates].sort()) {
  const n = row.get('(questions)') ?? 0;
  const signed = row.get('signed') ?? 0;
  const unsigned = row.get('unsigned') ?? 0;
  console.log(`${key.padEnd(22)} ${n} questions: signed ${signed}, unsigned ${unsigned}`);
  if (n >= MIN_SUPPORT && unsigned > signed) aggregate[key] = 'unsigned';
}
const pct: Record<string, string> = {};
for (const [key, row] of [...pcts].sort()) {
  const n = row.get('(questions)') ?? 0;
  const signed = row.get('signed-base') ?? 0;
  const absolute = row.get('absolute-base') ?? 0;
  console.log(`${key.padEnd(22)} ${n} questions: absolute-base ${absolute}, signed-base ${signed}`);
  if (n >= MIN_SUPPORT && signed > absolute) pct[key] = 'signed-base';
}
const fittedOn =
  `${file.split('/').pop()} (${used} difference questions, ${aggregated} sums and averages of negative figures, ` +
  `${percentages} percentage changes)`;
writeFileSync(OUT, `${JSON.stringify({ fittedOn, choices, aggregate, pct }, null, 2)}\n`);
console.log(`Wrote ${OUT}: ${JSON.stringify({ choices, aggregate, pct })}`);
