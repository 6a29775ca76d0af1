import { DOMAIN_ERROR_CODES, type DomainErrorCode, ERROR_CODES, type ErrorCode } from '@app/shared/api-error';

/** The coded error services throw; only the error handler turns it into HTTP. */
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

const DOMAIN_STATUS: Record<DomainErrorCode, number> = {
  INSUFFICIENT_POINTS: 422,
  PICK_NOT_FOUND: 404,
  PICK_CLOSED: 409,
  ORDER_NOT_FOUND: 404,
  ORDER_NOT_PENDING: 409,
  // Issue 13: a buy naming an unknown ticker or an unpriced company is a bad request.
  UNKNOWN_TICKER: 400,
  NO_PRICE: 400,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  INVALID_CREDENTIALS: 401,
  RATE_LIMITED: 429,
  UPDATE_RUNNING: 409,
  INVALID_RESET_TOKEN: 400,
  INVALID_REVERT_TOKEN: 400,
  // A 403, not a 401: the session stands, only the typed password is wrong (a 401 signs out).
  WRONG_PASSWORD: 403,
  GOOGLE_NOT_CONFIGURED: 503,
  GOOGLE_TOKEN_INVALID: 401,
  GAME_NOT_FOUND: 404,
  NOT_A_PLAYER: 403,
  WRONG_INVITE_CODE: 403,
  GAME_ENDED: 409,
  GAME_RULE: 422,
  NOT_GAME_CREATOR: 403,
};

export const domainError = (code: DomainErrorCode, message: string) => new AppError(DOMAIN_STATUS[code], code, message);

const D = DOMAIN_ERROR_CODES;
export const insufficientPoints = (message = 'Not enough points available') =>
  domainError(D.insufficientPoints, message);
export const pickNotFound = (message = 'Position not found') => domainError(D.pickNotFound, message);
export const orderNotFound = () => domainError(D.orderNotFound, 'Order not found');
export const orderNotPending = (status: string) =>
  domainError(D.orderNotPending, `This order is no longer pending: it is ${status}`);
export const pickClosed = (message = 'This pick is already closed') => domainError(D.pickClosed, message);
export const unknownTicker = (ticker: string) => domainError(D.unknownTicker, `Unknown ticker '${ticker}'`);
export const noPrice = (ticker: string) =>
  domainError(D.noPrice, `${ticker} has no current price, so it cannot be bought`);
export const emailTaken = (message = 'An account with this email already exists') => domainError(D.emailTaken, message);
export const usernameTaken = (message = 'This username is taken') => domainError(D.usernameTaken, message);
export const invalidCredentials = (message = 'Invalid email or password') => domainError(D.invalidCredentials, message);
export const rateLimited = (message = 'Too many attempts. Please try again later.') =>
  domainError(D.rateLimited, message);
export const updateRunning = (message = 'A market-data update is already running') =>
  domainError(D.updateRunning, message);
export const invalidResetToken = () =>
  domainError(D.invalidResetToken, 'This reset link is invalid or has expired. Ask for a new one.');
export const invalidRevertToken = () =>
  domainError(D.invalidRevertToken, 'This link is invalid, already used or has expired.');
export const wrongPassword = () => domainError(D.wrongPassword, 'Current password is incorrect');
export const googleNotConfigured = () =>
  domainError(D.googleNotConfigured, 'Google sign-in is not configured on this site');
export const googleTokenInvalid = () => domainError(D.googleTokenInvalid, 'Google login failed. Please try again.');

export const gameNotFound = () => domainError(D.gameNotFound, 'Game not found');
export const notAPlayer = () => domainError(D.notAPlayer, 'Join this game to trade in it');
export const wrongInviteCode = () => domainError(D.wrongInviteCode, "This invite code is not the game's");
export const gameEnded = (endDate: string) =>
  domainError(D.gameEnded, `This game ended on ${endDate}: its results are final`);
export const gameRule = (message: string) => domainError(D.gameRule, message);
export const notGameCreator = () => domainError(D.notGameCreator, "Only the game's creator sees its players");

export const unavailable = (message: string) => new AppError(503, ERROR_CODES.unavailable, message);
