// `npm run fit:tables -w @app/doc-qa [tatqa-test-gold.json.gz]`: fits the table reader's choice of how a change
// between two period figures is taken (newer − older, older − newer, larger − smaller, unsigned) per question wording
// and sign of the figures, on TAT-QA questions whose gold derivation is a difference; writes src/change-choices.json.
// Only counts over the training file decide; the development contexts are never read.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { applyChange, CHANGE_CHOICES, changeKey } from '../src/change-choice';
import { createDocQa } from '../src/engine';
import { parseAmount } from '../src/finance';
import { renderContext, type TatqaContext } from '../src/training/tatqa';

const REPO = resolve(import.meta.dirname, '../../..');
const file = process.argv[2] ?? resolve(REPO, '../shared/data/qa/tatqa-test-gold.json.gz');
const OUT = resolve(import.meta.dirname, '../src/change-choices.json');
/** A choice needs this many questions behind it to replace the default. */
const MIN_SUPPORT = 5;

const raw = readFileSync(file);
const contexts = JSON.parse((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')) as Array<
  TatqaContext & { questions: Array<{ tree_derivation?: string[] }> }
>;
const counts = new Map<string, Map<string, number>>();
let used = 0;
for (const c of contexts) {
  const engine = createDocQa(renderContext(c));
  for (const q of c.questions) {
    if (q.answer_type !== 'arithmetic' || q.tree_derivation?.[0] !== '-' || q.tree_derivation.length !== 3) continue;
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
writeFileSync(
  OUT,
  `${JSON.stringify({ fittedOn: `${file.split('/').pop()} (${used} difference questions)`, choices }, null, 2)}\n`,
);
console.log(`Wrote ${OUT}: ${JSON.stringify(choices)}`);
