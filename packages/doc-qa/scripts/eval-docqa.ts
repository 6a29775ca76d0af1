// `npm run eval:docqa [file.json[.gz] …] [--answers FILE] [--no-browser] [--verbose]`: for a SQuAD-format
// file (any size: read one article at a time), EM/F1 of the Document QA engine (a) with the
// paragraph given, (b) over all paragraphs joined as one long document (recall@1/@5, declined) and
// (c) the false-answer rate on questions asked of other articles, for R0 and R1 with the shipped
// weights; `--answers FILE` writes R1's answers as JSON Lines (id, setting, answer, passage, page).
// For a TAT-QA file, EM/F1 per answer source and the analyst development set
// (fixtures/analyst-qa.json over its contexts). Then latency and index build time on a generated
// 300-page PDF in headless Chromium. Without files it reads ../shared/data/qa.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createGunzip, gunzipSync } from 'node:zlib';
import { evaluateSquadFile } from '../src/training/squad-eval';
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

/** The file's first character that is not whitespace: '[' for TAT-QA, '{' for SQuAD. */
async function firstCharacter(file: string): Promise<string> {
  const raw = createReadStream(file);
  const stream = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  stream.setEncoding('utf8');
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const c = chunk.trimStart()[0];
      if (c) return c;
    }
    return '';
  } finally {
    raw.destroy();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const given = args
    .filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--answers')
    .map((f) => resolve(process.env.INIT_CWD ?? process.cwd(), f));
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
  const answersAt = args.indexOf('--answers');
  const answers =
    answersAt >= 0 ? resolve(process.env.INIT_CWD ?? process.cwd(), args[answersAt + 1] ?? '') : undefined;
  for (const path of files) {
    if ((await firstCharacter(path)) === '[') {
      const contexts = readJson(path) as TatqaContext[];
      const questions = contexts.reduce((n, c) => n + c.questions.length, 0);
      console.log(`Data: ${path} (TAT-QA, ${contexts.length} contexts, ${questions} questions)`);
      evaluateTatqa(contexts, { verbose: args.includes('--verbose') });
      continue;
    }
    await evaluateSquadFile(path, { answers });
  }
  if (args.includes('--no-browser')) return;
  await runBrowserBenchmark(REPO);
}

await main();
