import { finishRealImport } from '../importers/folder-import.ts';
import { importPrices } from '../importers/price-import.ts';
import { ImportReport } from '../importers/report.ts';
import type { CommandContext } from './context.ts';

/** `import-prices <file>... [--tickers tickers.csv]`: CSV price files, then the derived tables. */
export async function run({ handle, args }: CommandContext) {
  const flag = (name: string) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
  const tickerIndex = flag('--tickers');
  const actions = flag('--actions');
  const files = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (files.length === 0)
    throw new Error(
      'Usage: npm run data -- import-prices <file.csv[.gz]>... [--tickers tickers.csv] [--actions corporate-actions.csv]',
    );
  const report = new ImportReport('prices');
  const result = await importPrices(handle.db, files, report, { tickerIndex, actions });
  await finishRealImport(handle.db, result.companyIds);
  console.info(report.summary());
}
