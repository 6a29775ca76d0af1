import type { AppLoadContext } from 'react-router';
import { authStore } from './auth-state';

/** `message` is the body's `error` (SPEC §8). */
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
  /** On the server, so the call stays in process. */
  context?: AppLoadContext;
  signal?: AbortSignal;
  /** SPEC §7 makes sign-up, sign-in, Google and public calls (the screener) without credentials. */
  anonymous?: boolean;
  headers?: Record<string, string>;
}

let onUnauthorized: (() => void) | null = null;
/** A refusal that came before the page set its handler (a loader run while the page hydrates) waits for it. */
let unauthorizedPending = false;
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
  if (handler && unauthorizedPending) {
    unauthorizedPending = false;
    handler();
  }
}

export function apiGet<T>(path: string, options: ApiCallOptions = {}): Promise<T> {
  return apiCall<T>('GET', path, undefined, options);
}

export function apiPost<T>(path: string, body: unknown, options: ApiCallOptions = {}): Promise<T> {
  return apiCall<T>('POST', path, body, options);
}

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
  let sentToken: string | undefined;
  if (options.context) {
    response = await options.context.apiFetch(path, { method, headers, body: json });
  } else {
    if (!options.anonymous) {
      sentToken = authStore.getState().token ?? undefined;
      Object.assign(headers, browserAuthHeaders());
    }
    try {
      response = await fetch(path, { method, headers, body: json, signal: options.signal });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiClientError(0, 'Network error occurred');
    }
  }
  if (!response.ok) {
    // Only a refusal of the session still held ends it: one that was signed out meanwhile (or replaced) is gone already.
    if (response.status === 401 && sentToken !== undefined && authStore.getState().token === sentToken) {
      authStore.signOut();
      if (onUnauthorized) onUnauthorized();
      else unauthorizedPending = true;
    }
    throw await errorFrom(response);
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** SPEC §7. */
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
