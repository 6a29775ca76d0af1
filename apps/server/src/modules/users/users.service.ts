import type { Db } from '@app/db/client';
import type { AccountExport, Profile, ProfileUpdate } from '@app/shared/users';
import { emailTaken, notFound, usernameTaken } from '../../lib/errors.ts';
import type { TokenUser } from '../../lib/tokens.ts';
import { accountDataProviders } from './account-data.ts';
import {
  deleteUser,
  findUser,
  insertUser,
  isUniqueViolation,
  linkGoogle,
  setPassword,
  tokenVersionOf,
  type UserRecord,
  updateProfile as updateProfileRow,
} from './users.repository.ts';

/** Other modules add their share of a member's data export through the users service. */
export { type AccountDataProvider, registerAccountDataProvider } from './account-data.ts';

export type { UserRecord } from './users.repository.ts';

/** Addresses are compared trimmed and lower-cased: `Ann@Example.com ` is `ann@example.com`. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  return findUser(db, { email: normaliseEmail(email) });
}

export function findUserById(db: Db, id: number): Promise<UserRecord | null> {
  return findUser(db, { id });
}

export function findUserByGoogleSub(db: Db, sub: string): Promise<UserRecord | null> {
  return findUser(db, { googleSub: sub });
}

export async function isUsernameFree(db: Db, username: string, exceptId?: number): Promise<boolean> {
  const found = await findUser(db, { usernameKey: username.toLowerCase() });
  return !found || found.id === exceptId;
}

async function assertFree(db: Db, fields: { username?: string; email?: string }, exceptId?: number) {
  if (fields.username !== undefined && !(await isUsernameFree(db, fields.username, exceptId))) throw usernameTaken();
  if (fields.email !== undefined) {
    const found = await findUser(db, { email: fields.email });
    if (found && found.id !== exceptId) throw emailTaken();
  }
}

/** A new account; username unique regardless of case, e-mail unique once normalised. */
export async function createUser(
  db: Db,
  input: { username: string; email: string; passwordHash: string | null; googleSub?: string | null },
): Promise<UserRecord> {
  const email = normaliseEmail(input.email);
  await assertFree(db, { username: input.username, email });
  try {
    return await insertUser(db, { ...input, email, googleSub: input.googleSub ?? null });
  } catch (err) {
    // Two sign-ups racing for the same name: the constraint decides, the check says which.
    if (isUniqueViolation(err)) await assertFree(db, { username: input.username, email });
    throw err;
  }
}

export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('No such account');
  return user.profile;
}

export async function updateProfile(db: Db, userId: number, changes: ProfileUpdate): Promise<Profile> {
  const normalised: ProfileUpdate = { ...changes };
  if (changes.email !== undefined) normalised.email = normaliseEmail(changes.email);
  await assertFree(db, normalised, userId);
  try {
    await updateProfileRow(db, userId, normalised);
  } catch (err) {
    if (isUniqueViolation(err)) await assertFree(db, normalised, userId);
    throw err;
  }
  return getProfile(db, userId);
}

/** Sets the password and ends every session signed before now; answers the new token version. */
export function changePassword(db: Db, userId: number, passwordHash: string): Promise<number> {
  return setPassword(db, userId, passwordHash);
}

export function linkGoogleAccount(db: Db, userId: number, sub: string): Promise<void> {
  return linkGoogle(db, userId, sub);
}

/** The auth plugin's check: the account still exists and the token is of its current version. */
export async function isSessionCurrent(db: Db, user: TokenUser): Promise<boolean> {
  const id = Number(user.id);
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  return (await tokenVersionOf(db, id)) === user.version;
}

/** The member's own data: profile, then each registered feature's part. */
export async function exportAccount(db: Db, userId: number): Promise<AccountExport> {
  const out: AccountExport = { exportedAt: new Date().toISOString(), profile: await getProfile(db, userId) };
  for (const provider of accountDataProviders()) out[provider.key] = await provider.exportFor(db, userId);
  return out;
}

export function deleteAccount(db: Db, userId: number): Promise<void> {
  return deleteUser(db, userId);
}
