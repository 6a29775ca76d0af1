import type { Db } from '@app/db/client';

/**
 * A member with a fixed id, for browser journeys that sign a token for that id before any page
 * runs (a token of no account is refused). No password: the journey never signs in by form.
 */
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
