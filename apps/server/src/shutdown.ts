import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a connection with nothing in progress at shutdown may still deliver its request. */
const ARRIVAL_GRACE_MS = 500;
/** The longest shutdown goes on accepting connections queued before it began. */
const ACCEPT_WINDOW_MS = 2_000;

interface Connections {
  /** Ends every connection once what it received is answered; resolves when none is left. */
  drain(graceMs?: number): Promise<void>;
}

/**
 * Tracks every socket and the request it is serving, so shutdown can answer everything that was
 * received and nothing more. Call before `listen`.
 *
 * What "received" means at shutdown, socket by socket:
 * - a connection still queued on the listener (the client has sent its request): accepted
 *   before the listener closes (see stopAccepting), then treated as below;
 * - a request whose whole body has arrived: answered, with `Connection: close`;
 * - a socket with nothing in progress (new, or idle between keep-alive requests): its request
 *   may already sit in the kernel's buffer, unread because the event loop was busy. Node's own
 *   `server.close()` destroys such sockets at once, which resets those requests (issue 28). Here
 *   they get a short grace to deliver one, which is answered like the others;
 * - a request whose body is still arriving after the grace (a slow or stalled client): closed.
 */
export function trackConnections(app: FastifyInstance): Connections {
  // Each socket with the exchange it is serving, or null between requests.
  const current = new Map<Socket, { request: IncomingMessage; response: ServerResponse } | null>();
  let draining = false;
  let accepted = 0;
  app.server.on('connection', (socket: Socket) => {
    accepted += 1;
    current.set(socket, null);
    socket.once('close', () => current.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const exchange = { request, response };
    current.set(socket, exchange);
    // Shutting down: tell the client this connection ends with this answer (Node then closes it).
    if (draining) response.setHeader('connection', 'close');
    response.once('finish', () => {
      if (current.get(socket) !== exchange) return;
      current.set(socket, null);
      if (draining) socket.end();
    });
  });
  return {
    drain(graceMs = ARRIVAL_GRACE_MS) {
      draining = true;
      for (const exchange of current.values()) {
        if (exchange && !exchange.response.headersSent) exchange.response.setHeader('connection', 'close');
      }
      return stopAccepting().then(() => {
        const closed = new Promise<void>((done) => {
          if (!app.server.listening) return done();
          // net's close, not http's: http.Server#close also destroys every socket it deems idle,
          // including ones whose request has arrived but not yet been read. Its callback runs
          // once the last connection has ended.
          NetServer.prototype.close.call(app.server, () => done());
        });
        const late = setTimeout(() => {
          // After one more poll of the sockets: a busy event loop may not have read what arrived
          // before the grace ran out (timers run before the poll, immediates after it).
          setImmediate(() => {
            for (const [socket, exchange] of current) {
              // Nothing arrived, or a body that is still arriving: nothing to answer.
              if (exchange === null || !exchange.request.complete) socket.destroy();
            }
          });
        }, graceMs);
        late.unref();
        return closed.finally(() => clearTimeout(late));
      });
    },
  };

  /**
   * Resolves once the listen queue is empty. Closing a listening socket resets the connections
   * still queued on it, and Node takes one queued connection per turn of the event loop: under
   * load dozens wait, each with its request sent. So accept until a whole turn brings none (at
   * most `ACCEPT_WINDOW_MS`); what arrives meanwhile is answered like the rest.
   */
  function stopAccepting(): Promise<void> {
    const until = Date.now() + ACCEPT_WINDOW_MS;
    return new Promise((done) => {
      let seen = -1;
      const turn = () => {
        if (accepted === seen || Date.now() > until) return done();
        seen = accepted;
        setImmediate(turn);
      };
      setImmediate(turn);
    });
  }
}

/**
 * Graceful shutdown on SIGTERM, SIGINT and SIGHUP: stop accepting, answer every request received
 * (see trackConnections), then close the app (database, Redis, mail) and exit 0. The app stays
 * whole until the last answer is out: server-rendered pages call the API in process, which a
 * closing Fastify refuses (FST_ERR_REOPENED_CLOSE_SERVER, a 500). A shutdown that takes longer
 * than `forceAfterMs` exits 1.
 */
export function handleShutdownSignals(app: FastifyInstance, connections: Connections, forceAfterMs = 10_000): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => {
        app.log.error('shutdown did not finish in time: exiting');
        process.exit(1);
      }, forceAfterMs);
      force.unref();
      connections
        .drain()
        .then(() => app.close())
        .then(
          () => process.exit(0),
          (err) => {
            app.log.error({ err }, 'error during shutdown');
            process.exit(1);
          },
        );
    });
  }
}
