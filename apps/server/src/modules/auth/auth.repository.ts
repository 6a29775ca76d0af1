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

/**
 * Marks an unused, unexpired reset as used in one statement and answers its user (single use).
 * A link asked for before the account's sessions were all ended (its token version raised) is void.
 */
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

/** A reset or change of password voids every other link still pending for the account. */
export async function voidResets(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * The shared secret called `name`: `candidate` becomes it unless another process stored one
 * first (a conflict-safe insert), and either way every caller answers the stored one.
 */
export async function ensureSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
