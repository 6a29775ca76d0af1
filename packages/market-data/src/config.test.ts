import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@app/db/client';
import { environment } from '@app/db/config';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDataConfig } from './config.ts';
import { defaultSources } from './update.ts';

describe('market-data configuration', () => {
  it('reads DEMO_*, PRICE_* and SEC_* once, and names a bad one in one line', () => {
    const config = loadDataConfig({ DATA_DIR: '/tmp/x', DEMO_COMPANIES: '300', SEC_USER_AGENT: 'A B a@b.c' });
    expect(config.demo).toEqual({ companies: 300, seed: null });
    expect(config.prices).toEqual({ source: 'none', apiKey: null, apiUrl: null });
    expect(config.sec.userAgent).toBe('A B a@b.c');
    expect(config.database).toEqual({ engine: 'sqlite', filename: '/tmp/x/app.db' });
    expect(() => loadDataConfig({ PRICE_SOURCE: 'yahoo' })).toThrow(
      'Invalid configuration: PRICE_SOURCE must be one of none, tiingo (got "yahoo")',
    );
    expect(() => loadDataConfig({ PRICE_SOURCE: 'tiingo' })).toThrow(
      'Invalid configuration: PRICE_API_KEY is required when PRICE_SOURCE=tiingo',
    );
    expect(() => loadDataConfig({ SEC_DATA_URL: 'ftp://x' })).toThrow(
      'Invalid configuration: SEC_DATA_URL must be an http:// or https:// URL (got "ftp://x")',
    );
  });

  it('gives the daily update the vendor it is handed, never one from the environment', async () => {
    const db = {} as Db;
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { PRICE_SOURCE: 'tiingo', PRICE_API_KEY: 'from-the-environment' });
      expect(await defaultSources('real', db, undefined)).toBeNull();
      expect(await defaultSources('real', db, { source: 'none', apiKey: null, apiUrl: null })).toBeNull();
      const tiingo = await defaultSources('real', db, { source: 'tiingo', apiKey: 'k', apiUrl: 'http://127.0.0.1:9' });
      expect(tiingo).not.toBeNull();
    } finally {
      process.env = saved;
    }
  });
});

describe('.env', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dotenv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fills in what the environment leaves unset, from the directory npm was run from', () => {
    writeFileSync(
      join(dir, '.env'),
      ['# a comment', 'DEMO_COMPANIES=300', 'DEMO_SEED="7"', 'DATA_DIR=./from-file', 'PRICE_SOURCE='].join('\n'),
    );
    const env = environment({ INIT_CWD: dir, DEMO_SEED: '9' });
    expect(env).toMatchObject({ DEMO_COMPANIES: '300', DEMO_SEED: '9', DATA_DIR: './from-file', PRICE_SOURCE: '' });
    const config = loadDataConfig(env);
    expect(config.demo).toEqual({ companies: 300, seed: 9 });
    expect(config.dataDir).toBe(join(dir, 'from-file'));
  });

  it('stops with the usual one line on a bad value in the file', () => {
    writeFileSync(join(dir, '.env'), 'DEMO_COMPANIES=lots\n');
    expect(() => loadDataConfig(environment({ INIT_CWD: dir }))).toThrow(
      'Invalid configuration: DEMO_COMPANIES must be a whole number from 1 to 31790 (got "lots")',
    );
  });
});
