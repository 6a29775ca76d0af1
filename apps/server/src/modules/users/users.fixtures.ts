import type { Db } from '@app/db/client';

/** Journeys sign a token for this id before any page runs, and a token of no account is refused. */
export async function seedMember(db: Db, member: { id: number; username: string; email: string }): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: member.id,
      username: member.username,
      username_key: member.username.toLowerCase(),
      email: member.email,
      password_hash: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}
