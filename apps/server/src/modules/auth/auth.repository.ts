import type { Db } from '@app/db/client';

export async function saveReset(
  db: Db,
  reset: { tokenHash: string; userId: number; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ token_hash: reset.tokenHash, user_id: reset.userId, expires_at: reset.expiresAt, used_at: null })
    .execute();
}

/** Marks an unused, unexpired reset as used in one statement and answers its user (single use). */
export async function consumeReset(db: Db, tokenHash: string, now: string): Promise<number | null> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row ? Number(row.user_id) : null;
}

/** A reset or change of password voids every other link still pending for the account. */
export async function voidResets(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
