import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, environment } from './config.ts';

describe('.env', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dotenv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
