/**
 * The signed-in user as SPEC §3/§4 keep it in browser storage: keys `user` and `token`.
 * Browser-only; the server never sees these.
 */
export interface StoredUser {
  id: string;
  email: string;
  name: string;
  avatar: string;
}

export const STORAGE_KEYS = { user: 'user', token: 'token' } as const;

/** The stored user when both user and token exist; an unparsable user is removed (SPEC §4). */
export function readStoredUser(): StoredUser | null {
  if (typeof window === 'undefined') return null;
  const rawUser = window.localStorage.getItem(STORAGE_KEYS.user);
  const token = window.localStorage.getItem(STORAGE_KEYS.token);
  if (!rawUser || !token) return null;
  try {
    const user = JSON.parse(rawUser) as Partial<StoredUser>;
    if (typeof user !== 'object' || user === null) throw new Error('not an object');
    return {
      id: String(user.id ?? ''),
      email: String(user.email ?? ''),
      name: user.name ?? '',
      avatar: user.avatar ?? '',
    };
  } catch {
    window.localStorage.removeItem(STORAGE_KEYS.user);
    return null;
  }
}

/** The stored bearer token, or null (also on the server). */
export function readStoredToken(): string | null {
  if (typeof window === 'undefined') return null;
  return window.localStorage.getItem(STORAGE_KEYS.token);
}

export function clearStoredUser(): void {
  window.localStorage.removeItem(STORAGE_KEYS.user);
  window.localStorage.removeItem(STORAGE_KEYS.token);
}

/** SPEC §2: the avatar shows the first letter of the name or e-mail, else 'U'. */
export function avatarLetter(user: Pick<StoredUser, 'name' | 'email'>): string {
  return (user.name.trim()[0] ?? user.email.trim()[0] ?? 'U').toUpperCase();
}
