import { beforeEach, describe, expect, it } from 'vitest';
import { avatarLetter, createAuthStore, STORAGE_KEYS, safeRedirect } from './auth-state';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('auth store', () => {
  let local: MemoryStorage;
  let session: MemoryStorage;
  const make = () => createAuthStore(() => ({ local, session }));
  beforeEach(() => {
    local = new MemoryStorage();
    session = new MemoryStorage();
  });

  it('starts signed out and restores a stored user only when a token is stored too', () => {
    local.setItem(STORAGE_KEYS.user, JSON.stringify({ id: '7', email: 'a@b.c', name: '', avatar: '' }));
    const store = make();
    expect(store.getState().user).toBeNull();
    store.restore();
    expect(store.getState().user).toBeNull();
    local.setItem(STORAGE_KEYS.token, 'tok');
    store.restore();
    expect(store.getState()).toMatchObject({ user: { id: '7', email: 'a@b.c' }, token: 'tok' });
  });

  it('removes an unparsable stored user', () => {
    local.setItem(STORAGE_KEYS.user, '{not json');
    local.setItem(STORAGE_KEYS.token, 'tok');
    const store = make();
    store.restore();
    expect(store.getState().user).toBeNull();
    expect(local.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('keeps a remembered session in localStorage and a plain one in sessionStorage', () => {
    const store = make();
    store.signIn({ me: { userid: 3, email: 'x@y.z' }, token: 't1' }, true);
    expect(local.getItem(STORAGE_KEYS.token)).toBe('t1');
    expect(JSON.parse(local.getItem(STORAGE_KEYS.user) ?? '')).toEqual({
      id: '3',
      email: 'x@y.z',
      name: '',
      avatar: '',
    });
    store.signIn({ me: { userid: 3, email: 'x@y.z' }, token: 't2' }, false);
    expect(local.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(session.getItem(STORAGE_KEYS.token)).toBe('t2');
    const fresh = make();
    fresh.restore();
    expect(fresh.getState().token).toBe('t2');
  });

  it('renews the token in the storage that held the session', () => {
    const store = make();
    store.signIn({ me: { userid: 3, email: 'x@y.z' }, token: 't1' }, true);
    store.renew({ me: { userid: 3, email: 'x@y.z' }, token: 't2' });
    expect(local.getItem(STORAGE_KEYS.token)).toBe('t2');
    store.signIn({ me: { userid: 3, email: 'x@y.z' }, token: 't3' }, false);
    store.renew({ me: { userid: 3, email: 'x@y.z' }, token: 't4' });
    expect(session.getItem(STORAGE_KEYS.token)).toBe('t4');
    expect(local.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('follows a change of e-mail address in the storage that held the session', () => {
    const store = make();
    store.signIn({ me: { userid: 7, email: 'old@example.com' }, token: 't1' }, true);
    store.setEmail('new@example.com');
    expect(store.getState().user?.email).toBe('new@example.com');
    expect(JSON.parse(local.getItem(STORAGE_KEYS.user) ?? '{}').email).toBe('new@example.com');
    expect(session.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(store.getState().token).toBe('t1');
  });

  it('signs out from both storages and tells subscribers', () => {
    const store = make();
    let calls = 0;
    store.subscribe(() => calls++);
    store.signIn({ me: { userid: 1, email: 'a@b.c' }, token: 't' }, true);
    store.signOut();
    expect(store.getState().user).toBeNull();
    expect(local.items.size + session.items.size).toBe(0);
    expect(calls).toBe(2);
  });

  it('keeps an error until it is cleared, and a sign-in clears it', () => {
    const store = make();
    store.setLoading(true);
    store.setError('Invalid email or password. Please try again.');
    store.setLoading(false);
    expect(store.getState()).toMatchObject({ loading: false, error: 'Invalid email or password. Please try again.' });
    store.clearError();
    expect(store.getState().error).toBeNull();
    store.setError('x');
    store.signIn({ me: { userid: 1, email: 'a@b.c' }, token: 't' }, false);
    expect(store.getState().error).toBeNull();
  });
});

describe('avatarLetter', () => {
  it('uses the name, then the e-mail, then U', () => {
    expect(avatarLetter({ name: 'zoe', email: 'a@b.c' })).toBe('Z');
    expect(avatarLetter({ name: '', email: 'ann@b.c' })).toBe('A');
    expect(avatarLetter({ name: ' ', email: '' })).toBe('U');
  });
});

describe('safeRedirect', () => {
  it('accepts site paths and refuses other hosts', () => {
    expect(safeRedirect('/profile?x=1')).toBe('/profile?x=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(null, '/home')).toBe('/home');
  });
});
