import { z } from 'zod';

/** The one error body of the API (SPEC §8): clients read `error`; `code` is its stable machine name. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  /** The request field a validation error is about, e.g. `username` (its `error` is the rule's text alone). */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** What a service refuses, independent of HTTP (statuses: apps/server/src/lib/errors.ts). */
export const DOMAIN_ERROR_CODES = {
  insufficientPoints: 'INSUFFICIENT_POINTS',
  pickNotFound: 'PICK_NOT_FOUND',
  pickClosed: 'PICK_CLOSED',
  orderNotFound: 'ORDER_NOT_FOUND',
  /** Cancelling an order that has filled, expired or been cancelled already. */
  orderNotPending: 'ORDER_NOT_PENDING',
  unknownTicker: 'UNKNOWN_TICKER',
  noPrice: 'NO_PRICE',
  emailTaken: 'EMAIL_TAKEN',
  usernameTaken: 'USERNAME_TAKEN',
  /** Sign-in with an unknown email or a wrong password (deliberately not saying which). */
  invalidCredentials: 'INVALID_CREDENTIALS',
  rateLimited: 'RATE_LIMITED',
  updateRunning: 'UPDATE_RUNNING',
  /** A password-reset link that is unknown, already used or older than an hour. */
  invalidResetToken: 'INVALID_RESET_TOKEN',
  /** A link undoing an e-mail change that is unknown, already used or older than a week. */
  invalidRevertToken: 'INVALID_REVERT_TOKEN',
  wrongPassword: 'WRONG_PASSWORD',
  googleNotConfigured: 'GOOGLE_NOT_CONFIGURED',
  googleTokenInvalid: 'GOOGLE_TOKEN_INVALID',
  /** A game that does not exist, or a private one the member may not see. */
  gameNotFound: 'GAME_NOT_FOUND',
  /** A game's portfolio asked for by a member who has not joined it. */
  notAPlayer: 'NOT_A_PLAYER',
  /** A private game joined with a wrong code. */
  wrongInviteCode: 'WRONG_INVITE_CODE',
  /** Trading or joining after a game's end date: its results are frozen. */
  gameEnded: 'GAME_ENDED',
  /** An order one of the game's rules refuses (the message names the rule). */
  gameRule: 'GAME_RULE',
  /** The players of a game, asked for by someone other than its creator. */
  notGameCreator: 'NOT_GAME_CREATOR',
} as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[keyof typeof DOMAIN_ERROR_CODES];

/** The API's machine codes: HTTP failures any route gives, then the domain ones (a page reacts to the case). */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  requestTimeout: 'REQUEST_TIMEOUT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  ...DOMAIN_ERROR_CODES,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
