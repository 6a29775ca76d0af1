import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
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

/**
 * The real server process on a database that needs no demo build: `node` as a process manager
 * should start it, or through `npm run serve`.
 */
async function startServer(
  via: 'node' | 'npm' = 'node',
): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
  const handle = createDb({ engine: 'sqlite', filename: join(dataDir, 'app.db') });
  await migrateToLatest(handle.db);
  await setMeta(handle.db, META_KEYS.source, 'real');
  await setMeta(handle.db, META_KEYS.dataDate, '2026-11-20');
  await handle.close();
  const port = await freePort();
  const [command, args] =
    via === 'npm'
      ? ['npm', ['run', '--silent', 'serve']]
      : [process.execPath, ['--import', 'tsx', join(REPO, 'apps/server/src/server.ts')]];
  const child = spawn(command, args, {
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

interface Outcome {
  /** When the request's connection was open (0: reused), and whether that was before the signal. */
  connectedAt: number;
  status?: number;
  error?: string;
}

/** One GET; resolves with the status or the socket error, never rejects. */
function get(port: number, path: string, agent: Agent | false): Promise<Outcome> {
  return new Promise((resolve) => {
    let connectedAt = Number.POSITIVE_INFINITY;
    const headers: Record<string, string> = { cookie: 'visited=1' };
    if (!agent) headers.connection = 'close';
    const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.resume();
      res.once('end', () => resolve({ connectedAt, status: res.statusCode }));
      res.once('error', (err: NodeJS.ErrnoException) => resolve({ connectedAt, error: err.code ?? err.message }));
    });
    req.once('socket', (socket) => {
      if (!socket.connecting) connectedAt = 0;
      else socket.once('connect', () => (connectedAt = performance.now()));
    });
    req.once('error', (err: NodeJS.ErrnoException) => resolve({ connectedAt, error: err.code ?? err.message }));
    req.end();
  });
}

describe('npm run serve', () => {
  it('passes SIGTERM on to the server, which exits instead of serving on orphaned', async () => {
    const { child, port, exited } = await startServer('npm');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The server itself is gone: its port refuses connections.
    let refused = false;
    for (let i = 0; i < 30 && !refused; i += 1) {
      refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => false,
        () => true,
      );
      if (!refused) await new Promise((r) => setTimeout(r, 100));
    }
    expect(refused).toBe(true);
  }, 60_000);
});

describe('shutdown under load', () => {
  it('answers every request received before SIGTERM: no 5xx, no reset, Connection: close clients included', async () => {
    const { child, port, exited } = await startServer();
    // Server-rendered pages (the cookie keeps them out of the page cache, so each one calls the
    // API in process) and API reads, from clients that close after each answer and keep-alive ones.
    const paths = ['/', '/api/meta', '/news', '/api/companies/eod'];
    const outcomes: Outcome[] = [];
    let signalAt = Number.POSITIVE_INFINITY;
    const client = async (agent: Agent | false, offset: number) => {
      for (let i = offset; ; i += 1) {
        const outcome = await get(port, paths[i % paths.length] as string, agent);
        outcomes.push(outcome);
        // Refused: the server has stopped listening; this client is done.
        if (outcome.error === 'ECONNREFUSED' || i > 5_000) return;
        if (outcome.error && outcome.connectedAt > signalAt) return;
      }
    };
    const clients = [
      ...Array.from({ length: 16 }, (_, i) => client(false, i)),
      ...Array.from({ length: 4 }, (_, i) => client(new Agent({ keepAlive: true, maxSockets: 1 }), i)),
    ];
    await new Promise((r) => setTimeout(r, 1_500));
    signalAt = performance.now();
    child.kill('SIGTERM');
    await Promise.all(clients);
    expect(await exited).toBe(0);
    const exitedAfter = performance.now() - signalAt;

    // Received = sent on a connection open before the signal: every one answered, none with a 5xx.
    const received = outcomes.filter((o) => o.connectedAt < signalAt);
    const unanswered = received.filter((o) => o.status === undefined);
    const failed = received.filter((o) => (o.status ?? 0) >= 500);
    console.info(
      `shutdown under load: ${outcomes.length} requests, ${received.length} received, ` +
        `${unanswered.length} unanswered (${[...new Set(unanswered.map((o) => o.error))].join(', ') || 'none'}), ` +
        `${failed.length} 5xx, ${outcomes.length - received.length} after the signal ` +
        `(${outcomes.filter((o) => o.connectedAt > signalAt && o.status).length} answered); exit ${Math.round(exitedAfter)} ms after the signal`,
    );
    expect(received.length).toBeGreaterThan(20);
    expect(unanswered).toEqual([]);
    expect(failed).toEqual([]);
  }, 60_000);
});
