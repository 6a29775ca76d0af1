// Run in the foreground from a directory of its own: no system configuration, no root.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Upstream {
  port: number;
}

export interface NginxOptions {
  dir: string;
  host: string;
  port: number;
  upstreams: Upstream[];
}

export const NGINX = '/usr/sbin/nginx';

/**
 * - `proxy_next_upstream`: a refused request goes to the next process (never a sent non-idempotent one),
 *   which is how a rolling restart takes one out.
 * - `max_fails=0`: otherwise, with the database restarting under every process, nginx answers 502 to
 *   everything until fail_timeout ends.
 * - No upstream keep-alive: a stopping process has no idle connection nginx might reuse.
 * - `X-Forwarded-For` (trusted from 127.0.0.1 only), so rate limits count visitors, not nginx.
 */
export function nginxConfig(opts: NginxOptions): string {
  const temp = (name: string) => join(opts.dir, 'tmp', name);
  const servers = opts.upstreams.map((u) => `    server 127.0.0.1:${u.port} max_fails=0;`).join('\n');
  return `# Written by scripts/cluster: do not edit, it is rewritten on every start.
worker_processes 1;
pid ${join(opts.dir, 'nginx.pid')};
error_log ${join(opts.dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size 2m;
  upstream stockgurus {
${servers}
  }
  server {
    listen ${opts.host}:${opts.port};
    location / {
      proxy_pass http://stockgurus;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries ${opts.upstreams.length};
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

export interface Nginx {
  stop(): Promise<void>;
}

export async function startNginx(opts: NginxOptions): Promise<Nginx> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} not found: install Debian's nginx (apt-get install -y nginx)`);
  }
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(opts.dir, 'tmp', name), { recursive: true });
    // The worker runs as nobody when nginx is started by root.
    chmodSync(join(opts.dir, 'tmp', name), 0o777);
  }
  const conf = join(opts.dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(opts));
  const args = ['-p', opts.dir, '-e', join(opts.dir, 'error.log'), '-c', conf];
  execFileSync(NGINX, [...args, '-t', '-q'], { stdio: 'inherit' });
  const child: ChildProcess = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'inherit' });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const { listening } = await import('@app/server/testing');
  for (let i = 0; !(await listening(opts.port, opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host)); i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}); see ${opts.dir}/error.log`);
    if (i > 200) throw new Error('nginx did not start listening within 10 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    async stop() {
      if (child.exitCode !== null) return;
      // SIGQUIT: graceful (SIGTERM would drop requests in flight).
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
