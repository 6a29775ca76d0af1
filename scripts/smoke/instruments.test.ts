// The instruments' smoke run (`npm test`): every bench script and evaluator of package.json runs
// with BENCH_SMOKE=1 on tiny input and must exit 0 (each exits non-zero on a failed request, a
// crash or an error in the page). Nothing is timed: the figures they print are not asserted.
import { spawn } from 'node:child_process';
import { copyFileSync, createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const DATA = resolve(REPO, '../shared/data');
const dir = mkdtempSync(join(tmpdir(), 'smoke-'));
const postgres = process.env.TEST_DATABASE_URL;

/** Runs `npm run <script> -- ...args`; resolves with its exit code and output. */
function npmRun(script: string, args: string[] = [], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: REPO,
      env: { ...process.env, BENCH_SMOKE: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => done({ code, output }));
  });
}

async function expectClean(script: string, args: string[] = [], env: Record<string, string> = {}) {
  const { code, output } = await npmRun(script, args, env);
  // The whole output on failure: what crashed or failed is in it.
  expect(code, `npm run ${script} ${args.join(' ')}\n${output}`).toBe(0);
  console.info(`npm run ${script} ${args.join(' ')}: exit 0\n${output.split('\n').slice(-12).join('\n')}`);
  return output;
}

/** A data folder laid out like ../shared/data with a few companies' worth of it. */
async function tinyDataFolder(): Promise<string> {
  const folder = join(dir, 'data');
  for (const sub of ['universe', 'prices', 'companyfacts']) mkdirSync(join(folder, sub), { recursive: true });
  for (const file of ['universe/cik_sic.json', 'prices/tickers.csv'])
    copyFileSync(join(DATA, file), join(folder, file));
  // The 100 largest listings, and American Airlines, whose prices come first in the price file.
  const listings = JSON.parse(readFileSync(join(DATA, 'universe/company_tickers_exchange.json'), 'utf8')) as {
    data: Array<[number, string, string, string | null]>;
  };
  const kept = listings.data.filter((row, i) => i < 100 || row[2] === 'AAL');
  writeFileSync(join(folder, 'universe/company_tickers_exchange.json'), JSON.stringify({ ...listings, data: kept }));
  copyFileSync(join(DATA, 'companyfacts/CIK0000320193.json.gz'), join(folder, 'companyfacts/CIK0000320193.json.gz'));
  // The first 3,000 rows of the daily price file: one company's years.
  const lines: string[] = [];
  const input = createReadStream(join(DATA, 'prices/daily_yahoo_1999_2024.csv.gz'));
  const reader = createInterface({ input: input.pipe(createGunzip()) });
  for await (const line of reader) {
    lines.push(line);
    if (lines.length > 3_000) break;
  }
  reader.close();
  input.destroy();
  writeFileSync(join(folder, 'prices/daily_yahoo_smoke.csv'), `${lines.join('\n')}\n`);
  return folder;
}

/** One article of the SQuAD development file and one TAT-QA context, as files of their own. */
function tinyQaFiles(): string[] {
  const read = (file: string) => JSON.parse(gunzipSync(readFileSync(join(DATA, 'qa', file))).toString('utf8'));
  const squad = read('squad-dev-5-articles.json.gz') as { version?: string; data: Array<{ paragraphs: unknown[] }> };
  const article = squad.data[0] as { paragraphs: unknown[] };
  const squadFile = join(dir, 'squad-tiny.json');
  writeFileSync(
    squadFile,
    JSON.stringify({ ...squad, data: [{ ...article, paragraphs: article.paragraphs.slice(0, 2) }] }),
  );
  const tatqa = read('tatqa-dev-40-contexts.json.gz') as unknown[];
  const tatqaFile = join(dir, 'tatqa-tiny.json');
  writeFileSync(tatqaFile, JSON.stringify(tatqa.slice(0, 1)));
  return [squadFile, tatqaFile];
}

let dataFolder = '';
beforeAll(async () => {
  dataFolder = await tinyDataFolder();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Two at a time (vitest.smoke.config.ts), the longest first so the last to start is a short one.
describe.concurrent('every instrument runs on tiny input with zero errors', () => {
  it.skipIf(!postgres)('npm run bench (PostgreSQL)', async () => {
    await expectClean('bench', [], { BENCH_DATABASE_URL: postgres as string });
  });

  it('npm run bench:web', async () => {
    await expectClean('bench:web');
  });

  it('npm run bench (SQLite)', async () => {
    await expectClean('bench');
  });

  it('npm run eval:docqa', async () => {
    await expectClean('eval:docqa', tinyQaFiles());
  });

  it('npm run bench:ocr', async () => {
    await expectClean('bench:ocr');
  });

  it('npm run bench:data', async () => {
    await expectClean('bench:data', [], {
      DEMO_COMPANIES: '20',
      ...(postgres ? { BENCH_DATABASE_URL: postgres } : { BENCH_DATA_ENGINES: 'sqlite' }),
    });
  });

  it('npm run bench:import', async () => {
    await expectClean('bench:import', [dataFolder]);
  });

  it('npm run bench:bulk', async () => {
    await expectClean('bench:bulk', [dataFolder]);
  });
});
