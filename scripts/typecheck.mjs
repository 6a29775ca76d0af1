#!/usr/bin/env node
// `npm run typecheck`: every workspace's own check (`npm run typecheck` in it) and the scripts', run
// side by side up to the machine's cores (tsc is single-threaded), each one's output printed whole
// when it ends. Exits 1 if any failed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const jobs = [];
for (const pattern of workspaces) {
  const dir = pattern.replace(/\/\*$/, '');
  for (const name of readdirSync(join(root, dir))) {
    const pkg = join(root, dir, name, 'package.json');
    if (!existsSync(pkg)) continue;
    if (JSON.parse(readFileSync(pkg, 'utf8')).scripts?.typecheck) {
      jobs.push({
        label: `${dir}/${name}`,
        cwd: join(root, dir, name),
        command: 'npm',
        args: ['run', '--silent', 'typecheck'],
      });
    }
  }
}
jobs.push({ label: 'scripts', cwd: root, command: 'npx', args: ['tsc', '-p', 'scripts'] });
// The slowest first, so the last to start is a short one.
const SLOWEST = ['scripts', 'apps/web', 'apps/server'];
const rank = (job) => (SLOWEST.includes(job.label) ? SLOWEST.indexOf(job.label) : SLOWEST.length);
jobs.sort((a, b) => rank(a) - rank(b));

function run(job) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(job.command, job.args, { cwd: job.cwd, env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`typecheck ${job.label}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...jobs];
const results = [];
const workers = Array.from({ length: Math.min(availableParallelism(), 4) }, async () => {
  for (let job = queue.shift(); job; job = queue.shift()) results.push(await run(job));
});
await Promise.all(workers);
process.exit(results.every(Boolean) ? 0 : 1);
