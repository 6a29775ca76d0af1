import { randomInt } from 'node:crypto';
import type { DbHandle } from '@app/db/client';
import { todayUtc } from '@app/shared/trading-day';
import { lastTradingDayBefore } from '../calendar.ts';
import { type DataConfig, MAX_DEMO_SEED } from '../config.ts';
import { getMeta, META_KEYS } from '../meta.ts';
import type { Progress } from '../progress.ts';
import { MARKET_TABLES } from '../tables.ts';
import { buildDemoUniverse, type DemoBuildSummary } from './build.ts';

export type EnsureResult =
  | { status: 'present'; source: string }
  | { status: 'foreign' }
  | ({ status: 'built' } & DemoBuildSummary);

/**
 * Without DEMO_SEED a fresh install draws its own seed: with the public default anyone could compute
 * tomorrow's demo closes from the source and buy them today. The build keeps it in `app_meta`, where
 * each daily update reads it back, so the history stays the same for this install and no API shows it.
 * Loaded data is left alone; companies without a data source that are no interrupted demo build (an
 * import in progress) are reported as 'foreign'.
 */
export async function ensureDemoUniverse(
  handle: DbHandle,
  config: DataConfig['demo'] & { today?: string; progress?: Progress },
): Promise<EnsureResult> {
  const { db } = handle;
  const source = await getMeta(db, META_KEYS.source);
  if (source) return { status: 'present', source };
  const hasCompanies = (await db.selectFrom('companies').select('id').limit(1).execute()).length > 0;
  if (hasCompanies) {
    if (!(await getMeta(db, META_KEYS.demoSeed))) return { status: 'foreign' };
    // An interrupted demo build: start over.
    for (const table of [...MARKET_TABLES].reverse()) await db.deleteFrom(table).execute();
  }
  const today = config.today ?? todayUtc();
  const summary = await buildDemoUniverse(handle, {
    seed: config.seed ?? randomInt(0, MAX_DEMO_SEED + 1),
    companies: config.companies,
    through: lastTradingDayBefore(today),
    progress: config.progress,
  });
  return { status: 'built', ...summary };
}
