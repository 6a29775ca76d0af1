import { ensureDemoUniverse } from '../demo/ensure.ts';
import { Progress } from '../progress.ts';
import type { CommandContext } from './context.ts';

/** `npm run data -- demo`: build the demo universe (DEMO_COMPANIES, DEMO_SEED) into an empty database. */
export async function run({ handle, config }: CommandContext) {
  const result = await ensureDemoUniverse(handle, {
    ...config.demo,
    progress: new Progress('Building the demo universe'),
  });
  if (result.status === 'present') console.info(`Market data is already loaded (${result.source}); nothing to do.`);
  else if (result.status === 'foreign') console.info('Companies are loaded without a data source; not touching them.');
  else
    console.info(
      `Built ${result.companies.toLocaleString('en-US')} companies, ${result.priceRows.toLocaleString('en-US')} daily prices, ` +
        `${result.fundamentalRows.toLocaleString('en-US')} filings in ${result.seconds.toFixed(1)} s.`,
    );
}
