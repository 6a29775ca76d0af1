// Companies per second for `download-sec --bulk`'s import, on zips built from a data folder (default
// ../shared/data), run twice. `--copies N` stores each companyfacts file N-1 more times under other listed
// CIKs to time a large zip; `--postgres` uses a scratch schema of TEST_DATABASE_URL. Asserts nothing.
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { createDb, migrateToLatest } from '@app/db/client';
import { createTestDb } from '@app/db/testing';
import { importBulk } from '@app/market-data/bulk';
import { ZipFile } from 'yazl';

const args = process.argv.slice(2);
const copiesAt = args.indexOf('--copies');
const copies = copiesAt >= 0 ? Number(args[copiesAt + 1]) : 1;
const dir = resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--copies') ?? '../shared/data');
const tmp = mkdtempSync(join(tmpdir(), 'bench-bulk-'));
const pad = (cik: number) => `CIK${String(cik).padStart(10, '0')}.json`;

const list = JSON.parse(readFileSync(join(dir, 'universe/company_tickers_exchange.json'), 'utf8')) as {
  data: [number, string, string, string | null][];
};
const sics = JSON.parse(readFileSync(join(dir, 'universe/cik_sic.json'), 'utf8')) as Record<string, string>;
const byCik = new Map<number, { name: string; tickers: string[]; exchanges: (string | null)[] }>();
for (const [cik, name, ticker, exchange] of list.data) {
  const c = byCik.get(cik) ?? { name, tickers: [], exchanges: [] };
  c.tickers.push(ticker);
  c.exchanges.push(exchange);
  byCik.set(cik, c);
}

async function writeZip(path: string, entries: Iterable<[string, Buffer]>) {
  const zip = new ZipFile();
  const done = pipeline(zip.outputStream, createWriteStream(path));
  for (const [name, body] of entries) zip.addBuffer(body, name);
  zip.end();
  await done;
}

const submissions = join(tmp, 'submissions.zip');
await writeZip(
  submissions,
  (function* () {
    for (const [cik, c] of byCik)
      yield [
        pad(cik),
        Buffer.from(JSON.stringify({ ...c, cik: String(cik).padStart(10, '0'), sic: sics[String(cik)] ?? '' })),
      ];
  })(),
);
const factsDir = join(dir, 'companyfacts');
const documents = readdirSync(factsDir)
  .filter((f) => /\.json(\.gz)?$/.test(f))
  .map((f) => {
    const raw = readFileSync(join(factsDir, f));
    return JSON.parse((f.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')) as { cik: number | string };
  });
const spare = [...byCik.keys()].filter((cik) => !documents.some((d) => Number(d.cik) === cik));
const companyfacts = join(tmp, 'companyfacts.zip');
await writeZip(
  companyfacts,
  (function* () {
    for (const d of documents) yield [pad(Number(d.cik)), Buffer.from(JSON.stringify(d))];
    for (let copy = 1; copy < copies; copy++)
      for (const d of documents) {
        const cik = spare.pop();
        if (cik !== undefined) yield [pad(cik), Buffer.from(JSON.stringify({ ...d, cik }))];
      }
  })(),
);
const mb = (p: string) => `${(statSync(p).size / 1e6).toFixed(1)} MB`;
console.info(`zips: submissions ${mb(submissions)}, companyfacts ${mb(companyfacts)}`);

const handle = args.includes('--postgres')
  ? await createTestDb('postgres')
  : createDb({ engine: 'sqlite', filename: join(tmp, 'app.db') });
await migrateToLatest(handle.db);
const quiet = { isTTY: false, write() {} };
for (const run of ['first import', 're-import']) {
  const r = await importBulk(handle.db, { submissions, companyfacts }, quiet);
  const steps = r.steps.map((x, i) => {
    const rep = r.reports[i];
    return `${x.name} ${x.documents} in ${x.seconds.toFixed(1)} s = ${(x.documents / x.seconds).toFixed(0)}/s (written ${rep?.written}, skipped ${rep?.skipped})`;
  });
  console.info(
    `${run}: ${r.seconds.toFixed(1)} s, ${r.companiesPerSecond.toFixed(0)} companies/s; ${steps.join('; ')}`,
  );
}
await handle.close();
rmSync(tmp, { recursive: true, force: true });
