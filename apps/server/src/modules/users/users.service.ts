import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@app/db/client';
import { writeTransaction } from '@app/db/transaction';
import { SITE_NAME } from '@app/shared/site';
import type { AccountExport, Privacy, PrivacyUpdate, Profile, ProfileUpdate } from '@app/shared/users';
import type { FastifyBaseLogger } from 'fastify';
import {
  domainError,
  emailTaken,
  invalidRevertToken,
  notFound,
  unauthorized,
  usernameTaken,
  wrongPassword,
} from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Session } from '../../plugins/auth.ts';
import { accountDataProviders } from './account-data.ts';
import {
  consumeEmailChange,
  deleteUser,
  findUser,
  insertUser,
  isUniqueViolation,
  linkGoogle,
  raiseTokenVersion,
  restoreEmail,
  revokeToken,
  saveEmailChange,
  sessionState,
  setPassword,
  type UserRecord,
  updatePrivacy as updatePrivacyRow,
  updateProfile as updateProfileRow,
} from './users.repository.ts';

export { type AccountDataProvider, registerAccountDataProvider } from './account-data.ts';

export type { UserRecord } from './users.repository.ts';

export interface MailDeps {
  mailer: Mailer;
  siteUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** The old address may undo an e-mail change for a week. */
export const EMAIL_REVERT_LIFETIME_MS = 7 * 24 * 3_600_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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

/** Username unique regardless of case, e-mail unique once normalised. */
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

async function requireUser(db: Db, userId: number): Promise<UserRecord> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized('Your session has expired. Please sign in again.');
  return user;
}

async function confirmPassword(user: UserRecord, password: string | undefined): Promise<void> {
  if (user.passwordHash === null) {
    // A Google-only account has no password to confirm with: a reset gives it one.
    throw domainError('WRONG_PASSWORD', 'Your account has no password yet: set one with "Forgot password?" first');
  }
  if (!(await verifyPassword(user.passwordHash, password ?? ''))) throw wrongPassword();
}

export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('No such account');
  return user.profile;
}

/** A new e-mail needs the current password; the old address gets a link that puts it back. */
export async function updateProfile(db: Db, mail: MailDeps, userId: number, changes: ProfileUpdate): Promise<Profile> {
  const { currentPassword, ...fields } = changes;
  const normalised: Omit<ProfileUpdate, 'currentPassword'> = { ...fields };
  const user = await requireUser(db, userId);
  if (fields.email !== undefined) {
    normalised.email = normaliseEmail(fields.email);
    if (normalised.email === user.email) delete normalised.email;
    else await confirmPassword(user, currentPassword);
  }
  await assertFree(db, normalised, userId);
  const token = randomBytes(32).toString('base64url');
  try {
    await writeTransaction(db, async (trx) => {
      await updateProfileRow(trx, userId, normalised);
      if (normalised.email !== undefined) {
        const now = mail.now?.() ?? new Date();
        await saveEmailChange(trx, {
          tokenHash: sha256(token),
          userId,
          oldEmail: user.email,
          newEmail: normalised.email,
          expiresAt: new Date(now.getTime() + EMAIL_REVERT_LIFETIME_MS).toISOString(),
        });
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) await assertFree(db, normalised, userId);
    throw err;
  }
  if (normalised.email !== undefined) await mailEmailChanged(mail, user, normalised.email, token);
  return getProfile(db, userId);
}

async function mailEmailChanged(mail: MailDeps, user: UserRecord, newEmail: string, token: string): Promise<void> {
  const link = `${mail.siteUrl}/revert-email?token=${token}`;
  try {
    await mail.mailer.send({
      to: user.email,
      subject: `The email address of your ${SITE_NAME} account was changed`,
      text: [
        `The email address of your ${SITE_NAME} account (${user.profile.username}) was changed from`,
        `${user.email} to ${newEmail}.`,
        '',
        'If you made this change, there is nothing to do.',
        '',
        'If you did not, put your address back here (the link works once, for seven days). It also',
        'signs the account out everywhere; then choose a new password with "Forgot password?":',
        link,
      ].join('\n'),
    });
    mail.log.info({ userId: user.id }, 'e-mail change notice sent to the old address');
  } catch (err) {
    // The change stands; the operator must know the notice did not go out.
    mail.log.error({ err, userId: user.id }, 'e-mail change notice could not be sent');
  }
}

/** Ends every session too: whoever changed the address is signed out, their reset links void. */
export async function revertEmailChange(db: Db, token: string, now = new Date()): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const change = await consumeEmailChange(trx, sha256(token), now.toISOString());
    if (!change) throw invalidRevertToken();
    await assertFree(trx, { email: change.oldEmail }, change.userId);
    await restoreEmail(trx, change.userId, change.oldEmail);
  });
}

export async function getPrivacy(db: Db, userId: number): Promise<Privacy> {
  return (await requireUser(db, userId)).privacy;
}

export async function updatePrivacy(db: Db, userId: number, changes: PrivacyUpdate): Promise<Privacy> {
  await updatePrivacyRow(db, userId, changes);
  return getPrivacy(db, userId);
}

export function changePassword(db: Db, userId: number, passwordHash: string): Promise<number> {
  return setPassword(db, userId, passwordHash);
}

export function linkGoogleAccount(db: Db, userId: number, sub: string): Promise<void> {
  return linkGoogle(db, userId, sub);
}

export async function isSessionCurrent(db: Db, session: Session): Promise<boolean> {
  const state = await sessionState(db, session.userId, session.tokenId);
  return state !== null && state.version === session.version && !state.revoked;
}

/** A token from before tokens had ids cannot be named alone: signing it out ends every session. */
export async function signOut(
  db: Db,
  userId: number,
  token: { tokenId?: string | undefined; expiresAt?: number | undefined },
  now = new Date(),
): Promise<void> {
  if (!token.tokenId) {
    await raiseTokenVersion(db, userId);
    return;
  }
  const expiresAt = new Date((token.expiresAt ?? now.getTime() / 1000 + 30 * 86_400) * 1000).toISOString();
  await revokeToken(db, { tokenId: token.tokenId, userId, expiresAt }, now.toISOString());
}

export async function signOutEverywhere(db: Db, userId: number): Promise<void> {
  await raiseTokenVersion(db, userId);
}

export async function exportAccount(db: Db, userId: number): Promise<AccountExport> {
  const user = await requireUser(db, userId);
  const out: AccountExport = { exportedAt: new Date().toISOString(), profile: user.profile, privacy: user.privacy };
  for (const provider of accountDataProviders()) out[provider.key] = await provider.exportFor(db, userId);
  return out;
}

export async function deleteAccountWithPassword(
  db: Db,
  log: FastifyBaseLogger,
  userId: number,
  password: string,
): Promise<void> {
  const user = await requireUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw wrongPassword();
  await deleteUser(db, userId);
  log.info({ userId }, 'account deleted');
}
