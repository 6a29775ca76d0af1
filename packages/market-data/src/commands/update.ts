import { runDailyUpdate } from '../update.ts';
import type { CommandContext } from './context.ts';

/** `npm run data -- update [--through YYYY-MM-DD]`: append the trading days since the data date. */
export async function run({ handle, args }: CommandContext) {
  const at = args.indexOf('--through');
  const through = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !/^\d{4}-\d{2}-\d{2}$/.test(through ?? '')) throw new Error('--through must be a date, YYYY-MM-DD');
  const result = await runDailyUpdate(handle.db, { through });
  if (result.status === 'empty')
    console.info('No market data loaded yet: start the site (or run `npm run data -- demo`) first.');
  else if (result.status === 'up-to-date') console.info(`Up to date: data through ${result.dataDate}.`);
  else if (result.status === 'busy') console.info('Another process is updating the market data right now.');
  else if (result.status === 'no-source')
    console.info(
      `The loaded ${result.source} data (through ${result.dataDate}) has no daily source: ` +
        'import newer price files with `npm run data -- import-prices <files>` instead.',
    );
  else
    console.info(
      `Appended ${result.days} trading day(s), ${result.from} to ${result.dataDate}: ` +
        `${result.priceRows.toLocaleString('en-US')} prices, derived tables refreshed in ${result.seconds.toFixed(2)} s.`,
    );
}
