import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JOURNEY_DEMO, TEMPLATE_ENV } from './demo-template.ts';

const REPO = resolve(import.meta.dirname, '../../..');

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/** The real site on a free port with a fresh DATA_DIR; needs the web build (`npm run build`). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const url = `http://127.0.0.1:${port}`;
  // The journeys' demo universe, built once by their global setup, when the server is to build that one.
  const template = process.env[TEMPLATE_ENV];
  if (template && !env.DATA_DIR && !env.DEMO_COMPANIES && !env.DEMO_SEED)
    copyFileSync(template, join(dataDir, 'app.db'));
  const child: ChildProcess = spawn(join(REPO, 'node_modules/.bin/tsx'), [join(REPO, 'apps/server/src/server.ts')], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: url,
      LOG_LEVEL: 'warn',
      // A fresh DATA_DIR builds the demo universe before listening: keep it small here.
      DEMO_COMPANIES: String(JOURNEY_DEMO.companies),
      // The public default seed (@app/market-data/config): journeys run on one known universe, not a drawn one.
      DEMO_SEED: String(JOURNEY_DEMO.seed),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up (code ${child.exitCode})`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The server did not become healthy within 90 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
