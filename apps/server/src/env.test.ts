import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'env-test-'));

describe('loadConfig', () => {
  it('has working defaults: port 3000, SQLite under DATA_DIR, the token secret left to the database', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ engine: 'sqlite', filename: join(dir, 'app.db') });
    // Shared through the database by every process on it (auth.secret.test.ts); nothing written here.
    expect(config.jwtSecret).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('selects PostgreSQL from a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@127.0.0.1:5432/app' });
    expect(config.database).toEqual({ engine: 'postgres', connectionString: 'postgres://u@127.0.0.1:5432/app' });
  });

  it('sizes the demo universe from DEMO_COMPANIES and DEMO_SEED, rejecting bad values by name', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).demo).toEqual({ companies: 10_000, seed: null });
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_COMPANIES: '300', DEMO_SEED: '5' }).demo).toEqual({
      companies: 300,
      seed: 5,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), DEMO_COMPANIES: 'lots' })).toThrow(
      'Invalid configuration: DEMO_COMPANIES must be a whole number from 1 to 31790 (got "lots")',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), DEMO_COMPANIES: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DEMO_SEED: '-1' })).toThrow(
      'Invalid configuration: DEMO_SEED must be a whole number from 0 to 2147483647 (got "-1")',
    );
  });

  it('reads TRUST_PROXY as off, true, a hop count or proxy addresses', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be/);
  });

  it("reads TRUSTED_HOSTS as a list of hosts, unset meaning each request's own Host", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).trustedHosts).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, TRUSTED_HOSTS: ' ' }).trustedHosts).toBeNull();
    expect(
      loadConfig({ DATA_DIR: dir, TRUSTED_HOSTS: 'WWW.Example.com, *.example.org,127.0.0.1:3000,[::1]:8080' })
        .trustedHosts,
    ).toEqual(['www.example.com', '*.example.org', '127.0.0.1:3000', '[::1]:8080']);
    for (const bad of ['https://example.com', 'example.com/path', 'a b', 'example.com:port']) {
      expect(() => loadConfig({ DATA_DIR: dir, TRUSTED_HOSTS: bad })).toThrow(/TRUSTED_HOSTS must be host names/);
    }
  });

  it('drops a trailing slash from SITE_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SITE_URL: 'https://example.com/' }).siteUrl).toBe('https://example.com');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number from 0 to 65535 \(got "abc"\)/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'nonsense' }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ SITE_URL: 'example.com' }, /SITE_URL must be an http:\/\/ or https:\/\/ URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ NODE_ENV: 'production' }, /JWT_SECRET is required when NODE_ENV=production/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
  ])('rejects %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('names every bad variable in one line', () => {
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', DATABASE_URL: 'nonsense' });
      expect.unreachable();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).not.toContain('\n');
    }
  });
});
