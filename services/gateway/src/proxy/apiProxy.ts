import http from 'node:http';
import { randomUUID } from 'node:crypto';
import httpProxy from 'http-proxy';
import type Koa from 'koa';
import type { Logger } from '@shop/service-kit';
import type { UpstreamRoute } from '../config';

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload), 'cache-control': 'no-store' });
  res.end(payload);
}

/**
 * Routes /api and /media to the services, streaming both ways over keep-alive connections.
 * A service that is down answers a clear 503 naming its area; a slow one a 504.
 */
export function apiProxy(upstreams: UpstreamRoute[], logger: Logger, bodyLimitBytes: number): Koa.Middleware {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });
  const proxy = httpProxy.createProxyServer({ agent, xfwd: false, changeOrigin: false, ws: false });
  const table = upstreams
    .flatMap((route) => route.prefixes.map((prefix) => ({ prefix, route })))
    .sort((a, b) => b.prefix.length - a.prefix.length);

  return async (ctx, next) => {
    const match = table.find(({ prefix }) => ctx.path === prefix || ctx.path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || ctx.path === prefix.replace(/\/$/, ''));
    if (!match) {
      if (ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = { message: 'Not found.' };
        return;
      }
      return next();
    }
    const { route } = match;
    const length = Number(ctx.get('content-length') || 0);
    if (length > bodyLimitBytes) {
      ctx.status = 413;
      ctx.body = { message: 'The request body is too large.' };
      return;
    }
    const requestId = /^[\w-]{1,64}$/.test(ctx.get('x-request-id')) ? ctx.get('x-request-id') : randomUUID();
    ctx.req.headers['x-request-id'] = requestId;
    // The client address as the gateway saw it, overwriting whatever the client claimed, so
    // services can throttle by address without trusting a forged X-Forwarded-For.
    ctx.req.headers['x-forwarded-for'] = ctx.req.socket.remoteAddress ?? '';
    ctx.set('x-request-id', requestId);
    ctx.respond = false;
    const started = Date.now();
    await new Promise<void>((resolve) => {
      ctx.res.once('close', resolve);
      ctx.res.once('finish', resolve);
      for (const [key, value] of Object.entries(ctx.response.headers)) {
        if (value !== undefined) ctx.res.setHeader(key, value as string | string[]);
      }
      proxy.web(ctx.req, ctx.res, { target: route.target, proxyTimeout: route.timeoutMs }, (error: NodeJS.ErrnoException) => {
        const timedOut = error.code === 'ECONNRESET' && Date.now() - started >= route.timeoutMs - 50;
        logger.warn({ reqId: requestId, area: route.area, code: error.code, path: ctx.path }, 'upstream failed');
        if (timedOut) sendJson(ctx.res, 504, { message: `The ${route.area} took too long to answer. Please try again.`, area: route.area });
        else sendJson(ctx.res, 503, { message: `The ${route.area} is unavailable right now. Please try again shortly.`, area: route.area });
        resolve();
      });
    });
  };
}
