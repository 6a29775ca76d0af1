import { ApiErrorSchema } from '@app/shared/api-error';
import {
  AccountExportSchema,
  DeleteAccountRequestSchema,
  PrivacySchema,
  PrivacyUpdateSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  RevertEmailRequestSchema,
} from '@app/shared/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mailer } from '../../lib/mailer.ts';
import { memberId } from '../../plugins/auth.ts';
import {
  deleteAccountWithPassword,
  exportAccount,
  getPrivacy,
  getProfile,
  type MailDeps,
  revertEmailChange,
  signOut,
  signOutEverywhere,
  updatePrivacy,
  updateProfile,
} from './users.service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema };
const tags = ['accounts'];
const security = [{ bearerAuth: [] }];
const MessageSchema = z.object({ message: z.string() });

/** SPEC §7 profile calls, plus privacy, signing out, the member's data export and account deletion. */
export const usersRoutes: FastifyPluginAsyncZod<{ mailer: Mailer; siteUrl: string }> = async (app, opts) => {
  const mail = (request: FastifyRequest): MailDeps => ({
    mailer: opts.mailer,
    siteUrl: opts.siteUrl,
    log: request.log,
  });

  app.get(
    '/users/details',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        security,
        summary: "The signed-in member's profile",
        response: { 200: ProfileSchema, ...errors },
      },
    },
    async (request) => getProfile(app.db, memberId(request)),
  );

  app.post(
    '/users/details',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        security,
        summary: 'Change profile fields (only those sent); username and e-mail stay unique',
        description:
          'A new `email` needs `currentPassword` (403 `WRONG_PASSWORD` when it is wrong); the old address ' +
          'then gets a link that puts it back (`POST /api/users/revert-email`).',
        body: ProfileUpdateSchema,
        response: { 200: ProfileSchema, ...errors, 403: ApiErrorSchema },
      },
    },
    async (request) => updateProfile(app.db, mail(request), memberId(request), request.body),
  );

  app.post(
    '/users/revert-email',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Undo an e-mail change with the link mailed to the old address; signs out everywhere',
        body: RevertEmailRequestSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await revertEmailChange(app.db, request.body.token);
      request.log.info('e-mail change undone');
      return { message: 'Your email address is restored and every session is signed out.' };
    },
  );

  app.get(
    '/users/privacy',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        security,
        summary: "The member's privacy settings: on the members' leaderboard or not, and the name shown there",
        response: { 200: PrivacySchema, ...errors },
      },
    },
    async (request) => getPrivacy(app.db, memberId(request)),
  );

  app.post(
    '/users/privacy',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        security,
        summary: 'Change privacy settings (only those sent); the leaderboard shows members who opted in',
        body: PrivacyUpdateSchema,
        response: { 200: PrivacySchema, ...errors },
      },
    },
    async (request) => updatePrivacy(app.db, memberId(request), request.body),
  );

  app.post(
    '/users/logout',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        security,
        summary: 'Sign out: this token stops working at once',
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await signOut(app.db, memberId(request), { tokenId: request.user?.tokenId, expiresAt: request.user?.expiresAt });
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/users/logout-all',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        security,
        summary: 'Sign out everywhere: every token of the account stops working, this one included',
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await signOutEverywhere(app.db, memberId(request));
      request.log.info({ userId: request.userId }, 'signed out everywhere');
      return { message: 'Signed out everywhere' };
    },
  );

  app.get(
    '/users/export',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        security,
        summary: 'Everything the site keeps about the signed-in member, as JSON',
        response: { 200: AccountExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('content-disposition', 'attachment; filename="stockgurus-account.json"');
      return exportAccount(app.db, memberId(request));
    },
  );

  app.post(
    '/users/delete',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        security,
        summary: 'Delete the account and all its data, after re-entering the password',
        body: DeleteAccountRequestSchema,
        response: { 200: MessageSchema, ...errors, 403: ApiErrorSchema },
      },
    },
    async (request) => {
      await deleteAccountWithPassword(app.db, request.log, memberId(request), request.body.password);
      return { message: 'Account deleted' };
    },
  );
};
