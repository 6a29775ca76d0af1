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

// Account errors (issue 12). One message for a wrong e-mail or password, so nobody learns
// which addresses have accounts.
export const emailTaken = () => new AppError(409, ERROR_CODES.emailTaken, 'An account with this email already exists');
export const usernameTaken = () => new AppError(409, ERROR_CODES.usernameTaken, 'This username is already taken');
export const invalidCredentials = () =>
  new AppError(401, ERROR_CODES.invalidCredentials, 'Invalid email or password. Please try again.');
export const invalidResetToken = () =>
  new AppError(400, ERROR_CODES.invalidResetToken, 'This reset link is invalid or has expired. Ask for a new one.');
export const googleNotConfigured = () =>
  new AppError(503, ERROR_CODES.googleNotConfigured, 'Google sign-in is not configured on this site');
export const googleTokenInvalid = () =>
  new AppError(401, ERROR_CODES.googleTokenInvalid, 'Google login failed. Please try again.');
// A 403, not a 401: the session stands, only the typed password is wrong (a 401 would sign out).
export const wrongPassword = () => new AppError(403, ERROR_CODES.wrongPassword, 'Current password is incorrect');
export const tooManyRequests = (message: string) => new AppError(429, ERROR_CODES.tooManyRequests, message);
