import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// For tests that stop and restart them: never the shared 5432 and 6379, which other runs use.

export async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(what: string, ready: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const giveUp = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > giveUp) throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function listening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((done) => {
    const c = connect(port, host);
    c.once('connect', () => {
      c.destroy();
      done(true);
    });
    c.once('error', () => done(false));
  });
}

export interface PrivateRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    child = proc;
    proc.once('error', () => {});
    await waitFor('redis-server', async () => {
      if (proc.exitCode !== null) throw new Error(`redis-server exited (${proc.exitCode}); is it installed?`);
      return listening(port);
    });
  };
  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  /** Fast shutdown: open sessions are ended (57P01), as in a restart or failover. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'pg_ctl'))) return join(root, v, 'bin');
  throw new Error('PostgreSQL programs not found under /usr/lib/postgresql (apt-get install postgresql)');
}

/** PostgreSQL refuses to run as root, so its programs run as `postgres` when this process is root. */
export async function startPrivatePostgres(options: { dir?: string } = {}): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const port = await freePort();
  const temporary = !options.dir;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'pg-'));
  mkdirSync(dir, { recursive: true });
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const [command, argv] = asPostgres
      ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
      : [join(bin, program), args];
    execFileSync(command, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'PG_VERSION'))) {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  }
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100${temporary ? ' -c fsync=off' : ''}`;
  const ctl = (action: string, ...extra: string[]) =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', settings, '-w', '-t', '30', ...extra, action]);
  const start = async () => {
    ctl('start');
    await waitFor('PostgreSQL', () => listening(port));
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    async stop() {
      ctl('stop', '-m', 'fast');
    },
    async restart() {
      ctl('restart', '-m', 'fast');
    },
    async destroy() {
      try {
        ctl('stop', '-m', temporary ? 'immediate' : 'fast');
      } catch {
        // Already stopped.
      }
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
  };
}
