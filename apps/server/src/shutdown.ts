import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Tracks every socket and the request it is serving, so shutdown can tell the three kinds
 * apart: idle keep-alive sockets and requests still arriving (a body that never finishes) are
 * closed at once; requests fully received finish first. Call before `listen`.
 */
export function trackConnections(app: FastifyInstance): { closeIdleAndUnfinished(): number } {
  const current = new Map<Socket, IncomingMessage | null>();
  let draining = false;
  app.server.on('connection', (socket: Socket) => {
    current.set(socket, null);
    socket.once('close', () => current.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    current.set(socket, request);
    response.once('finish', () => {
      if (current.get(socket) !== request) return;
      current.set(socket, null);
      // Shutting down: a keep-alive socket must not hold the server open once its answer is out.
      if (draining) socket.end();
    });
  });
  return {
    closeIdleAndUnfinished() {
      draining = true;
      let closed = 0;
      for (const [socket, request] of current) {
        // `complete` turns true once the whole request, body included, has arrived.
        if (request === null || !request.complete) {
          socket.destroy();
          closed += 1;
        }
      }
      return closed;
    },
  };
}

/**
 * Graceful shutdown on SIGTERM, SIGINT and SIGHUP: stop accepting, close idle and unfinished
 * connections, let requests in flight finish, close the database, exit 0. A shutdown that
 * takes longer than `forceAfterMs` exits 1.
 */
export function handleShutdownSignals(
  app: FastifyInstance,
  connections: { closeIdleAndUnfinished(): number },
  forceAfterMs = 10_000,
): void {
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
      const closed = app.close();
      // close() stops the listener first; then nothing new arrives on the sockets we end here.
      connections.closeIdleAndUnfinished();
      closed.then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      );
    });
  }
}
