import { z } from 'zod';

/**
 * The HTTP contract of alerts (issue 35): what a member sets on a company, the notifications the
 * server raises after each daily update, and the member's e-mail choice. Percentages travel as
 * percents (5 = 5%) with at most two decimals; the server keeps them as basis points.
 */

export const ALERT_KINDS = [
  'price_above',
  'price_below',
  'daily_move',
  'high_52w',
  'low_52w',
  'filing',
  'position',
] as const;
export type AlertKindName = (typeof ALERT_KINDS)[number];

export const EMAIL_MODES = ['each', 'digest', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** Messages a member may receive per trading day, whatever fires. */
export const DAILY_MAIL_CAP = 10;

export const ALERT_MESSAGES = {
  kind: `kind must be one of ${ALERT_KINDS.join(', ')}`,
  level: 'level must be a price above 0 (USD per share) for a price alert',
  move: 'percent must be from 0.01 to 100 for a daily move alert',
  position: 'percent must be a gain from 0.01 to 1000 or a loss from -0.01 to -99.99 for a position alert',
  noLevel: 'level is only for price alerts',
  noPercent: 'percent is only for daily move and position alerts',
  emailMode: `email_mode must be one of ${EMAIL_MODES.join(', ')}`,
  token: 'token is required',
} as const;

export const ALERT_LIMITS = { perMember: 200 } as const;

/** A percent with at most two decimals as integer basis points, or null. */
export function percentToBp(percent: number): number | null {
  const bp = Math.round(percent * 100);
  return Number.isFinite(percent) && Math.abs(bp - percent * 100) < 1e-6 ? bp : null;
}

const needsLevel = (kind: AlertKindName) => kind === 'price_above' || kind === 'price_below';
const needsPercent = (kind: AlertKindName) => kind === 'daily_move' || kind === 'position';

/** POST /api/alerts. */
export const CreateAlertRequestSchema = z
  .object({
    ticker: z
      .string({ error: 'ticker is required' })
      .trim()
      .min(1, 'ticker is required')
      .max(24)
      .transform((t) => t.toUpperCase()),
    kind: z.enum(ALERT_KINDS, { error: ALERT_MESSAGES.kind }),
    level: z.number({ error: ALERT_MESSAGES.level }).optional(),
    percent: z.number({ error: 'percent must be a number' }).optional(),
    email: z.boolean().default(true),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (needsLevel(b.kind)) {
      if (b.level === undefined || !(b.level > 0) || b.level > 1_000_000) {
        ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.level, path: ['level'] });
      }
    } else if (b.level !== undefined)
      ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.noLevel, path: ['level'] });
    if (needsPercent(b.kind)) {
      const bp = b.percent === undefined ? null : percentToBp(b.percent);
      const ok =
        bp !== null &&
        (b.kind === 'daily_move' ? bp >= 1 && bp <= 10_000 : (bp >= 1 && bp <= 100_000) || (bp <= -1 && bp >= -9_999));
      if (!ok) {
        const message = b.kind === 'daily_move' ? ALERT_MESSAGES.move : ALERT_MESSAGES.position;
        ctx.addIssue({ code: 'custom', message, path: ['percent'] });
      }
    } else if (b.percent !== undefined) {
      ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.noPercent, path: ['percent'] });
    }
  });
export type CreateAlertRequest = z.input<typeof CreateAlertRequestSchema>;

/** PATCH /api/alerts/:id: e-mail about this alert on or off. */
export const UpdateAlertRequestSchema = z
  .object({ email: z.boolean({ error: 'email must be true or false' }) })
  .strict();

export const AlertIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const AlertSchema = z.object({
  id: z.number().int(),
  ticker: z.string(),
  comp_name: z.string(),
  slug: z.string(),
  kind: z.enum(ALERT_KINDS),
  level: z.number().nullable(),
  percent: z.number().nullable(),
  email: z.boolean(),
  /** The data date it was set on: it judges the closes after it. */
  created_on: z.string(),
  /** In words, e.g. "ACME closes at or above $105.00". */
  description: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertsResponseSchema = z.object({ alerts: z.array(AlertSchema) });
export type AlertsResponse = z.infer<typeof AlertsResponseSchema>;

export const NotificationSchema = z.object({
  id: z.number().int(),
  alert_id: z.number().int(),
  ticker: z.string(),
  comp_name: z.string(),
  slug: z.string(),
  /** The trading day that fired it. */
  date: z.string(),
  kind: z.enum(ALERT_KINDS),
  message: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsResponseSchema = z.object({
  unread: z.number().int(),
  notifications: z.array(NotificationSchema),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

/** POST /api/alerts/notifications/read: the named ones, or all. */
export const MarkReadRequestSchema = z
  .object({
    ids: z.array(z.number().int().positive(), { error: 'ids must be a list of notification ids' }).max(500).optional(),
    all: z.literal(true, { error: 'all must be true' }).optional(),
  })
  .strict()
  .refine((b) => b.ids !== undefined || b.all !== undefined, { message: 'Name ids or all', path: ['ids'] });
export type MarkReadRequest = z.input<typeof MarkReadRequestSchema>;

export const AlertSettingsSchema = z.object({
  email_mode: z.enum(EMAIL_MODES, { error: ALERT_MESSAGES.emailMode }),
});
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;
export const AlertSettingsRequestSchema = AlertSettingsSchema.strict();
export const AlertSettingsResponseSchema = AlertSettingsSchema.extend({ daily_cap: z.number().int() });

/** /api/alerts/unsubscribe?token=…: the signed token an alert e-mail carries. */
export const UnsubscribeQuerySchema = z.object({
  token: z.string({ error: ALERT_MESSAGES.token }).min(1, ALERT_MESSAGES.token).max(300),
});
export const UnsubscribeResponseSchema = z.object({
  /** false when the link had been used already (nothing changed). */
  unsubscribed: z.boolean(),
  /** What no longer sends e-mail: one alert, or every alert message. */
  scope: z.enum(['alert', 'all']),
  message: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponseSchema>;
