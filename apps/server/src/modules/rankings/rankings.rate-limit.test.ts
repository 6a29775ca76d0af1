import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../env.ts';
import { RANKINGS_CSV_PER_MINUTE } from './rankings.routes.ts';

describe('rankings CSV limit', () => {
  it('gives the ranking export a tight limit of its own, per client', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rankings-limit-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000',
    });
    const db = await createTestDb('sqlite');
    const app = await buildApp({ config, db, web: false, logger: false, rateLimitPrefix: 'rankings-csv' });
    try {
      await app.ready();
      const csv = (remoteAddress: string) =>
        app.inject({ url: '/api/companies/top.csv?year=2024', remoteAddress, headers: { 'user-agent': 'curl/8' } });
      for (let i = 0; i < RANKINGS_CSV_PER_MINUTE; i += 1) expect((await csv('198.51.100.7')).statusCode).toBe(200);
      const limited = await csv('198.51.100.7');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect((await csv('198.51.100.8')).statusCode).toBe(200);
      // Pages stay open to the client that used up its downloads.
      const page = await app.inject({ url: '/api/companies/top?year=2024', remoteAddress: '198.51.100.7' });
      expect(page.statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
