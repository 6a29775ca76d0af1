// Shared by `npm run cluster` and the fault suite (scripts/faults/).
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import {
  freePort,
  type PrivatePostgres,
  type PrivateRedis,
  startPrivatePostgres,
  startPrivateRedis,
} from '@app/server/testing';
import { type Nginx, startNginx, type Upstream } from './nginx.ts';

const REPO = join(import.meta.dirname, '../..');
const SERVER = join(REPO, 'apps/server/src/server.ts');

export interface ClusterOptions {
  dir: string;
  processes?: number;
  /** nginx's address (default 127.0.0.1 and a free port). */
  host?: string;
  port?: number;
  /** An existing PostgreSQL / Redis; without one, a private one is started (and stopped with the cluster). */
  databaseUrl?: string;
  redisUrl?: string;
  /** Where the private PostgreSQL keeps its files between runs (default: a temp directory, removed). */
  postgresDir?: string;
  /** Environment every process gets besides the cluster's own (e.g. DEMO_COMPANIES, JWT_SECRET). */
  env?: Record<string, string>;
  /** One DATA_DIR per process, as on separate machines (default: one shared). */
  separateDataDirs?: boolean;
  /** Where each process's output goes besides its log file (the CLI prefixes and prints it). */
  onOutput?: (process: number, line: string) => void;
}

export interface ServerProcess {
  index: number;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface Cluster {
  url: string;
  databaseUrl: string;
  redisUrl: string;
  processes: ServerProcess[];
  postgres?: PrivatePostgres;
  redis?: PrivateRedis;
  startProcess(index: number): Promise<ServerProcess>;
  /**
   * SIGTERM makes a process answer what it received, then refuse (nginx retries elsewhere). nginx is not
   * reloaded: a reload closes idle keep-alive connections and a client reusing one sees a reset.
   */
  rollingRestart(onEach?: (index: number) => void): Promise<void>;
  stop(): Promise<void>;
}

export async function waitHealthy(url: string, timeoutMs = 120_000, child?: ChildProcess): Promise<void> {
  const giveUp = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server at ${url} exited (${child.exitCode})`);
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > giveUp) throw new Error(`${url} was not healthy within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.processes ?? 2;
  mkdirSync(options.dir, { recursive: true });
  const postgres = options.databaseUrl
    ? undefined
    : await startPrivatePostgres(options.postgresDir ? { dir: options.postgresDir } : {});
  const redis = options.redisUrl ? undefined : await startPrivateRedis();
  const databaseUrl = options.databaseUrl ?? (postgres as PrivatePostgres).url;
  const redisUrl = options.redisUrl ?? (redis as PrivateRedis).url;
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort());
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const ports: number[] = [];
  for (let i = 0; i < count; i += 1) ports.push(await freePort());
  const logs: WriteStream[] = [];

  const spawnProcess = (index: number): ServerProcess => {
    const serverPort = ports[index - 1] as number;
    const dataDir = join(options.dir, options.separateDataDirs ? `data-${index}` : 'data');
    mkdirSync(dataDir, { recursive: true });
    // As a process manager should start it: node itself, so signals reach the server.
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      cwd: REPO,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TZ: process.env.TZ ?? 'UTC',
        ...options.env,
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        SITE_URL: options.env?.SITE_URL ?? url,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        // Only nginx (on this machine) may say who the client is.
        TRUST_PROXY: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = createWriteStream(join(options.dir, `server-${index}.log`), { flags: 'a' });
    logs.push(log);
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.on('data', (chunk: Buffer) => {
        log.write(chunk);
        if (!options.onOutput) return;
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) options.onOutput(index, line);
      });
    }
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    return { index, port: serverPort, url: `http://127.0.0.1:${serverPort}`, child, exited };
  };

  // All at once, as a process manager starts them: the first migrates and builds, the others wait.
  const processes = ports.map((_, i) => spawnProcess(i + 1));
  const upstreams: Upstream[] = ports.map((p) => ({ port: p }));
  let nginx: Nginx | undefined;
  const stopAll = async () => {
    await nginx?.stop();
    await Promise.all(
      processes.map(async (p) => {
        if (p.child.exitCode === null) p.child.kill('SIGTERM');
        await p.exited;
      }),
    );
    for (const log of logs) log.end();
    await redis?.destroy();
    await postgres?.destroy();
  };
  try {
    await Promise.all(processes.map((p) => waitHealthy(p.url, 300_000, p.child)));
    nginx = await startNginx({ dir: join(options.dir, 'nginx'), host, port, upstreams });
  } catch (err) {
    await stopAll();
    throw err;
  }

  const startProcess = async (index: number) => {
    const p = spawnProcess(index);
    processes[index - 1] = p;
    await waitHealthy(p.url, 120_000, p.child);
    return p;
  };

  return {
    url,
    databaseUrl,
    redisUrl,
    processes,
    postgres,
    redis,
    startProcess,
    async rollingRestart(onEach) {
      for (const p of [...processes]) {
        onEach?.(p.index);
        const old = processes[p.index - 1] as ServerProcess;
        old.child.kill('SIGTERM');
        const code = await old.exited;
        if (code !== 0) throw new Error(`server ${p.index} exited with ${code} on SIGTERM`);
        await startProcess(p.index);
      }
    },
    stop: stopAll,
  };
}
