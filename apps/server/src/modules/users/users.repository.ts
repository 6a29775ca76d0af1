import type { Db } from '@app/db/client';
import { prepared } from '@app/db/prepared';
import type { Privacy, Profile } from '@app/shared/users';

/** An account as the services see it (no snake_case past this file). */
export interface UserRecord {
  id: number;
  username: string;
  email: string;
  passwordHash: string | null;
  googleSub: string | null;
  tokenVersion: number;
  profile: Profile;
  privacy: Privacy;
}

const COLUMNS = [
  'id',
  'username',
  'email',
  'password_hash',
  'google_sub',
  'token_version',
  'website',
  'summary',
  'country',
  'leaderboard_opt_in',
  'display_name',
] as const;

type Row = {
  id: number;
  username: string;
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  token_version: number;
  website: string;
  summary: string;
  country: string;
  leaderboard_opt_in: number;
  display_name: string | null;
};

function toRecord(row: Row): UserRecord {
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    googleSub: row.google_sub,
    tokenVersion: Number(row.token_version),
    profile: {
      username: row.username,
      email: row.email,
      website: row.website,
      summary: row.summary,
      country: row.country,
    },
    privacy: { showOnLeaderboard: Number(row.leaderboard_opt_in) === 1, displayName: row.display_name ?? '' },
  };
}

type Lookup = { id: number } | { email: string } | { usernameKey: string } | { googleSub: string };

export async function findUser(db: Db, by: Lookup): Promise<UserRecord | null> {
  let q = db.selectFrom('users').select(COLUMNS);
  if ('id' in by) q = q.where('id', '=', by.id);
  else if ('email' in by) q = q.where('email', '=', by.email);
  else if ('usernameKey' in by) q = q.where('username_key', '=', by.usernameKey);
  else q = q.where('google_sub', '=', by.googleSub);
  const row = await q.executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function insertUser(
  db: Db,
  user: { username: string; email: string; passwordHash: string | null; googleSub: string | null },
): Promise<UserRecord> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      username_key: user.username.toLowerCase(),
      email: user.email,
      password_hash: user.passwordHash,
      google_sub: user.googleSub,
      created_at: new Date().toISOString(),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function updateProfile(db: Db, id: number, changes: Partial<Profile>): Promise<void> {
  const values: Record<string, string> = {};
  if (changes.username !== undefined) {
    values.username = changes.username;
    values.username_key = changes.username.toLowerCase();
  }
  for (const key of ['email', 'website', 'summary', 'country'] as const) {
    if (changes[key] !== undefined) values[key] = changes[key];
  }
  if (Object.keys(values).length === 0) return;
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function setPassword(db: Db, id: number, passwordHash: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return Number(row.token_version);
}

export async function updatePrivacy(db: Db, id: number, changes: Partial<Privacy>): Promise<void> {
  const values: { leaderboard_opt_in?: number; display_name?: string | null } = {};
  if (changes.showOnLeaderboard !== undefined) values.leaderboard_opt_in = changes.showOnLeaderboard ? 1 : 0;
  if (changes.displayName !== undefined) values.display_name = changes.displayName || null;
  if (Object.keys(values).length === 0) return;
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function raiseTokenVersion(db: Db, id: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return Number(row.token_version);
}

/** Puts an address back and ends every session, in one statement (undoing an e-mail change). */
export async function restoreEmail(db: Db, id: number, email: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ email, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** One round trip: the auth plugin asks on every signed-in request. */
export async function sessionState(
  db: Db,
  id: number,
  tokenId: string | undefined,
): Promise<{ version: number; revoked: boolean } | null> {
  const [row] = await selectSessionState(db, { id, tokenId: tokenId ?? '' });
  return row ? { version: Number(row.token_version), revoked: row.token_id !== null } : null;
}

// Every signed-in request reads it.
const selectSessionState = prepared((db, args: { id: number; tokenId: string }) =>
  db
    .selectFrom('users as u')
    .leftJoin('revoked_tokens as r', (join) => join.onRef('r.user_id', '=', 'u.id').on('r.token_id', '=', args.tokenId))
    .select(['u.token_version', 'r.token_id'])
    .where('u.id', '=', args.id),
);

/** Ends one token; rows of tokens past their expiry go at the same time. */
export async function revokeToken(
  db: Db,
  token: { tokenId: string; userId: number; expiresAt: string },
  now: string,
): Promise<void> {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', now).execute();
  await db
    .insertInto('revoked_tokens')
    .values({ token_id: token.tokenId, user_id: token.userId, expires_at: token.expiresAt })
    .onConflict((oc) => oc.column('token_id').doNothing())
    .execute();
}

export async function saveEmailChange(
  db: Db,
  change: { tokenHash: string; userId: number; oldEmail: string; newEmail: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({
      token_hash: change.tokenHash,
      user_id: change.userId,
      old_email: change.oldEmail,
      new_email: change.newEmail,
      expires_at: change.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Marks an unused, unexpired e-mail change as undone in one statement and answers it (single use). */
export async function consumeEmailChange(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<{ userId: number; oldEmail: string } | null> {
  const row = await db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'old_email'])
    .executeTakeFirst();
  return row ? { userId: Number(row.user_id), oldEmail: row.old_email } : null;
}

export async function linkGoogle(db: Db, id: number, googleSub: string): Promise<void> {
  await db.updateTable('users').set({ google_sub: googleSub }).where('id', '=', id).execute();
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
