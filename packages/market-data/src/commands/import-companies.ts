import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { importCompanies } from '../importers/folder-import.ts';
import { ImportReport } from '../importers/report.ts';
import type { CommandContext } from './context.ts';

/** `import-companies <company_tickers(_exchange).json>`: cik_sic.json and companies.csv beside it are used too. */
export async function run({ handle, args }: CommandContext) {
  const tickers = args[0];
  if (!tickers) throw new Error('Usage: npm run data -- import-companies <company_tickers_exchange.json>');
  const beside = (name: string) => {
    const path = join(dirname(tickers), name);
    return existsSync(path) ? path : undefined;
  };
  const report = new ImportReport('companies');
  await importCompanies(
    handle.db,
    {
      tickers,
      cikSic: beside('cik_sic.json'),
      companiesCsv: beside('companies.csv'),
      constituentsCsv: beside('../sp500/constituents.csv'),
      sicTitlesCsv: beside('../reference/sic_codes_sec.csv'),
    },
    report,
  );
  console.info(report.summary());
}
