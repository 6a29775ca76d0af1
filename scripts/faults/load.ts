// Every request recorded, for the fault scenarios to count while they break things underneath.
import { Agent, request } from 'node:http';

export interface Outcome {
  path: string;
  /** performance.now() when it was sent and when it ended. */
  sentAt: number;
  endedAt: number;
  /** When its connection was open: 0 for a reused keep-alive connection. */
  connectedAt: number;
  status?: number;
  /** The socket error (ECONNRESET, ECONNREFUSED, ...) when there was no answer. */
  error?: string;
}

export const failed = (o: Outcome) => o.status === undefined || o.status >= 500;

export interface LoadOptions {
  url: string;
  paths: string[];
  closing?: number;
  keepAlive?: number;
  headers?: Record<string, string>;
  /** Stop a client once its connection is refused (a single process going away). */
  stopWhenRefused?: boolean;
}

/** One GET; resolves with its outcome, never rejects. */
export function get(
  url: string,
  path: string,
  agent: Agent | false,
  headers: Record<string, string> = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const sentAt = performance.now();
    let connectedAt = Number.POSITIVE_INFINITY;
    const done = (o: Partial<Outcome>) => resolve({ path, sentAt, endedAt: performance.now(), connectedAt, ...o });
    const target = new URL(path, url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        agent,
        headers: agent ? headers : { ...headers, connection: 'close' },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.once('end', () => done({ status: res.statusCode }));
        res.once('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
      },
    );
    req.once('socket', (socket) => {
      if (!socket.connecting) connectedAt = 0;
      else socket.once('connect', () => (connectedAt = performance.now()));
    });
    req.once('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.once('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
    req.end();
  });
}

export interface Summary {
  sent: number;
  failed: number;
  failures: Record<string, number>;
  /** Seconds from `since` to the end of the last failed request (0 without failures). */
  recoveredAfter(since: number): number;
  outcomes: Outcome[];
}

export function summarise(outcomes: Outcome[]): Summary {
  const bad = outcomes.filter(failed);
  const failures: Record<string, number> = {};
  for (const o of bad) {
    const key = o.error ?? String(o.status);
    failures[key] = (failures[key] ?? 0) + 1;
  }
  return {
    sent: outcomes.length,
    failed: bad.length,
    failures,
    recoveredAfter(since) {
      const last = Math.max(since, ...bad.map((o) => o.endedAt));
      return (last - since) / 1000;
    },
    outcomes,
  };
}

export function startLoad(options: LoadOptions): { stop(): Promise<Summary>; outcomes: Outcome[] } {
  const outcomes: Outcome[] = [];
  let stopping = false;
  const client = async (agent: Agent | false, offset: number) => {
    for (let i = offset; !stopping; i += 1) {
      const outcome = await get(options.url, options.paths[i % options.paths.length] as string, agent, options.headers);
      outcomes.push(outcome);
      if (options.stopWhenRefused && outcome.error === 'ECONNREFUSED') return;
      // Nothing answers at all: do not spin.
      if (outcome.error) await new Promise((r) => setTimeout(r, 20));
    }
    if (agent) agent.destroy();
  };
  const clients = [
    ...Array.from({ length: options.closing ?? 0 }, (_, i) => client(false, i)),
    ...Array.from({ length: options.keepAlive ?? 0 }, (_, i) =>
      client(new Agent({ keepAlive: true, maxSockets: 1 }), i),
    ),
  ];
  return {
    outcomes,
    async stop() {
      stopping = true;
      await Promise.all(clients);
      return summarise(outcomes);
    },
  };
}
