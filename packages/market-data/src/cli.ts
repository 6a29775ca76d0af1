import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createDb, migrateToLatest } from '@app/db/client';
import { withStartupLock } from '@app/db/startup-lock';
import type { CommandContext } from './commands/context.ts';
import { loadDataConfig } from './config.ts';

interface CommandEntry {
  summary: string;
  load: () => Promise<{ run(ctx: CommandContext): Promise<void> }>;
}

const COMMANDS: Record<string, CommandEntry> = {
  stats: {
    summary: 'print coverage: companies, date range, rows per table',
    load: () => import('./commands/stats.ts'),
  },
  'import-all': {
    summary: 'import a folder like ../shared/data: companies, prices, filings',
    load: () => import('./commands/import-all.ts'),
  },
  audit: {
    summary: 'check imported prices against a data folder: closes within 0.5%, big moves, splits, doubts',
    load: () => import('./commands/audit.ts'),
  },
  'import-companies': {
    summary: 'import SEC company_tickers(_exchange).json',
    load: () => import('./commands/import-companies.ts'),
  },
  'import-prices': {
    summary: 'import price CSV files [--tickers tickers.csv]',
    load: () => import('./commands/import-prices.ts'),
  },
  'import-facts': {
    summary: 'import SEC companyfacts JSON files (after prices)',
    load: () => import('./commands/import-facts.ts'),
  },
  'download-sec': {
    summary: 'download SEC ticker list and companyfacts; --bulk: nightly zips, imported (SEC_USER_AGENT)',
    load: () => import('./commands/download-sec.ts'),
  },
  demo: { summary: 'build the demo universe into an empty database', load: () => import('./commands/demo.ts') },
  update: {
    summary: 'append trading days through the last one before today',
    load: () => import('./commands/update.ts'),
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(18)} ${c.summary}`);
  return `Usage: npm run data -- <command> [options]\n\nCommands:\n${lines.join('\n')}`;
}

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const entry = name ? COMMANDS[name] : undefined;
  if (!entry) {
    console.error(name ? `Unknown command "${name}".\n\n${usage()}` : usage());
    process.exit(name ? 2 : 0);
  }
  const config = loadDataConfig();
  if (config.database.engine === 'sqlite') mkdirSync(dirname(config.database.filename), { recursive: true });
  const command = await entry.load();
  const open = async () => {
    const handle = createDb(config.database);
    try {
      await migrateToLatest(handle.db);
      return handle;
    } catch (err) {
      await handle.close();
      throw err;
    }
  };
  const runOn = async (handle: Awaited<ReturnType<typeof open>>) => {
    try {
      await command.run({ handle, config, args });
    } finally {
      await handle.close();
    }
  };
  // Opening and migrating are first-start work, and so is building the demo universe: one
  // process at a time on a database (a server starting beside this command waits, or this waits).
  if (name === 'demo') await withStartupLock(config.database, async () => runOn(await open()), { onWait });
  else await runOn(await withStartupLock(config.database, open, { onWait }));
}

const onWait = () => console.info('Another process is preparing the database (migrations, demo data): waiting for it');

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
