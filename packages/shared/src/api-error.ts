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
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_ERROR',
  // Simulator (SPEC §8 portfolio errors).
  insufficientPoints: 'INSUFFICIENT_POINTS',
  pickNotFound: 'PICK_NOT_FOUND',
  unknownTicker: 'UNKNOWN_TICKER',
  noPrice: 'NO_PRICE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
