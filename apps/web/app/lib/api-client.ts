import type { AppLoadContext } from 'react-router';
import { readStoredToken, readStoredUser } from './auth-storage';

/** An API call that answered with an error status; `message` is the body's `error` (SPEC §8). */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export interface ApiGetOptions {
  /** On the server: the loader's context, so the call stays in process. */
  context?: AppLoadContext;
  signal?: AbortSignal;
  /** Send no credentials (public calls the spec makes without them, e.g. the screener). */
  anonymous?: boolean;
}

/**
 * GET an API path (e.g. `/api/companies/eod?pageNumber=1`) and parse its JSON.
 * In loaders pass `context` (server-side, no network hop); in the browser it uses `fetch`
 * and adds the signed-in user's headers as SPEC §7 asks (X-gurus-id, Authorization).
 */
export async function apiGet<T>(path: string, options: ApiGetOptions = {}): Promise<T> {
  let response: Response;
  if (options.context) {
    response = await options.context.apiFetch(path);
  } else {
    try {
      response = await fetch(path, {
        headers: options.anonymous ? {} : browserAuthHeaders(),
        signal: options.signal,
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiClientError(0, 'Network error occurred');
    }
  }
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as T;
}

/** SPEC §7: the stored user id and token go with every call when they exist. */
export function browserAuthHeaders(): Record<string, string> {
  if (typeof window === 'undefined') return {};
  const headers: Record<string, string> = {};
  const token = readStoredToken();
  const user = readStoredUser();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (user?.id) headers['X-gurus-id'] = user.id;
  return headers;
}

/** SPEC §8: the body's `error` field, else 'HTTP error! status: {code}'. */
async function errorFrom(response: Response): Promise<ApiClientError> {
  let message = `HTTP error! status: ${response.status}`;
  let code: string | undefined;
  try {
    const body = (await response.json()) as { error?: unknown; code?: unknown };
    if (typeof body.error === 'string' && body.error) message = body.error;
    if (typeof body.code === 'string') code = body.code;
  } catch {
    // not JSON: keep the generic message
  }
  return new ApiClientError(response.status, message, code);
}
