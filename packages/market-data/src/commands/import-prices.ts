import { finishRealImport } from '../importers/folder-import.ts';
import { importPrices } from '../importers/price-import.ts';
import { ImportReport } from '../importers/report.ts';
import type { CommandContext } from './context.ts';

/** `import-prices <file>... [--tickers tickers.csv]`: CSV price files, then the derived tables. */
export async function run({ handle, args }: CommandContext) {
  const at = args.indexOf('--tickers');
  const tickerIndex = at >= 0 ? args[at + 1] : undefined;
  const files = args.filter((_, i) => (i !== at && i !== at + 1) || at < 0);
  if (files.length === 0)
    throw new Error('Usage: npm run data -- import-prices <file.csv[.gz]>... [--tickers tickers.csv]');
  const report = new ImportReport('prices');
  const result = await importPrices(handle.db, files, report, { tickerIndex });
  await finishRealImport(handle.db, result.companyIds);
  console.info(report.summary());
}
