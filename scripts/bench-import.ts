// Rows per second for importing a data folder (default ../shared/data), run twice. Asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb, migrateToLatest } from '@app/db/client';
import { importAll } from '@app/market-data/importers';

const dir = resolve(process.argv[2] ?? '../shared/data');
const tmp = mkdtempSync(join(tmpdir(), 'bench-import-'));
const handle = createDb({ engine: 'sqlite', filename: join(tmp, 'app.db') });
await migrateToLatest(handle.db);
const quiet = { isTTY: false, write() {} };
for (const run of ['first import', 're-import']) {
  const r = await importAll(handle.db, dir, quiet);
  const prices = r.reports.find((x) => x.name === 'prices');
  console.info(
    `${run}: ${r.rowsRead.toLocaleString('en-US')} rows read in ${r.seconds.toFixed(1)} s = ${Math.round(r.rowsRead / r.seconds).toLocaleString('en-US')} rows/s; ${(prices?.written ?? 0).toLocaleString('en-US')} price rows written, ${prices?.corrected.length ?? 0} corrections, ${prices?.rejected.length ?? 0} rejections`,
  );
}
await handle.close();
rmSync(tmp, { recursive: true, force: true });
