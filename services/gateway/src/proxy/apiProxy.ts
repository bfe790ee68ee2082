import http from 'node:http';
import { Readable } from 'node:stream';
import httpProxy from 'http-proxy';
import type Koa from 'koa';
import { parseDigits } from '@shop/api-types';
import { instanceRotation, type Logger } from '@shop/service-kit';
import type { UpstreamRoute } from '../config';
import { prefixTable } from '../routing/prefixTable';
import { normalPathOf } from '../routing/requestPath';

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
  });
  res.end(payload);
}

/**
 * Routes /api and /media to the services, streaming both ways over keep-alive connections.
 * A service that is down answers a clear 503 naming its area; a slow one a 504 (each area has its
 * own timeout); a body over the limit a 413, whether it announces its length or streams in chunks.
 * Every call carries the request id the gateway made (x-request-id) and the client's address.
 * The service is picked by the path's normal form (routing/requestPath.ts), the one the limits and
 * the cache use; an /api path reaches here only in its canonical form (routing/canonicalApiPath.ts),
 * so its normal form is the path itself, and that path is what the service gets.
 *
 * A service of several instances (its URL a comma list: CATALOG_URL=http://a:4101,http://b:4101)
 * gets the requests in turn. A request an instance refused never reached it, whatever its method:
 * it goes to the next instance with its body (kept as it streams, up to the body limit), and the
 * refusing instance is passed over for a few seconds; a GET or HEAD whose connection broke before
 * any answer is asked of the next one too. Anything else that may have reached a service (a POST
 * cut off, a timeout) is never repeated: the shopper gets the 503 or 504.
 */
export function apiProxy(
  upstreams: UpstreamRoute[],
  logger: Logger,
  bodyLimitBytes: number,
  addressOf: (req: http.IncomingMessage) => string = (req) => req.socket.remoteAddress ?? '',
): Koa.Middleware {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });
  const proxy = httpProxy.createProxyServer({ agent, xfwd: false, changeOrigin: false, ws: false });
  // A body without a length (chunked) is counted as it streams; past the limit the call to the
  // service is cut and the client gets the same 413 as one that announced a large length.
  proxy.on('proxyReq', (proxyReq, req, res) => {
    if (req.headers['content-length'] !== undefined) return;
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= bodyLimitBytes || res.headersSent) return;
      req.unpipe(proxyReq);
      proxyReq.destroy();
      res.setHeader('connection', 'close');
      sendJson(res as http.ServerResponse, 413, { message: 'The request body is too large.' });
    });
  });
  const rotationOfArea = new Map(upstreams.map((route) => [route.area, instanceRotation(route.target)]));
  const routeOf = prefixTable(upstreams.flatMap((route) => route.prefixes.map((prefix) => ({ prefix, value: route }))));

  return async (ctx, next) => {
    const path = normalPathOf(ctx);
    const route = routeOf(path);
    if (!route) {
      if (path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = { message: 'Not found.' };
        return;
      }
      return next();
    }
    // A length that is not digits never reaches here (Node's parser answers 400); were it to, it is refused as too large.
    const declared = ctx.get('content-length');
    const length = declared === '' ? 0 : (parseDigits(declared, 20) ?? Number.POSITIVE_INFINITY);
    if (length > bodyLimitBytes) {
      ctx.status = 413;
      ctx.body = { message: 'The request body is too large.' };
      return;
    }
    // Made by the gateway for every request (app.ts); whatever id a client sent is replaced.
    const requestId = String(ctx.state.requestId);
    ctx.state.route = `api ${route.area}`;
    ctx.req.headers['x-request-id'] = requestId;
    // The client address as the gateway worked it out (the socket's peer, or what a trusted proxy
    // forwarded), overwriting whatever the client claimed, so services can throttle by address
    // without trusting a forged X-Forwarded-For.
    ctx.req.headers['x-forwarded-for'] = addressOf(ctx.req);
    // Connection is hop-by-hop: a client's "close" must not close the pooled connection to the service.
    ctx.req.headers.connection = 'keep-alive';
    // An /api call goes on with exactly the path the service was chosen by (canonical by now,
    // app.ts), never another form of it (an absolute-form request line, say).
    if (path.startsWith('/api/')) ctx.req.url = `${path}${ctx.search}`;
    ctx.respond = false;
    const started = Date.now();
    const rotation = rotationOfArea.get(route.area)!;
    const instances = rotation.order();
    const replayable = ctx.method === 'GET' || ctx.method === 'HEAD';
    await new Promise<void>((resolve) => {
      ctx.res.once('close', resolve);
      ctx.res.once('finish', resolve);
      // What the chain set so far (request id, security headers, Vary) is already on ctx.res: Koa's
      // ctx.set writes there, so the service's answer goes out with them without copying them again.
      const body: Buffer[] = [];
      const send = (attempt: number, buffer?: Readable) =>
        proxy.web(
          ctx.req,
          ctx.res,
          { target: instances[attempt], proxyTimeout: route.timeoutMs, buffer },
          (error: NodeJS.ErrnoException) => {
            // Already answered (a streamed body over the limit cut the call on purpose).
            if (ctx.res.writableEnded) return resolve();
            const timedOut = error.code === 'ECONNRESET' && Date.now() - started >= route.timeoutMs - 50;
            if (error.code === 'ECONNREFUSED') rotation.refused(instances[attempt]!);
            const neverReached = error.code === 'ECONNREFUSED' || (replayable && !timedOut && error.code === 'ECONNRESET');
            if (neverReached && attempt + 1 < instances.length && !ctx.res.headersSent) {
              logger.warn(
                { reqId: requestId, area: route.area, code: error.code, instance: instances[attempt] },
                'upstream instance failed, trying the next',
              );
              const again = () => send(attempt + 1, Readable.from(body));
              if (ctx.req.readableEnded) again();
              else ctx.req.once('end', again);
              return;
            }
            logger.warn({ reqId: requestId, area: route.area, code: error.code, path: ctx.path }, 'upstream failed');
            if (timedOut)
              sendJson(ctx.res, 504, { message: `The ${route.area} took too long to answer. Please try again.`, area: route.area });
            else
              sendJson(ctx.res, 503, {
                message: `The ${route.area} is unavailable right now. Please try again shortly.`,
                area: route.area,
              });
            resolve();
          },
        );
      send(0);
      // Kept as it streams (after send: the proxy pipes it from the same tick), so a request an
      // instance refused can be sent whole to the next one.
      if (instances.length > 1 && !replayable) ctx.req.on('data', (chunk: Buffer) => body.push(chunk));
    });
  };
}
