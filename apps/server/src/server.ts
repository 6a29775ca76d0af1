import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './env.ts';
import { dailyUpdatePlugin } from './plugins/daily-update.ts';
import { handleShutdownSignals, trackConnections } from './shutdown.ts';
import { prepareMarketData } from './startup.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // A fresh DATA_DIR gets the demo universe before the site serves anything.
  await prepareMarketData(config);

  const app = await buildApp({ config, migrated: true, webDev: process.argv.includes('--dev') });
  await app.register(dailyUpdatePlugin, {
    enabled: config.nodeEnv !== 'test',
    database: config.database,
    update: { prices: config.prices },
    // Closes another process writes reach the onNewCloses handlers (simulator triggers) this soon.
    pollIntervalMs: config.dataDatePollSeconds * 1000,
  });

  handleShutdownSignals(app, trackConnections(app));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`site ready at ${config.siteUrl} (database: ${app.dbEngine})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
