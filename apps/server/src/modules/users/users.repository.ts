import type { Db } from '@app/db/client';
import type { Profile } from '@app/shared/users';

/** An account as the services see it (no snake_case past this file). */
export interface UserRecord {
  id: number;
  username: string;
  email: string;
  passwordHash: string | null;
  googleSub: string | null;
  tokenVersion: number;
  profile: Profile;
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

/** Sets a new password and raises the token version, so older tokens stop working. */
export async function setPassword(db: Db, id: number, passwordHash: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return Number(row.token_version);
}

export async function linkGoogle(db: Db, id: number, googleSub: string): Promise<void> {
  await db.updateTable('users').set({ google_sub: googleSub }).where('id', '=', id).execute();
}

/** Deletes the account; every table that references it cascades. */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function tokenVersionOf(db: Db, id: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('token_version').where('id', '=', id).executeTakeFirst();
  return row ? Number(row.token_version) : null;
}

/** Whether an error is a UNIQUE constraint failure, on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
