import { useSyncExternalStore } from 'react';

// Browser-only: the server renders signed out and the browser switches once hydrated.
export interface StoredUser {
  id: string;
  email: string;
  name: string;
  avatar: string;
}

export interface AuthState {
  user: StoredUser | null;
  token: string | null;
  loading: boolean;
  error: string | null;
}

export interface LoginAnswer {
  me: { userid: string | number; email: string };
  token: string;
}

export const STORAGE_KEYS = { user: 'user', token: 'token' } as const;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AuthStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  restore(): void;
  /** Remember me: localStorage; otherwise sessionStorage, ending with the browser session. */
  signIn(answer: LoginAnswer, remember: boolean): StoredUser;
  renew(answer: LoginAnswer): void;
  setEmail(email: string): void;
  signOut(): void;
  setLoading(loading: boolean): void;
  setError(message: string | null): void;
  clearError(): void;
}

const SIGNED_OUT: AuthState = { user: null, token: null, loading: false, error: null };

function readFrom(storage: StorageLike): { user: StoredUser; token: string } | null {
  const rawUser = storage.getItem(STORAGE_KEYS.user);
  const token = storage.getItem(STORAGE_KEYS.token);
  if (!rawUser || !token) return null;
  try {
    const parsed: unknown = JSON.parse(rawUser);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    const u = parsed as Record<string, unknown>;
    if (u.id === undefined || u.id === null || u.id === '') throw new Error('no id');
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return { user: { id: String(u.id), email: text(u.email), name: text(u.name), avatar: text(u.avatar) }, token };
  } catch {
    storage.removeItem(STORAGE_KEYS.user);
    return null;
  }
}

export function createAuthStore(storages: () => { local: StorageLike; session: StorageLike } | null): AuthStore {
  let state: AuthState = SIGNED_OUT;
  const listeners = new Set<() => void>();
  const set = (next: Partial<AuthState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };
  const clearBoth = () => {
    const s = storages();
    if (!s) return;
    for (const storage of [s.local, s.session]) {
      storage.removeItem(STORAGE_KEYS.user);
      storage.removeItem(STORAGE_KEYS.token);
    }
  };
  const store: AuthStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restore() {
      const s = storages();
      if (!s) return;
      const found = readFrom(s.local) ?? readFrom(s.session);
      if (found?.token !== state.token || found?.user.id !== state.user?.id) {
        set({ user: found?.user ?? null, token: found?.token ?? null });
      }
    },
    signIn(answer, remember) {
      const user: StoredUser = { id: String(answer.me.userid), email: answer.me.email, name: '', avatar: '' };
      clearBoth();
      const s = storages();
      if (s) {
        const target = remember ? s.local : s.session;
        target.setItem(STORAGE_KEYS.token, answer.token);
        target.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      }
      set({ user, token: answer.token, error: null });
      return user;
    },
    renew(answer) {
      const s = storages();
      const remembered = s ? s.local.getItem(STORAGE_KEYS.token) !== null : false;
      store.signIn(answer, remembered);
    },
    setEmail(email) {
      if (!state.user) return;
      const user = { ...state.user, email };
      const s = storages();
      if (s) {
        for (const storage of [s.local, s.session]) {
          if (storage.getItem(STORAGE_KEYS.user) !== null) storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
        }
      }
      set({ user });
    },
    signOut() {
      clearBoth();
      set({ user: null, token: null });
    },
    setLoading: (loading) => set({ loading }),
    setError: (error) => set({ error }),
    clearError: () => set({ error: null }),
  };
  return store;
}

export const authStore = createAuthStore(() =>
  typeof window === 'undefined' ? null : { local: window.localStorage, session: window.sessionStorage },
);

let started = false;
export function startAuth(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  authStore.restore();
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) authStore.restore();
  });
}

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, () => SIGNED_OUT);
}

/** SPEC §2. */
export function avatarLetter(user: Pick<StoredUser, 'name' | 'email'>): string {
  return (user.name.trim()[0] ?? user.email.trim()[0] ?? 'U').toUpperCase();
}

/** A same-site path only, never `//host` or a full URL. */
export function safeRedirect(to: string | null | undefined, fallback = '/'): string {
  if (!to?.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  return to;
}
