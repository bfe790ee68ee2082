import http from 'node:http';
import type Koa from 'koa';
import type { Logger } from './logger';

export interface RunningServer {
  server: http.Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Listen on a port (0 picks a free one) and close gracefully: in-flight requests finish first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Koa's state generic is invariant, and this accepts every service's app whatever its state.
export async function listen(app: Koa<any, any>, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: actualPort,
    url: `http://${host}:${actualPort}`,
    // In-flight requests finish; keep-alive connections are closed as soon as they fall idle (a
    // client may keep one open for a minute otherwise); anything still open after 10 s is cut.
    close: () =>
      new Promise<void>((resolve) => {
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        const cut = setTimeout(() => server.closeAllConnections(), 10_000);
        sweep.unref();
        cut.unref();
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

/** Stop on SIGTERM/SIGINT after finishing in-flight work, then run the cleanups (pools...). */
export function closeOnSignals(running: RunningServer, logger: Logger, cleanups: Array<() => Promise<unknown>> = []): void {
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await running.close();
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
