import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `.env.example` says to copy it to `.env`: the npm scripts read it from the directory npm runs
 * in, and a bad value there stops them with the same one line as a bad environment variable.
 */
describe('npm scripts read .env', () => {
  const dir = mkdtempSync(join(tmpdir(), 'env-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (args: string[], envFile: string, extra: Record<string, string>) => {
    writeFileSync(join(dir, '.env'), envFile);
    // Nothing of this process's own settings may stand in for the file's. ENV_FILE points at the
    // test's file: the repository's own `.env` (a developer's) stays out of it.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(PORT|DATA_DIR|DATABASE_URL|DEMO_\w+|INIT_CWD|npm_\w+)$/.test(k)),
    );
    env.ENV_FILE = join(dir, '.env');
    Object.assign(env, extra);
    return spawnSync('npm', ['--silent', ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  };

  it.each([
    [
      ['run', 'serve'],
      'PORT=abc\n',
      // Were the file ignored, the site would start: then on a tiny universe out of the way.
      { DATA_DIR: join(dir, 'data'), DEMO_COMPANIES: '1', HOST: '127.0.0.1' },
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")',
    ],
    [
      ['run', 'data', '--', 'stats'],
      `DATA_DIR=${join(dir, 'data')}\nDEMO_COMPANIES=lots\n`,
      {},
      'Invalid configuration: DEMO_COMPANIES must be a whole number from 1 to 31790 (got "lots")',
    ],
  ])('npm %j stops on a bad .env value with one line', (args, envFile, extra, line) => {
    const result = run(args, envFile, extra);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toContain(line);
  });
});
