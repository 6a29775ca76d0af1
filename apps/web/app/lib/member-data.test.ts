import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from './api-client';
import { authStore } from './auth-state';
import { loaded, loadForMember, runMemberAction } from './member-data';

const signIn = () => authStore.signIn({ me: { userid: 7, email: 'jo@example.com' }, token: 'a-token' }, false);

function actionRequest(body: unknown): Request {
  return new Request('http://localhost/simulator', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('member page loading', () => {
  afterEach(() => {
    authStore.signOut();
    vi.restoreAllMocks();
  });

  it('answers signed-out without calling the API when the browser holds no token', async () => {
    const load = vi.fn(async () => 1);
    expect(await loadForMember(load, { error: 'Failed' })).toEqual({ status: 'signed-out' });
    expect(load).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to sign in when the page asks for it, back to the page after', async () => {
    const thrown = await loadForMember(async () => 1, { error: 'Failed', loginRedirect: '/profile' }).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toBe('/login?redirectTo=%2Fprofile');
  });

  it("gives a member the data, or the server's message, else the page's fallback", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await loadForMember(async () => ({ picks: 2 }), { error: 'Failed' })).toEqual({
      status: 'ready',
      data: { picks: 2 },
    });
    const refused = async () => {
      throw new ApiClientError(500, 'Database unavailable');
    };
    expect(await loadForMember(refused, { error: 'Failed to fetch portfolio' })).toEqual({
      status: 'failed',
      error: 'Database unavailable',
    });
    const bare = async () => {
      throw new ApiClientError(502, 'HTTP error! status: 502');
    };
    expect(await loaded(bare, 'Failed to fetch portfolio')).toEqual({
      status: 'failed',
      error: 'Failed to fetch portfolio',
    });
  });

  it('counts a failure that ended the session as signed out', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const expired = async () => {
      authStore.signOut(); // what the API client does on a 401
      throw new ApiClientError(401, 'Your session has expired');
    };
    expect(await loadForMember(expired, { error: 'Failed' })).toEqual({ status: 'signed-out' });
  });
});

describe('member page actions', () => {
  type Intents = { sell: { pickid: number }; buy: { ticker: string } };

  it('runs the handler the intent names with its payload', async () => {
    const sold: number[] = [];
    const result = await runMemberAction<Intents>(actionRequest({ intent: 'sell', payload: { pickid: 4 } }), {
      sell: { run: async (p) => sold.push(p.pickid), error: 'Failed to sell stock' },
      buy: { run: async () => {}, error: 'Failed to buy stock' },
    });
    expect(result).toEqual({ intent: 'sell', ok: true });
    expect(sold).toEqual([4]);
  });

  it("answers a failure with the server's message or the intent's fallback, without throwing", async () => {
    const handlers = {
      sell: {
        run: async () => {
          throw new ApiClientError(404, 'Position not found');
        },
        error: 'Failed to sell stock',
      },
      buy: {
        run: async () => {
          throw new Error('offline');
        },
        error: 'Failed to buy stock',
      },
    };
    expect(await runMemberAction<Intents>(actionRequest({ intent: 'sell', payload: { pickid: 1 } }), handlers)).toEqual(
      { intent: 'sell', ok: false, error: 'Position not found' },
    );
    expect(
      await runMemberAction<Intents>(actionRequest({ intent: 'buy', payload: { ticker: 'A' } }), handlers),
    ).toEqual({ intent: 'buy', ok: false, error: 'Failed to buy stock' });
    expect(await runMemberAction<Intents>(actionRequest({ intent: 'short', payload: {} }), handlers)).toMatchObject({
      ok: false,
      error: "Unknown action 'short'",
    });
  });
});
