import { tmpdir } from 'node:os';
import { createTestDb } from '@app/db/testing';
import { DOMAIN_ERROR_CODES, type DomainErrorCode } from '@app/shared/api-error';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import * as errors from './errors.ts';

// Each helper a service calls, and the answer the API gives for it.
const HELPERS: Record<DomainErrorCode, { helper: () => errors.AppError; status: number }> = {
  INSUFFICIENT_POINTS: { helper: () => errors.insufficientPoints(), status: 422 },
  PICK_NOT_FOUND: { helper: () => errors.pickNotFound(), status: 404 },
  PICK_CLOSED: { helper: () => errors.pickClosed(), status: 409 },
  ORDER_NOT_FOUND: { helper: () => errors.orderNotFound(), status: 404 },
  ORDER_NOT_PENDING: { helper: () => errors.orderNotPending('filled'), status: 409 },
  UNKNOWN_TICKER: { helper: () => errors.unknownTicker('ZZZZ'), status: 400 },
  NO_PRICE: { helper: () => errors.noPrice('ZZZZ'), status: 400 },
  EMAIL_TAKEN: { helper: () => errors.emailTaken(), status: 409 },
  USERNAME_TAKEN: { helper: () => errors.usernameTaken(), status: 409 },
  INVALID_CREDENTIALS: { helper: () => errors.invalidCredentials(), status: 401 },
  RATE_LIMITED: { helper: () => errors.rateLimited(), status: 429 },
  UPDATE_RUNNING: { helper: () => errors.updateRunning(), status: 409 },
  INVALID_RESET_TOKEN: { helper: () => errors.invalidResetToken(), status: 400 },
  INVALID_REVERT_TOKEN: { helper: () => errors.invalidRevertToken(), status: 400 },
  WRONG_PASSWORD: { helper: () => errors.wrongPassword(), status: 403 },
  GOOGLE_NOT_CONFIGURED: { helper: () => errors.googleNotConfigured(), status: 503 },
  GOOGLE_TOKEN_INVALID: { helper: () => errors.googleTokenInvalid(), status: 401 },
  GAME_NOT_FOUND: { helper: () => errors.gameNotFound(), status: 404 },
  NOT_A_PLAYER: { helper: () => errors.notAPlayer(), status: 403 },
  WRONG_INVITE_CODE: { helper: () => errors.wrongInviteCode(), status: 403 },
  GAME_ENDED: { helper: () => errors.gameEnded('2026-12-31'), status: 409 },
  GAME_RULE: { helper: () => errors.gameRule("This game's rules allow market orders only"), status: 422 },
  NOT_GAME_CREATOR: { helper: () => errors.notGameCreator(), status: 403 },
};

describe('domain errors through the error handler', () => {
  let app: FastifyInstance;
  let closeDb: () => Promise<void>;
  const probe: FastifyPluginAsyncZod = async (api) => {
    api.get(
      '/probe/refuse/:code',
      { config: { auth: 'none' }, schema: { params: z.object({ code: z.enum(Object.values(DOMAIN_ERROR_CODES)) }) } },
      async (request) => {
        throw HELPERS[request.params.code].helper();
      },
    );
  };
  beforeAll(async () => {
    const db = await createTestDb('sqlite');
    closeDb = db.close;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: tmpdir(),
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    });
    app = await buildApp({ config, db, web: false, logger: false });
    await app.register(probe, { prefix: '/api' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await closeDb?.();
  });

  it.each(Object.entries(HELPERS))('%s answers {error, code} with its status', async (code, { helper, status }) => {
    const res = await app.inject(`/api/probe/refuse/${code}`);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: helper().message, code });
  });

  it('names the ticker an unknown-ticker refusal is about', () => {
    expect(errors.unknownTicker('ZZZZ').message).toBe("Unknown ticker 'ZZZZ'");
  });
});
