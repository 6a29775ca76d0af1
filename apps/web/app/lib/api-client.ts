import type { AppLoadContext } from 'react-router';
import { authStore } from './auth-state';

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

export interface ApiCallOptions {
  /** On the server: the loader's context, so the call stays in process. */
  context?: AppLoadContext;
  signal?: AbortSignal;
  /**
   * Send no credentials: sign-up, sign-in and Google (SPEC §7), and public calls the spec makes
   * without them (e.g. the screener).
   */
  anonymous?: boolean;
  /** Extra request headers, e.g. the visitor's User-Agent forwarded by a server-side loader. */
  headers?: Record<string, string>;
}

let onUnauthorized: (() => void) | null = null;
/** What a 401 on a signed-in call does after signing out (the app sends the visitor to /login). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/**
 * GET an API path (e.g. `/api/companies/eod?pageNumber=1`) and parse its JSON.
 * In loaders pass `context` (server-side, no network hop); in the browser it uses `fetch`
 * and adds the signed-in user's headers as SPEC §7 asks (X-gurus-id, Authorization).
 */
export function apiGet<T>(path: string, options: ApiCallOptions = {}): Promise<T> {
  return apiCall<T>('GET', path, undefined, options);
}

/** POST JSON to an API path; answers the parsed body (or null for an empty one). */
export function apiPost<T>(path: string, body: unknown, options: ApiCallOptions = {}): Promise<T> {
  return apiCall<T>('POST', path, body, options);
}

/** PUT, PATCH or DELETE an API path (JSON body when given); answers the parsed body. */
export function apiSend<T>(
  method: 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: ApiCallOptions = {},
): Promise<T> {
  return apiCall<T>(method, path, body, options);
}

async function apiCall<T>(method: string, path: string, body: unknown, options: ApiCallOptions): Promise<T> {
  const noBody = method === 'GET' || (method === 'DELETE' && body === undefined);
  const headers: Record<string, string> = noBody ? {} : { 'content-type': 'application/json' };
  Object.assign(headers, options.headers);
  const json = body === undefined ? undefined : JSON.stringify(body);
  let response: Response;
  let sentCredentials = false;
  if (options.context) {
    response = await options.context.apiFetch(path, { method, headers, body: json });
  } else {
    if (!options.anonymous) {
      const auth = browserAuthHeaders();
      sentCredentials = auth.Authorization !== undefined;
      Object.assign(headers, auth);
    }
    try {
      response = await fetch(path, { method, headers, body: json, signal: options.signal });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiClientError(0, 'Network error occurred');
    }
  }
  if (!response.ok) {
    if (response.status === 401 && sentCredentials) {
      // The session ended (expired, password changed elsewhere, signed out on the server).
      authStore.signOut();
      onUnauthorized?.();
    }
    throw await errorFrom(response);
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** SPEC §7: the stored user id and token go with every call when they exist. */
export function browserAuthHeaders(): Record<string, string> {
  if (typeof window === 'undefined') return {};
  const { token, user } = authStore.getState();
  const headers: Record<string, string> = {};
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
