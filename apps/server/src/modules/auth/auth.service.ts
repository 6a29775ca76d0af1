import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Db } from '@app/db/client';
import {
  AUTH_MESSAGES,
  type GoogleLoginRequest,
  type LoginRequest,
  type LoginResponse,
  type ResetPasswordRequest,
  type SignupRequest,
  type UpdatePasswordRequest,
} from '@app/shared/auth';
import { SITE_NAME } from '@app/shared/site';
import type { FastifyBaseLogger } from 'fastify';
import {
  googleNotConfigured,
  invalidCredentials,
  invalidResetToken,
  unauthorized,
  wrongPassword,
} from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { TokenService } from '../../lib/tokens.ts';
import {
  changePassword,
  createUser,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  isUsernameFree,
  linkGoogleAccount,
  type UserRecord,
} from '../users/users.service.ts';
import { consumeReset, ensureSecret, saveReset, voidResets } from './auth.repository.ts';
import type { GoogleVerifier } from './google.ts';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  google: GoogleVerifier | null;
  siteUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** A reset link works for an hour, once. */
export const RESET_LIFETIME_MS = 3_600_000;

async function answer(deps: AuthDeps, user: UserRecord, remember = false): Promise<LoginResponse> {
  const token = await deps.tokens.sign(
    { id: String(user.id), email: user.email, version: user.tokenVersion },
    { remember },
  );
  return { me: { userid: user.id, email: user.email }, token };
}

export async function signUp(deps: AuthDeps, input: SignupRequest): Promise<LoginResponse> {
  const user = await createUser(deps.db, {
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
  });
  deps.log.info({ userId: user.id }, 'account created');
  return answer(deps, user);
}

export async function logIn(deps: AuthDeps, input: LoginRequest): Promise<LoginResponse> {
  const user = await findUserByEmail(deps.db, input.email);
  // Same work and the same answer for an unknown address and a wrong password.
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw invalidCredentials(AUTH_MESSAGES.invalidCredentials);
  return answer(deps, user, input.remember === true);
}

export async function googleLogIn(deps: AuthDeps, input: GoogleLoginRequest): Promise<LoginResponse> {
  if (!deps.google) throw googleNotConfigured();
  const identity = await deps.google.verify(input.token);
  let user = await findUserByGoogleSub(deps.db, identity.sub);
  if (!user) {
    user = await findUserByEmail(deps.db, identity.email);
    if (user) {
      await linkGoogleAccount(deps.db, user.id, identity.sub);
    } else {
      user = await createUser(deps.db, {
        username: await freeUsername(deps.db, identity.name || identity.email.split('@')[0] || ''),
        email: identity.email,
        passwordHash: null,
        googleSub: identity.sub,
      });
      deps.log.info({ userId: user.id }, 'account created with Google');
    }
  }
  return answer(deps, user, input.remember === true);
}

/** A SPEC §5-valid username from a Google name, with a number added until it is free. */
async function freeUsername(db: Db, seed: string): Promise<string> {
  const base = (
    seed
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'member'
  )
    .slice(0, 14)
    .padEnd(2, '_');
  if (await isUsernameFree(db, base)) return base;
  for (let n = 2; n < 10_000; n++) {
    const candidate = `${base}${n}`;
    if (await isUsernameFree(db, candidate)) return candidate;
  }
  return `${base.slice(0, 8)}${randomBytes(4).toString('hex')}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    deps.log.info('password reset asked for an address without an account');
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const now = deps.now?.() ?? new Date();
  await saveReset(deps.db, {
    tokenHash: sha256(token),
    userId: user.id,
    tokenVersion: user.tokenVersion,
    expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS).toISOString(),
  });
  const link = `${deps.siteUrl}/reset-password?token=${token}`;
  const where = await deps.mailer.send({
    to: user.email,
    subject: `Reset your ${SITE_NAME} password`,
    text: [
      `Someone (hopefully you) asked to reset the password of your ${SITE_NAME} account.`,
      '',
      'Choose a new password here (the link works once, for one hour):',
      link,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  });
  if (deps.mailer.kind === 'outbox') {
    // No SMTP configured: the operator finds the link here or in the outbox file.
    deps.log.info({ userId: user.id, file: where }, `password reset e-mail written to the outbox: ${link}`);
  } else {
    deps.log.info({ userId: user.id }, 'password reset e-mail sent');
  }
}

export async function resetPassword(deps: AuthDeps, input: ResetPasswordRequest): Promise<void> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  const userId = await consumeReset(deps.db, sha256(input.token), now);
  if (userId === null) throw invalidResetToken();
  await changePassword(deps.db, userId, await hashPassword(input.password));
  await voidResets(deps.db, userId, now);
  deps.log.info({ userId }, 'password reset');
}

export async function updatePassword(
  deps: AuthDeps,
  userId: number,
  input: UpdatePasswordRequest,
  remember: boolean,
): Promise<LoginResponse> {
  const user = await requireUser(deps, userId);
  if (!(await verifyPassword(user.passwordHash, input.oldPwd))) {
    throw wrongPassword();
  }
  const version = await changePassword(deps.db, userId, await hashPassword(input.newPwd));
  await voidResets(deps.db, userId, (deps.now?.() ?? new Date()).toISOString());
  return answer(deps, { ...user, tokenVersion: version }, remember);
}

async function requireUser(deps: AuthDeps, userId: number): Promise<UserRecord> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized('Your session has expired. Please sign in again.');
  return user;
}

/** In the database so every process signs alike; a legacy DATA_DIR/jwt-secret is kept so its tokens stay valid. */
export async function sharedSigningSecret(db: Db, legacyFile?: string): Promise<string> {
  const kept = legacyFile ? (await readFile(legacyFile, 'utf8').catch(() => '')).trim() : '';
  return ensureSecret(db, 'jwt', kept.length >= 32 ? kept : randomBytes(48).toString('base64url'));
}
