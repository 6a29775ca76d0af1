import { locateSources } from '../importers/folder-import.ts';
import { auditPrices, formatAudit } from '../importers/price-audit.ts';
import type { CommandContext } from './context.ts';

/** `audit <data folder> [--all]`: the imported prices against the folder's vendor files. */
export async function run({ handle, args }: CommandContext) {
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir) throw new Error('Usage: npm run data -- audit <data folder, e.g. ../shared/data> [--all]');
  const src = locateSources(dir);
  if (src.prices.length === 0) throw new Error(`no price files under ${dir}/prices`);
  const audit = await auditPrices(handle.db, src.prices, src.tickerIndex);
  console.info(formatAudit(audit, args.includes('--all') ? Number.POSITIVE_INFINITY : 50));
}
