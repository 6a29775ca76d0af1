import type { Db } from '@app/db/client';

/** Deletion needs no provider: tables referencing `users.id` cascade. */
export interface AccountDataProvider {
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
