// `npm run cluster` (README, "Running several processes"). SIGHUP restarts the server processes one at a
// time with no failed request. Without DATABASE_URL and REDIS_URL a private PostgreSQL (<dir>/postgres)
// and Redis are used; other settings pass through to the processes.
//
//   npm run cluster -- [--processes 2] [--host 127.0.0.1] [--port 8080] [--dir ./data-cluster]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from './cluster/cluster.ts';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8080' },
    dir: { type: 'string', default: './data-cluster' },
  },
});
const processes = Number(values.processes);
const port = Number(values.port);
if (!Number.isInteger(processes) || processes < 1 || !Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error('Usage: npm run cluster -- [--processes N] [--host ADDRESS] [--port N] [--dir DIR]');
  process.exit(2);
}
const dir = resolve(process.env.INIT_CWD ?? process.cwd(), values.dir);
const env: Record<string, string> = {};
for (const [name, value] of Object.entries(process.env)) {
  if (value !== undefined && !name.startsWith('npm_')) env[name] = value;
}

console.info(`Starting ${processes} server processes behind nginx (files in ${dir})...`);
const cluster = await startCluster({
  dir,
  processes,
  host: values.host,
  port,
  databaseUrl: process.env.DATABASE_URL,
  redisUrl: process.env.REDIS_URL,
  postgresDir: resolve(dir, 'postgres'),
  env,
  onOutput: (index, line) => console.info(`[server ${index}] ${line}`),
});
console.info(
  `\nThe site is at ${cluster.url} (nginx), served by ${cluster.processes.map((p) => p.url).join(', ')}.\n` +
    `PostgreSQL: ${cluster.databaseUrl}  Redis: ${cluster.redisUrl}\n` +
    `SIGHUP (kill -HUP ${process.pid}) restarts the servers one at a time; Ctrl-C stops everything.`,
);

let busy = false;
process.on('SIGHUP', () => {
  if (busy) return;
  busy = true;
  cluster
    .rollingRestart((index) => console.info(`Restarting server ${index}...`))
    .then(
      () => console.info('Rolling restart done.'),
      (err) => console.error(`Rolling restart failed: ${(err as Error).message}`),
    )
    .finally(() => {
      busy = false;
    });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.info('Stopping...');
    cluster.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
