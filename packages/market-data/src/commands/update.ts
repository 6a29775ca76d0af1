import { runDailyUpdate } from '../update.ts';
import type { CommandContext } from './context.ts';

function dateOption(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value ?? '')) throw new Error(`${name} must be a date, YYYY-MM-DD`);
  return value;
}

/** `update [--through D] [--today D]`: `--today` moves the clock, so tests and demos can append future days. */
export async function run({ handle, config, args }: CommandContext) {
  const through = dateOption(args, '--through');
  const today = dateOption(args, '--today');
  const result = await runDailyUpdate(handle.db, { through, today, prices: config.prices });
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
