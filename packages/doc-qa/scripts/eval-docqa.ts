// `npm run eval:docqa [file.json[.gz] …] [--no-browser]`: for a SQuAD v1.1 file, EM/F1 of the
// Document QA engine (a) with the paragraph given and (b) over all paragraphs joined as one long
// document; for a TAT-QA file, EM/F1 per answer source (text spans, table lookups, arithmetic);
// the analyst development set (fixtures/analyst-qa.json over the TAT-QA contexts): decline rate,
// evidence hit rate and correctness per question type; and (c) latency and index build time on a
// generated 300-page PDF in headless Chromium. Without files it reads ../shared/data/qa.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { SquadFile } from '../src/training/squad';
import { evaluateSquad, squadSize } from '../src/training/squad-eval';
import type { TatqaContext } from '../src/training/tatqa';
import { evaluateTatqa } from '../src/training/tatqa-eval';
import { runBrowserBenchmark } from './browser-benchmark';

const REPO = resolve(import.meta.dirname, '../../..');
const DATA = resolve(REPO, '../shared/data/qa');
const DEFAULT_FILES = [resolve(DATA, 'squad-dev-5-articles.json.gz'), resolve(DATA, 'tatqa-dev-40-contexts.json.gz')];

function readJson(file: string): unknown {
  const raw = readFileSync(file);
  return JSON.parse(file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8'));
}

async function main() {
  const args = process.argv.slice(2);
  const given = args.filter((a) => !a.startsWith('--')).map((f) => resolve(process.env.INIT_CWD ?? process.cwd(), f));
  const missing = given.find((f) => !existsSync(f));
  if (missing) {
    console.error(`No such file: ${missing}`);
    process.exitCode = 1;
    return;
  }
  const files = given.length > 0 ? given : DEFAULT_FILES.filter((f) => existsSync(f));
  if (files.length === 0) {
    console.log(
      `The default data sets in ${DATA} are not on this machine; nothing to evaluate.\n` +
        'Pass a SQuAD v1.1 or TAT-QA file (plain or .gz): npm run eval:docqa -- path/to/file.json',
    );
  }
  for (const path of files) {
    const data = readJson(path);
    if (Array.isArray(data)) {
      const contexts = data as TatqaContext[];
      const questions = contexts.reduce((n, c) => n + c.questions.length, 0);
      console.log(`Data: ${path} (TAT-QA, ${contexts.length} contexts, ${questions} questions)`);
      evaluateTatqa(contexts, { verbose: args.includes('--verbose') });
      continue;
    }
    const squad = data as SquadFile;
    const size = squadSize(squad);
    console.log(`Data: ${path} (SQuAD, ${size.paragraphs} paragraphs, ${size.questions} questions)`);
    evaluateSquad(squad, { cv: !args.includes('--no-cv') });
  }
  if (args.includes('--no-browser')) return;
  await runBrowserBenchmark(REPO);
}

await main();
