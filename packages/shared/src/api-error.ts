import { z } from 'zod';

/**
 * The one error body of the API. SPEC §8: clients read the message from `error`;
 * `code` is a stable machine-readable name for it.
 */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Machine codes the API answers with. */
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
  /** Too many requests from one client (or account) in a time window: 429 with Retry-After. */
  rateLimited: 'RATE_LIMITED',
  /** The site cannot serve right now (database unreachable): try again shortly. */
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
