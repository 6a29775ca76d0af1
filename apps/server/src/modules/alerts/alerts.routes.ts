import {
  AlertIdParamsSchema,
  AlertSchema,
  AlertSettingsRequestSchema,
  AlertSettingsResponseSchema,
  AlertsResponseSchema,
  CreateAlertRequestSchema,
  MarkReadRequestSchema,
  NotificationsResponseSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResponseSchema,
  UpdateAlertRequestSchema,
} from '@app/shared/alerts';
import { ApiErrorSchema } from '@app/shared/api-error';
import { OkResponseSchema } from '@app/shared/watchlists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Mailer } from '../../lib/mailer.ts';
import { memberId } from '../../plugins/auth.ts';
import { registerAccountDataProvider } from '../users/users.service.ts';
import {
  createAlert,
  deliverAlertMail,
  exportAlerts,
  getNotifications,
  getSettings,
  listAlerts,
  readNotifications,
  removeAlert,
  runAlertsDay,
  runFilingAlerts,
  saveSettings,
  setEmail,
  unsubscribe,
  unsubscribeKey,
} from './alerts.service.ts';

export interface AlertsSettings {
  mailer: Mailer;
  siteUrl: string;
  /** Unsubscribe links are signed with a key derived from it. */
  secret: string;
}

const SECURITY = [{ bearerAuth: [] }];
const ERRORS = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;
const TAGS = ['alerts'];

/** Issue 35, decision 022: judged once per new trading day after the daily update (`onNewCloses`), filing alerts also per filings import. */
export const alertsRoutes: FastifyPluginAsyncZod<AlertsSettings> = async (app, settings) => {
  const key = unsubscribeKey(settings.secret);
  const mail = { mailer: settings.mailer, siteUrl: settings.siteUrl, key };
  registerAccountDataProvider({ key: 'alerts', exportFor: exportAlerts });
  app.onNewCloses(async ({ dataDate }) => {
    const day = await runAlertsDay(app.db, dataDate);
    if (day.ran) app.log.info({ dataDate, ...day }, 'alerts judged');
    const delivered = await deliverAlertMail(app.db, mail, app.log);
    if (delivered.sent || delivered.capped) app.log.info({ dataDate, ...delivered }, 'alert e-mail sent');
  });
  app.onNewFilings(async ({ importedAt }) => {
    const judged = await runFilingAlerts(app.db, importedAt);
    if (judged.ran) app.log.info({ importedAt, ...judged }, 'filing alerts judged');
    const delivered = await deliverAlertMail(app.db, mail, app.log);
    if (delivered.sent || delivered.capped) app.log.info({ importedAt, ...delivered }, 'alert e-mail sent');
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config.auth === 'required') reply.header('cache-control', 'private, no-store');
  });
  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, undefined),
  );

  app.get(
    '/alerts',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: "The member's alerts",
        security: SECURITY,
        response: { 200: AlertsResponseSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => listAlerts(app.db, memberId(request)),
  );

  app.post(
    '/alerts',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Set an alert on a company',
        description:
          '`kind`: `price_above` / `price_below` (a `level` in USD: fires on the close that crosses it), ' +
          '`daily_move` (`percent` 0.01 to 100: a close that far from the one before, either way), `high_52w` / ' +
          '`low_52w` (a close at or past the 52 weeks before it), `filing` (a filing newer than those held), ' +
          '`position` (`percent`: a simulator position in the company gaining, or with a negative percent losing, ' +
          'that much). It judges the closes after the data date it is set on. `email` (default true): e-mail it.',
        security: SECURITY,
        body: CreateAlertRequestSchema,
        response: { 201: AlertSchema, 409: ApiErrorSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createAlert(app.db, memberId(request), request.body);
    },
  );

  app.patch(
    '/alerts/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Turn e-mail about an alert on or off',
        security: SECURITY,
        params: AlertIdParamsSchema,
        body: UpdateAlertRequestSchema,
        response: { 200: AlertSchema, ...ERRORS },
      },
    },
    async (request) => setEmail(app.db, memberId(request), request.params.id, request.body.email),
  );

  app.delete(
    '/alerts/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Delete an alert (and its notifications)',
        security: SECURITY,
        params: AlertIdParamsSchema,
        response: { 200: OkResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      await removeAlert(app.db, memberId(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/alerts/notifications',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: "The member's latest notifications (50) and the number unread",
        security: SECURITY,
        response: { 200: NotificationsResponseSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => getNotifications(app.db, memberId(request)),
  );

  app.post(
    '/alerts/notifications/read',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Mark notifications read: the `ids` named, or `all`',
        security: SECURITY,
        body: MarkReadRequestSchema,
        response: { 200: NotificationsResponseSchema, ...ERRORS },
      },
    },
    async (request) =>
      readNotifications(app.db, memberId(request), request.body.all ? 'all' : (request.body.ids ?? [])),
  );

  app.get(
    '/alerts/settings',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: "The member's alert e-mail: one per alert (`each`), a daily `digest`, or `off`",
        security: SECURITY,
        response: { 200: AlertSettingsResponseSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => getSettings(app.db, memberId(request)),
  );

  app.put(
    '/alerts/settings',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Choose alert e-mail: `each`, `digest` or `off`',
        security: SECURITY,
        body: AlertSettingsRequestSchema,
        response: { 200: AlertSettingsResponseSchema, ...ERRORS },
      },
    },
    async (request) => saveSettings(app.db, memberId(request), request.body.email_mode),
  );

  const unsubscribeSchema = {
    tags: TAGS,
    summary: "An alert e-mail's one-click unsubscribe link (signed; no sign-in needed; works once)",
    description:
      'A per-alert message stops e-mail for that alert; a digest stops every alert e-mail. A second use ' +
      'answers `unsubscribed: false`. POST is the RFC 8058 one-click form mail clients send.',
    querystring: UnsubscribeQuerySchema,
    response: { 200: UnsubscribeResponseSchema, 400: ApiErrorSchema },
  };
  app.get('/alerts/unsubscribe', { config: { auth: 'none' }, schema: unsubscribeSchema }, async (request) =>
    unsubscribe(app.db, key, request.query.token),
  );
  app.post('/alerts/unsubscribe', { config: { auth: 'none' }, schema: unsubscribeSchema }, async (request) =>
    unsubscribe(app.db, key, request.query.token),
  );
};
