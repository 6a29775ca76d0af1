import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb, migrateToLatest } from '@app/db/client';
import { META_KEYS, setMeta } from '@app/market-data/meta';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server process (`npm run serve`) on a database that needs no demo build. */
async function startServer(): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
  const handle = createDb({ engine: 'sqlite', filename: join(dataDir, 'app.db') });
  await migrateToLatest(handle.db);
  await setMeta(handle.db, META_KEYS.source, 'real');
  await setMeta(handle.db, META_KEYS.dataDate, '2026-11-20');
  await handle.close();
  const port = await freePort();
  // As `npm run serve` starts it: one Node process, so signals reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'apps/server/src/server.ts')], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((r) =>
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      r(code);
    }),
  );
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port, exited };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** A socket that sent headers promising a body it never sends, plus an idle keep-alive one. */
async function holdSockets(port: number): Promise<Socket[]> {
  const slow = connect(port, '127.0.0.1');
  slow.on('error', () => {});
  slow.write(
    'POST /api/meta HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{',
  );
  const idle = connect(port, '127.0.0.1');
  idle.on('error', () => {});
  await new Promise<void>((done) => {
    idle.once('data', () => done());
    idle.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  });
  return [slow, idle];
}

describe('graceful shutdown of the server process', () => {
  let sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets) s.destroy();
    sockets = [];
  });

  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'on %s closes idle and unfinished connections and exits 0',
    async (signal) => {
      const { child, port, exited } = await startServer();
      sockets = await holdSockets(port);
      const started = Date.now();
      child.kill(signal);
      const code = await exited;
      // The force timer (10 s) would exit 1; a clean shutdown exits 0 long before it.
      expect(code).toBe(0);
      expect(Date.now() - started).toBeLessThan(8_000);
    },
    60_000,
  );
});
