import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ApiError, ERROR_CODES, type ErrorCode } from '@app/shared/api-error';
import { AUTH_MESSAGES } from '@app/shared/auth-messages';
import { PROFILE_MESSAGES } from '@app/shared/users';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import { hasControlCharacters, isValidHost } from '../lib/request-edge.ts';

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
  405: ERROR_CODES.methodNotAllowed,
  408: ERROR_CODES.requestTimeout,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.rateLimited,
  431: ERROR_CODES.headersTooLarge,
};

/** SPEC §5 and profile texts are written for people: a body field failing one answers the text alone. */
const FORM_TEXTS = new Set<string>([...Object.values(AUTH_MESSAGES), ...Object.values(PROFILE_MESSAGES)]);

/** One sentence naming the field ("Invalid query parameter 'pageNumber': …"), or a form text alone. */
function validationError(error: FastifyError): { error: string; field?: string } {
  const part = PART_NAMES[error.validationContext ?? ''] ?? 'request field';
  const first = error.validation?.[0];
  if (!first) return { error: 'Invalid request' };
  const body = error.validationContext === 'body';
  if (first.keyword === 'unrecognized_keys') {
    const keys = ((first.params as { keys?: unknown }).keys as string[] | undefined) ?? [];
    const names = keys.map((k) => `'${k}'`).join(', ');
    return { error: `Unknown ${part}${keys.length === 1 ? '' : 's'} ${names}`, ...(keys[0] ? { field: keys[0] } : {}) };
  }
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const detail = first.message ?? 'is invalid';
  if (!field) return { error: `Invalid ${part}: ${detail}` };
  const sentence = body && FORM_TEXTS.has(detail) ? detail : `Invalid ${part} '${field}': ${detail}`;
  return body ? { error: sentence, field } : { error: sentence };
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
      body = { ...validationError(err), code: ERROR_CODES.badRequest };
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
  // Methods no route declares (PROPFIND on any path): the same JSON 404 as an unknown API path.
  app.setNotFoundHandler((request, reply) => {
    const body: ApiError = {
      error: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: ERROR_CODES.notFound,
    };
    return reply.status(404).type('application/json; charset=utf-8').send(body);
  });
});

/** Node's HTTP parser fails before Fastify sees the request: answered in the API's shape, then closed. */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: ApiError = { error: 'Malformed HTTP request', code: ERROR_CODES.badRequest };
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = { error: 'The request was not received in time', code: ERROR_CODES.requestTimeout };
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = { error: 'Request headers are too large', code: ERROR_CODES.headersTooLarge };
  } else if (err.code === 'HPE_INVALID_METHOD') {
    status = 405;
    body = { error: 'Unsupported HTTP method', code: ERROR_CODES.methodNotAllowed };
  }
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  const body: ApiError = {
    error: badUrl ? 'The URL is not valid (malformed percent-encoding)' : 'Invalid request',
    code: ERROR_CODES.badRequest,
  };
  request.log.info({ code: error.code }, body.error);
  reply.code(400).type('application/json; charset=utf-8').send(body);
}

/**
 * `x:99999` is a 400; a path with control characters names nothing (404). A missing Host (HTTP/1.0) is
 * fine: pages build URLs from SITE_URL.
 */
export async function rejectBadRequestLine(request: FastifyRequest): Promise<void> {
  const host = request.headers.host;
  if (host && !isValidHost(host)) throw badRequest('Invalid Host header');
  if (request.url.startsWith('/api') && hasControlCharacters(request.url)) {
    throw notFound('No API route for this path');
  }
}
