import { ApiErrorSchema } from '@app/shared/api-error';
import {
  AuthConfigResponseSchema,
  ForgotPasswordRequestSchema,
  GoogleLoginRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  OkResponseSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  UpdatePasswordRequestSchema,
} from '@app/shared/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { memberId } from '../../plugins/auth.ts';
import { AUTH_LIMITS, type AuthLimits, authLimiter, emailKey, perClient, signInGuard } from './auth.limits.ts';
import {
  type AuthDeps,
  googleLogIn,
  logIn,
  requestPasswordReset,
  resetPassword,
  signUp,
  updatePassword,
} from './auth.service.ts';
import type { GoogleVerifier } from './google.ts';

export interface AuthRoutesOptions {
  mailer: Mailer;
  google: GoogleVerifier | null;
  siteUrl: string;
  /** Overrides of the rate limits (tests use small ones). */
  limits?: Partial<AuthLimits>;
}

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that address, we have sent a link to reset its password. Check your email.';

// SPEC §7 lists these without `/api`: same handlers and counters, left out of the OpenAPI document.
const aliased = (path: string): [string, boolean][] => [
  [`/api/auth${path}`, false],
  [`/auth${path}`, true],
];

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const deps = (request: FastifyRequest): AuthDeps => ({
    db: app.db,
    tokens: app.tokens,
    mailer: opts.mailer,
    google: opts.google,
    siteUrl: opts.siteUrl,
    log: request.log,
  });
  const tags = ['accounts'];
  const rules = { ...AUTH_LIMITS, ...opts.limits };
  const guard = signInGuard(app, rules);
  // Google and password changes guess no account's password by e-mail: counted per network only.
  const perClientLogin = guard.perClient;
  const signupLimits = [
    authLimiter(app, 'signupPerClient', rules.signupPerClient, perClient),
    authLimiter(app, 'signupPerClientPerDay', rules.signupPerClientPerDay, perClient),
  ];
  const perClientReset = authLimiter(app, 'resetPerClient', rules.resetPerClient, perClient);
  const resetLimits = [perClientReset, authLimiter(app, 'resetPerAddress', rules.resetPerAddress, emailKey)];

  for (const [url, hide] of aliased('/signup'))
    app.post(
      url,
      {
        config: { auth: 'none' },
        preHandler: signupLimits,
        schema: {
          hide,
          tags,
          summary: 'Create an account (SPEC §5 rules); answers like sign-in',
          body: SignupRequestSchema,
          response: { 201: LoginResponseSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await signUp(deps(request), request.body)),
    );

  for (const [url, hide] of aliased('/login'))
    app.post(
      url,
      {
        config: { auth: 'none' },
        preHandler: guard.check,
        schema: {
          hide,
          tags,
          summary: 'Sign in with e-mail and password',
          description:
            'Limits: 30 attempts per network, 10 failures per account and network, per 15 minutes; an account ' +
            'failing 20 times from everywhere refuses networks that failed on it 3 times, never a fresh one.',
          body: LoginRequestSchema,
          response: { 200: LoginResponseSchema, ...errors },
        },
      },
      async (request) => {
        try {
          return await logIn(deps(request), request.body);
        } catch (err) {
          if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') await guard.failed(request);
          throw err;
        }
      },
    );

  for (const [url, hide] of aliased('/google'))
    app.post(
      url,
      {
        config: { auth: 'none' },
        preHandler: perClientLogin,
        schema: {
          hide,
          tags,
          summary: 'Sign in with a Google ID token (creates or links the account)',
          body: GoogleLoginRequestSchema,
          response: { 200: LoginResponseSchema, ...errors, 503: ApiErrorSchema },
        },
      },
      async (request) => googleLogIn(deps(request), request.body),
    );

  for (const [url, hide] of aliased('/forgotpwd'))
    app.post(
      url,
      {
        config: { auth: 'none' },
        preHandler: resetLimits,
        schema: {
          hide,
          tags,
          summary: 'E-mail a one-hour, single-use reset link (the same answer for any address)',
          body: ForgotPasswordRequestSchema,
          response: { 200: OkResponseSchema, ...errors },
        },
      },
      async (request) => {
        await requestPasswordReset(deps(request), request.body.email);
        return { message: FORGOT_PASSWORD_ANSWER };
      },
    );

  app.get(
    '/api/auth/config',
    {
      config: { auth: 'none' },
      schema: { tags, summary: 'Which sign-in methods this site offers', response: { 200: AuthConfigResponseSchema } },
    },
    async () => ({ googleClientId: opts.google?.clientId ?? null }),
  );

  app.post(
    '/api/auth/resetpwd',
    {
      config: { auth: 'none' },
      preHandler: perClientReset,
      schema: {
        tags,
        summary: 'Set a new password with the token from a reset e-mail; ends every session',
        body: ResetPasswordRequestSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resetPassword(deps(request), request.body);
      return { message: 'Password updated' };
    },
  );

  app.post(
    '/api/auth/updatepwd',
    {
      config: { auth: 'required' },
      preHandler: perClientLogin,
      schema: {
        tags,
        summary: 'Change the password; other sessions end, this one gets a new token',
        security: [{ bearerAuth: [] }],
        body: UpdatePasswordRequestSchema,
        response: { 200: LoginResponseSchema, ...errors, 403: ApiErrorSchema },
      },
    },
    async (request) => updatePassword(deps(request), memberId(request), request.body, request.user?.remember === true),
  );
};
