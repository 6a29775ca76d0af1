import { type ApiError, ERROR_CODES, type ErrorCode } from '@app/shared/api-error';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

const PART_NAMES: Record<string, string> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'body field',
  headers: 'header',
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  429: ERROR_CODES.rateLimited,
};

/** Turns a schema failure into one sentence naming the field, e.g. "Invalid query parameter 'pageNumber': ...". */
function validationMessage(error: FastifyError): string {
  const part = PART_NAMES[error.validationContext ?? ''] ?? 'request field';
  const first = error.validation?.[0];
  if (!first) return 'Invalid request';
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  // Zod writes "Invalid input: expected number, received NaN" and the like; keep its words.
  const detail = first.message ?? 'is invalid';
  return field ? `Invalid ${part} '${field}': ${detail}` : `Invalid ${part}: ${detail}`;
}

/**
 * The one error handler (STYLE: coded errors become transport errors only at the edge).
 * Every API failure is `{error, code}`; 5xx details are logged with the request id, never sent.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status: number;
    let body: ApiError;
    if (err instanceof AppError) {
      status = err.statusCode;
      body = { error: err.message, code: err.code };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      body = { error: validationMessage(err), code: ERROR_CODES.badRequest };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      // Only our own catalogue of codes goes out, never a framework's internal one.
      body = { error: err.message, code: CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest };
    } else {
      status = 500;
      body = { error: 'Something went wrong on our side. Please try again.', code: ERROR_CODES.internal };
      request.log.error({ err }, 'request failed');
    }
    if (status < 500) request.log.info({ status, code: body.code }, body.error);
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
});
