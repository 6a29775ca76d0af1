import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DbEnvSchema, dbConfigFrom, environment, parseEnvironment } from './config.ts';

// The database's variables; the market data's (DEMO_*, PRICE_*, SEC_*) are tested with their parser.
const loadDbConfig = (env: NodeJS.ProcessEnv) => dbConfigFrom(parseEnvironment(DbEnvSchema, env), env);

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
    expect(loadDbConfig(env).dataDir).toBe(join(dir, 'from-file'));
  });

  it('stops with the usual one line on a bad value in the file', () => {
    writeFileSync(join(dir, '.env'), 'DATABASE_URL=mysql://x\n');
    expect(() => loadDbConfig(environment({ INIT_CWD: dir }))).toThrow(
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (leave it unset for SQLite) (got "mysql://x")',
    );
  });

  it('changes nothing without a file, reads the one ENV_FILE names, and names a file it cannot read', () => {
    const empty = mkdtempSync(join(tmpdir(), 'dotenv-none-'));
    const source = { INIT_CWD: empty, PORT: '1' };
    expect(environment(source)).toBe(source);
    expect(() => environment({ INIT_CWD: empty, ENV_FILE: 'settings.env' })).toThrow(
      `Invalid configuration: cannot read ${join(empty, 'settings.env')} (ENOENT)`,
    );
    writeFileSync(join(empty, 'settings.env'), 'PORT=2\n');
    expect(environment({ INIT_CWD: empty, ENV_FILE: 'settings.env' }).PORT).toBe('2');
    rmSync(empty, { recursive: true });
    if (process.getuid?.() === 0) return; // root reads any file
    writeFileSync(join(dir, '.env'), 'PORT=1\n');
    chmodSync(join(dir, '.env'), 0o000);
    expect(() => environment({ INIT_CWD: dir })).toThrow(ConfigError);
    expect(() => environment({ INIT_CWD: dir })).toThrow(/^Invalid configuration: cannot read .*\.env \(EACCES\)$/);
    chmodSync(join(dir, '.env'), 0o600);
  });
});
