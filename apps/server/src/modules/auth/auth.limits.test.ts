import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../../plugins/error-handler.ts';
import { clientKey, limiter } from './auth.limits.ts';

describe('limiter', () => {
  it('allows max requests per key and window, then answers 429 with Retry-After until the window ends', async () => {
    let now = 0;
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    const limit = limiter({ max: 2, windowMs: 60_000, message: 'Too many tries' }, clientKey, () => now);
    app.get('/x', { preHandler: limit }, async () => ({ ok: true }));
    const hit = (ip: string) => app.inject({ url: '/x', remoteAddress: ip });
    expect((await hit('10.0.0.1')).statusCode).toBe(200);
    expect((await hit('10.0.0.1')).statusCode).toBe(200);
    const third = await hit('10.0.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('60');
    expect(third.json()).toEqual({ error: 'Too many tries. Please try again in 1 minute.', code: 'TOO_MANY_REQUESTS' });
    expect((await hit('10.0.0.2')).statusCode).toBe(200);
    now = 60_000;
    expect((await hit('10.0.0.1')).statusCode).toBe(200);
    await app.close();
  });
});
