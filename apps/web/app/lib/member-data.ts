import { useEffect, useRef } from 'react';
import { redirect, useFetcher, useRevalidator } from 'react-router';
import { ApiClientError } from './api-client';
import { authStore, startAuth } from './auth-state';

// Decision 018: data in route loaders, never component effects; token-bound data in `clientLoader`.

export type Loaded<T> = { status: 'ready'; data: T } | { status: 'failed'; error: string };

export type MemberLoaded<T> = Loaded<T> | { status: 'signed-out' };

/** SPEC §8. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiClientError && err.message && !err.message.startsWith('HTTP error!')) return err.message;
  return fallback;
}

export async function loaded<T>(load: () => Promise<T>, fallbackError: string): Promise<Loaded<T>> {
  try {
    return { status: 'ready', data: await load() };
  } catch (err) {
    console.error(fallbackError, err);
    return { status: 'failed', error: errorMessage(err, fallbackError) };
  }
}

export interface MemberLoadOptions {
  error: string;
  loginRedirect?: string;
}

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

export type ActionResult<Intent extends string = string> =
  | { intent: Intent; ok: true }
  | { intent: Intent; ok: false; error: string };

export type Intents = Record<string, unknown>;

export type ActionHandlers<I extends Intents> = {
  [K in keyof I & string]: { run: (payload: I[K]) => Promise<unknown>; error: string };
};

/** A failure is answered, not thrown, so the page keeps its data and shows the message. */
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

export function useMemberAction<I extends Intents>() {
  const fetcher = useFetcher<ActionResult<keyof I & string>>();
  return {
    submit<K extends keyof I & string>(intent: K, payload: I[K]) {
      void fetcher.submit({ intent, payload } as never, { method: 'post', encType: 'application/json' });
    },
    busy: fetcher.state !== 'idle',
    result: fetcher.state === 'idle' ? (fetcher.data ?? null) : null,
  };
}

/** So a member page never shows the previous member's data after a sign-in elsewhere. */
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
