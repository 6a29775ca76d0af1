import { useEffect, useRef } from 'react';
import { redirect, useFetcher, useRevalidator } from 'react-router';
import { ApiClientError } from './api-client';
import { authStore, startAuth } from './auth-state';

/**
 * One way to load and change what a page shows (decision 018): data in a route loader, never
 * in component effects. Data that needs the browser-held token comes from a `clientLoader`
 * (`loadForMember`, hydrated, with a server-rendered `HydrateFallback`); changes go through a
 * `clientAction` (`runMemberAction`, submitted with `useMemberAction`), after which React Router
 * loads the page again on its own.
 */

/** What a loader hands its page: the data, or the message to show instead (SPEC §8). */
export type Loaded<T> = { status: 'ready'; data: T } | { status: 'failed'; error: string };

/** The same for data that needs the token, which the visitor may not have. */
export type MemberLoaded<T> = Loaded<T> | { status: 'signed-out' };

/** SPEC §8: the server's `error` text, else the call's fallback ('Network error occurred' offline). */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiClientError && err.message && !err.message.startsWith('HTTP error!')) return err.message;
  return fallback;
}

/** Runs a load, turning a failure into the page's message; for public loaders as well. */
export async function loaded<T>(load: () => Promise<T>, fallbackError: string): Promise<Loaded<T>> {
  try {
    return { status: 'ready', data: await load() };
  } catch (err) {
    console.error(fallbackError, err);
    return { status: 'failed', error: errorMessage(err, fallbackError) };
  }
}

export interface MemberLoadOptions {
  /** Shown when the load fails and the server gave no message. */
  error: string;
  /** Send a signed-out visitor to sign in, back to this path after; without it the page says so itself. */
  loginRedirect?: string;
}

/**
 * The body of a member page's `clientLoader`. Signed out (or a token the server no longer
 * honours): `signed-out`, or a redirect to the sign-in page when `loginRedirect` is given.
 */
export async function loadForMember<T>(load: () => Promise<T>, options: MemberLoadOptions): Promise<MemberLoaded<T>> {
  startAuth();
  const signedOut = () => {
    if (options.loginRedirect) throw redirect(`/login?redirectTo=${encodeURIComponent(options.loginRedirect)}`);
    return { status: 'signed-out' } as const;
  };
  if (!authStore.getState().token) return signedOut();
  const result = await loaded(load, options.error);
  // The API client has signed the visitor out on a 401 already.
  if (result.status === 'failed' && !authStore.getState().token) return signedOut();
  return result;
}

/** What a member action answers its page: which change it was, and whether it went through. */
export type ActionResult<Intent extends string = string> =
  | { intent: Intent; ok: true }
  | { intent: Intent; ok: false; error: string };

/** A page's changes, by name, each with its payload type. */
export type Intents = Record<string, unknown>;

export type ActionHandlers<I extends Intents> = {
  [K in keyof I & string]: { run: (payload: I[K]) => Promise<unknown>; error: string };
};

/**
 * The body of a member page's `clientAction`: runs the handler the JSON body's `intent` names
 * with its `payload`. A failure is answered (not thrown), so the page keeps its data and shows
 * the message; React Router then re-runs the page's loaders either way.
 */
export async function runMemberAction<I extends Intents>(
  request: Request,
  handlers: ActionHandlers<I>,
): Promise<ActionResult<keyof I & string>> {
  const { intent, payload } = (await request.json()) as { intent: keyof I & string; payload: I[keyof I & string] };
  const handler = handlers[intent];
  if (!handler) return { intent, ok: false, error: `Unknown action '${String(intent)}'` };
  try {
    await handler.run(payload);
    return { intent, ok: true };
  } catch (err) {
    return { intent, ok: false, error: errorMessage(err, handler.error) };
  }
}

/**
 * Submits a change to the page's own `clientAction` (JSON). `busy` covers the change and the
 * reload after it; `result` is the last change's answer until the next one.
 */
export function useMemberAction<I extends Intents>() {
  const fetcher = useFetcher<ActionResult<keyof I & string>>();
  return {
    submit<K extends keyof I & string>(intent: K, payload: I[K]) {
      void fetcher.submit({ intent, payload } as never, { method: 'post', encType: 'application/json' });
    },
    busy: fetcher.state !== 'idle',
    /** Set once the change and its reload are done. */
    result: fetcher.state === 'idle' ? (fetcher.data ?? null) : null,
  };
}

/**
 * Loads the page again when the visitor signs in or out in another tab (or a call finds the
 * session ended), so a member page never shows the previous member's data.
 */
export function useReloadOnSessionChange(): void {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  useEffect(() => {
    let token = authStore.getState().token;
    return authStore.subscribe(() => {
      const next = authStore.getState().token;
      if (next === token) return;
      token = next;
      void revalidateRef.current();
    });
  }, []);
}
