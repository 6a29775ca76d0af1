import { mkdtempSync, readFileSync, readdirSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { createDb, migrateToLatest } from '@app/db/client';
import { importBulk } from '@app/market-data/bulk';
import { importAll } from '@app/market-data/importers';
import { ZipFile } from 'yazl';
const dir = '../shared/data';
const tmp = mkdtempSync(join(tmpdir(), 'order-'));
const pad = (cik: number) => `CIK${String(cik).padStart(10, '0')}.json`;
const list = JSON.parse(readFileSync(join(dir, 'universe/company_tickers_exchange.json'), 'utf8'));
const byCik = new Map<number, any>();
for (const [cik, name, ticker, exchange] of list.data) { const c = byCik.get(cik) ?? { name, tickers: [], exchanges: [] }; c.tickers.push(ticker); c.exchanges.push(exchange); byCik.set(cik, c); }
async function writeZip(path: string, entries: Iterable<[string, Buffer]>) { const zip = new ZipFile(); const done = pipeline(zip.outputStream, createWriteStream(path)); for (const [n, b] of entries) zip.addBuffer(b, n); zip.end(); await done; }
const submissions = join(tmp, 'submissions.zip');
await writeZip(submissions, [...byCik].map(([cik, c]) => [pad(cik), Buffer.from(JSON.stringify({ cik, ...c }))] as [string, Buffer]));
const quiet = { isTTY: false, write() {} };
for (const order of [process.argv[2] ?? 'bulk-first']) {
  const h = createDb({ engine: 'sqlite', filename: join(tmp, `${order}.db`) });
  await migrateToLatest(h.db);
  const steps = order === 'bulk-first' ? ['bulk', 'all'] : ['all', 'bulk'];
  for (const s of steps) {
    const reports = s === 'bulk' ? (await importBulk(h.db, { submissions }, quiet)).reports : (await importAll(h.db, dir, quiet)).reports;
    for (const r of reports) { console.info(`[${order}/${s}] ${r.name}: rejected ${r.rejected.length}`); for (const x of r.rejected.filter((x) => x.reason.includes('taken'))) console.info('   ', x.reason); }
  }
  await h.close();
}
