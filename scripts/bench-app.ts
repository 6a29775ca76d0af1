// The app as the instruments run it: production settings, silent, in a data directory of their own.
import type { DbHandle } from '@app/db/client';
import { buildApp } from '@app/server/app';
import { loadConfig } from '@app/server/env';
import type { FastifyInstance } from 'fastify';

export function buildBenchApp(handle: DbHandle, dataDir: string, web: boolean): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    PORT: '0',
    // Throughput from one address: the per-client limits would answer most of it with 429s.
    RATE_LIMIT_PER_MINUTE: '0',
  });
  return buildApp({ config, db: handle, web, logger: false });
}
