import { importFacts } from '../importers/facts-import.ts';
import { finishRealImport } from '../importers/folder-import.ts';
import { ImportReport } from '../importers/report.ts';
import type { CommandContext } from './context.ts';

/** `import-facts <CIK##########.json[.gz]>...`: SEC companyfacts files; run after import-prices. */
export async function run({ handle, args }: CommandContext) {
  if (args.length === 0) throw new Error('Usage: npm run data -- import-facts <CIK##########.json[.gz]>...');
  const report = new ImportReport('filings');
  const result = await importFacts(handle.db, args, report);
  await finishRealImport(handle.db, result.companyIds);
  console.info(report.summary());
}
