import { importAll } from '../importers/folder-import.ts';
import type { CommandContext } from './context.ts';

/** `import-all <dir>`: a folder laid out like ../shared/data, in dependency order. */
export async function run({ handle, args }: CommandContext) {
  const dir = args[0];
  if (!dir) throw new Error('Usage: npm run data -- import-all <data folder, e.g. ../shared/data>');
  const result = await importAll(handle.db, dir);
  for (const report of result.reports) console.info(report.summary());
  const rate = result.rowsRead / Math.max(result.seconds, 0.001);
  console.info(
    `Imported ${result.companies.toLocaleString('en-US')} companies through ${result.dataDate ?? '-'} in ${result.seconds.toFixed(1)} s (${Math.round(rate).toLocaleString('en-US')} rows/s read); data source is now "real".`,
  );
}
