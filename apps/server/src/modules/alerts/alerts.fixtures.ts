import type { Db } from '@app/db/client';
import type { AlertKind } from '@app/db/schema';

export { runAlertsDay } from './alerts.service.ts';

export interface AlertSeed {
  userId: number;
  companyId: number;
  kind: AlertKind;
  priceLevel?: number | null;
  percentBp?: number | null;
  createdOn: string;
}

/** In batches, as many as a benchmark needs; e-mail off. */
export async function seedAlerts(db: Db, alerts: readonly AlertSeed[]): Promise<void> {
  for (let i = 0; i < alerts.length; i += 1_000) {
    await db
      .insertInto('alerts')
      .values(
        alerts.slice(i, i + 1_000).map((a) => ({
          user_id: a.userId,
          company_id: a.companyId,
          kind: a.kind,
          price_level: a.priceLevel ?? null,
          percent_bp: a.percentBp ?? null,
          email: 0,
          created_on: a.createdOn,
          checked_through: a.createdOn,
          filed_through: '',
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
  }
}
