import { ApiErrorSchema } from '@app/shared/api-error';
import { AccountExportSchema, DeleteAccountRequestSchema, ProfileSchema, ProfileUpdateSchema } from '@app/shared/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mailer } from '../../lib/mailer.ts';
import { deleteAccountWithPassword } from '../auth/auth.service.ts';
import { exportAccount, getProfile, updateProfile } from './users.service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema };
const tags = ['accounts'];
const security = [{ bearerAuth: [] }];

/** The signed-in member's id (routes here are all `auth: 'required'`). */
const memberId = (request: FastifyRequest) => Number(request.user?.id);

/** SPEC §7 profile calls, plus the member's data export and account deletion. */
export const usersRoutes: FastifyPluginAsyncZod<{ mailer: Mailer; siteUrl: string }> = async (app, opts) => {
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
        body: ProfileUpdateSchema,
        response: { 200: ProfileSchema, ...errors },
      },
    },
    async (request) => updateProfile(app.db, memberId(request), request.body),
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
      reply.header('cache-control', 'no-store');
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
        response: { 200: z.object({ message: z.string() }), ...errors, 403: ApiErrorSchema },
      },
    },
    async (request) => {
      await deleteAccountWithPassword(
        { db: app.db, tokens: app.tokens, mailer: opts.mailer, google: null, siteUrl: opts.siteUrl, log: request.log },
        memberId(request),
        request.body.password,
      );
      return { message: 'Account deleted' };
    },
  );
};
