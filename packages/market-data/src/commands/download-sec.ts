import { importBulk } from '../importers/bulk-import.ts';
import { assertNotDemoDatabase } from '../importers/guard.ts';
import { ImportReport } from '../importers/report.ts';
import { downloadBulk } from '../sec/bulk.ts';
import { downloadSec, SecClient } from '../sec/client.ts';
import type { CommandContext } from './context.ts';

// `download-sec [dir] [--limit N] [--cik N,...]`: ticker list and companyfacts for `import-all`; `--bulk [dir]
// [--refresh]`: the nightly zips, imported straight into the database. Both need SEC_USER_AGENT.
export async function run({ args, config, handle }: CommandContext) {
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const valued = new Set(['--limit', '--cik']);
  const positional = args.filter((a, i) => !a.startsWith('--') && !valued.has(args[i - 1] ?? ''));
  const outDir = positional[0] ?? `${config.dataDir}/sec`;
  const client = new SecClient({
    userAgent: config.sec.userAgent,
    dataUrl: config.sec.dataUrl ?? undefined,
    filesUrl: config.sec.filesUrl ?? undefined,
    archivesUrl: config.sec.archivesUrl ?? undefined,
  });
  if (args.includes('--bulk')) {
    if (flag('--limit') !== undefined || flag('--cik') !== undefined)
      throw new Error('--bulk takes every company: --limit and --cik are for the per-company download');
    // Before 2.5 GB of downloads, not after: real filings never go into the demo universe.
    await assertNotDemoDatabase(handle.db);
    const report = new ImportReport('download-sec --bulk');
    const zips = await downloadBulk(client, { outDir, refresh: args.includes('--refresh') }, report);
    console.info(report.summary());
    const result = await importBulk(handle.db, zips);
    for (const r of result.reports) console.info(r.summary());
    console.info(
      `Imported ${result.companyIds.length.toLocaleString('en-US')} companies from the SEC archives in ${result.seconds.toFixed(1)} s (${result.companiesPerSecond.toFixed(0)} companies/s read).`,
    );
    return;
  }
  if (args.includes('--refresh')) throw new Error('--refresh goes with --bulk');
  const limit = flag('--limit');
  if (limit !== undefined && !/^\d+$/.test(limit)) throw new Error('--limit must be a whole number');
  const cikList = flag('--cik');
  if (cikList !== undefined && !/^\d+(,\d+)*$/.test(cikList))
    throw new Error('--cik must be CIK numbers, e.g. 320193,789019');
  const ciks = cikList?.split(',').map(Number);
  const report = new ImportReport('download-sec');
  await downloadSec(client, { outDir, limit: limit ? Number(limit) : undefined, ciks }, report);
  console.info(report.summary());
  console.info(`Next: npm run data -- import-all ${outDir}`);
}
