import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbConfig } from './client.ts';
import { withStartupLock } from './startup-lock.ts';
import { testEngines } from './testing.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configFor(engine: 'sqlite' | 'postgres'): DbConfig {
  if (engine === 'postgres') {
    // The lock is per schema: a name of its own keeps parallel test files apart.
    return {
      engine,
      connectionString: process.env.TEST_DATABASE_URL as string,
      searchPath: `lock_${randomBytes(5).toString('hex')}`,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'startup-lock-'));
  dirs.push(dir);
  return { engine, filename: join(dir, 'app.db') };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testEngines())('the start-up lock on %s', (engine) => {
  it('lets one process at a time do first-start work; the others wait, then run', async () => {
    const config = configFor(engine);
    const events: string[] = [];
    let waited = 0;
    const job = (name: string) =>
      withStartupLock(
        config,
        async () => {
          events.push(`${name} start`);
          await sleep(300);
          events.push(`${name} end`);
          return name;
        },
        { onWait: () => (waited += 1), pollMs: 20 },
      );
    const results = await Promise.all([job('a'), job('b'), job('c')]);
    expect(results).toEqual(['a', 'b', 'c']);
    // Never two at once: every start is followed by its own end.
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i]?.replace(' start', '')).toBe(events[i + 1]?.replace(' end', ''));
    }
    expect(waited).toBe(2);
  });

  it('is released when the work fails', async () => {
    const config = configFor(engine);
    await expect(
      withStartupLock(config, async () => {
        throw new Error('migration failed');
      }),
    ).rejects.toThrow('migration failed');
    expect(await withStartupLock(config, async () => 'next')).toBe('next');
  });

  it('is released when the process holding it is killed', async () => {
    // The holder keeps a timer (or its process ends) and its work's promise reachable: an unreachable pending
    // promise lets the collector take the waiting lock holder, whose lock connection is then closed.
    const config = configFor(engine);
    const lockModule = join(import.meta.dirname, 'startup-lock.ts');
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(lockModule)}).then(({ withStartupLock }) =>
          withStartupLock(${JSON.stringify(config)}, () => { console.log('held'); setInterval(() => {}, 1000); return (globalThis.held = new Promise(() => {})); }))`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((done) => holder.stdout?.on('data', (d) => String(d).includes('held') && done()));
    let waited = false;
    const next = withStartupLock(config, async () => 'after', { onWait: () => (waited = true), pollMs: 20 });
    await sleep(200);
    holder.kill('SIGKILL');
    expect(await next).toBe('after');
    expect(waited).toBe(true);
  }, 30_000);
});
