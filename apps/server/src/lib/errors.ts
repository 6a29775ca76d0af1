import { ERROR_CODES, type ErrorCode } from '@app/shared/api-error';

/**
 * The coded error services throw. Only the error handler turns it into HTTP,
 * so modules never talk status codes beyond choosing one of these.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, ERROR_CODES.badRequest, message);
export const unauthorized = (message = 'Sign in to use this') => new AppError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message: string) => new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string) => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const rateLimited = (message: string) => new AppError(429, ERROR_CODES.rateLimited, message);
export const unavailable = (message: string) => new AppError(503, ERROR_CODES.unavailable, message);
