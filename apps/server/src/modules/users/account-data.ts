import type { Db } from '@app/db/client';

/**
 * Another feature's share of a member's data export (e.g. the simulator's picks and history).
 * Providers register once at start-up; the export calls each under its own key. Deletion needs
 * no provider: tables referencing `users.id` cascade.
 */
export interface AccountDataProvider {
  /** Key of this provider's part of the export, e.g. 'picks'. */
  key: string;
  exportFor(db: Db, userId: number): Promise<unknown>;
}

const providers = new Map<string, AccountDataProvider>();

export function registerAccountDataProvider(provider: AccountDataProvider): void {
  if (['profile', 'privacy', 'exportedAt'].includes(provider.key)) {
    throw new Error(`Account data key '${provider.key}' is reserved`);
  }
  providers.set(provider.key, provider);
}

export function accountDataProviders(): readonly AccountDataProvider[] {
  return [...providers.values()];
}
