import type { Db } from '@app/db/client';

export async function saveReset(
  db: Db,
  reset: { tokenHash: string; userId: number; tokenVersion: number; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      token_hash: reset.tokenHash,
      user_id: reset.userId,
      token_version: reset.tokenVersion,
      expires_at: reset.expiresAt,
      used_at: null,
    })
    .execute();
}

/** One statement, so a link works once; a link from before the token version was raised is void. */
export async function consumeReset(db: Db, tokenHash: string, now: string): Promise<number | null> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) =>
      eb(
        'token_version',
        '=',
        eb.selectFrom('users').select('users.token_version').whereRef('users.id', '=', 'password_resets.user_id'),
      ),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row ? Number(row.user_id) : null;
}

export async function voidResets(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Conflict-safe: when processes race, every caller answers the one stored first. */
export async function ensureSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
