// The fit scripts' common input: TAT-QA's training file (the first argument that is not an option's value, or
// ../shared/data/qa/tatqa-test-gold.json.gz) and `--folds K` for their cross-validation (default 5).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

const REPO = resolve(import.meta.dirname, '../../..');

export function trainingArgs(args: readonly string[] = process.argv.slice(2)): { file: string; folds: number } {
  const file =
    args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--folds') ??
    resolve(REPO, '../shared/data/qa/tatqa-test-gold.json.gz');
  return { file, folds: Number(args[args.indexOf('--folds') + 1] ?? 5) || 5 };
}

/** A JSON file, gzipped or not. */
export function readJsonFile<T>(file: string): T {
  const raw = readFileSync(file);
  return JSON.parse((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')) as T;
}
