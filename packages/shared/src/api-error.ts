import { z } from 'zod';

/**
 * The one error body of the API. SPEC §8: clients read the message from `error`;
 * `code` is a stable machine-readable name for it.
 */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  /** The request field a validation error is about, e.g. `username` (its `error` is the rule's text alone). */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * Domain error codes: what a service refuses and why, independent of HTTP (the server picks the
 * status in one table, apps/server/src/lib/errors.ts).
 */
export const DOMAIN_ERROR_CODES = {
  /** A purchase asks for more points than the member has available. */
  insufficientPoints: 'INSUFFICIENT_POINTS',
  /** The pick does not exist or belongs to another member. */
  pickNotFound: 'PICK_NOT_FOUND',
  /** The pick was already sold (by hand or by a trigger). */
  pickClosed: 'PICK_CLOSED',
  /** No company trades under the ticker. */
  unknownTicker: 'UNKNOWN_TICKER',
  /** The company has no close on the current data date (never priced, or no longer trading). */
  noPrice: 'NO_PRICE',
  /** Sign-up with an email address that already has an account. */
  emailTaken: 'EMAIL_TAKEN',
  /** Sign-up or profile change to a username someone else has. */
  usernameTaken: 'USERNAME_TAKEN',
  /** Sign-in with an unknown email or a wrong password (deliberately not saying which). */
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** Too many requests from one client (or account) in a time window: 429 with Retry-After. */
  rateLimited: 'RATE_LIMITED',
  /** A market-data update is already in progress. */
  updateRunning: 'UPDATE_RUNNING',
  /** A password-reset link that is unknown, already used or older than an hour. */
  invalidResetToken: 'INVALID_RESET_TOKEN',
  /** A link undoing an e-mail change that is unknown, already used or older than a week. */
  invalidRevertToken: 'INVALID_REVERT_TOKEN',
  /** A signed-in member typed the wrong current password (password change, account deletion). */
  wrongPassword: 'WRONG_PASSWORD',
  /** Google sign-in asked for on a site without GOOGLE_CLIENT_ID. */
  googleNotConfigured: 'GOOGLE_NOT_CONFIGURED',
  /** A Google ID token that fails any check (signature, issuer, audience, expiry, verified e-mail). */
  googleTokenInvalid: 'GOOGLE_TOKEN_INVALID',
} as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[keyof typeof DOMAIN_ERROR_CODES];

/**
 * Machine codes the API answers with: first the ones any route can give (named after the HTTP
 * failure), then the domain ones, which say what went wrong in the product's own words so a page
 * can react to the case rather than to a status number.
 */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  /** The client did not send the whole request in time. */
  requestTimeout: 'REQUEST_TIMEOUT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  /** The site cannot serve right now (database unreachable): try again shortly. */
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  ...DOMAIN_ERROR_CODES,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
