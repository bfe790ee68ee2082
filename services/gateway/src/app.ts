import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import compress from 'koa-compress';
import { constants } from 'node:zlib';
import { processMetrics, runWithRequestId, type Logger } from '@shop/service-kit';
import type { GatewayConfig } from './config';
import { rateLimits } from './limits/rateLimit';
import { apiProxy } from './proxy/apiProxy';
import { responseCache } from './proxy/responseCache';
import { runtimeRemotes } from './remotes/runtimeRemotes';
import { staticSite } from './static/staticSite';

/** What services answer only to the internal network: never routed, whatever the path looks like. */
const PRIVATE_PATHS = /^\/(metrics|internal|readyz)(\/|$)/;
/** '..' or '.' segments, or their encoded forms: a path must reach a service as the client wrote it. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)|%2f|%5c/i;

export function createGateway(config: GatewayConfig, logger: Logger): Koa {
  const app = new Koa();
  const metrics = processMetrics('gateway');
  app.on('error', (error: unknown) => logger.warn({ err: error }, 'request failed outside the handlers'));
  app.use(async (ctx, next) => {
    const started = process.hrtime.bigint();
    // The gateway makes the request id (a client's own x-request-id is not trusted) and every
    // service the request reaches logs it and passes it on.
    ctx.state.requestId = randomUUID();
    ctx.set('x-request-id', ctx.state.requestId);
    try {
      await runWithRequestId(ctx.state.requestId as string, next);
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      metrics.httpDuration.observe({ method: ctx.method, route: String(ctx.state.route ?? 'site'), status: String(ctx.status) }, ms / 1000);
      logger.info({ reqId: ctx.state.requestId, method: ctx.method, url: ctx.url, status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
  });
  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.state.route = '/healthz';
      ctx.body = { status: 'ok', service: 'gateway' };
      return;
    }
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (PRIVATE_PATHS.test(ctx.path)) {
      ctx.state.route = 'private';
      ctx.status = 404;
      ctx.body = { message: 'Not found.' };
      return;
    }
    if (DOT_SEGMENT.test(ctx.path)) {
      ctx.state.route = 'refused';
      ctx.status = 400;
      ctx.body = { message: 'The address of this request is not valid.' };
      return;
    }
    await next();
  });
  // Compresses what the gateway itself answers (remotes.json, errors); static files come pre-compressed.
  app.use(compress({ threshold: 1024, br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } } }));
  app.use(rateLimits(config.rateLimits));
  // Public catalogue reads answered from memory (Cache-Control: public), emptied by every change.
  app.use(responseCache(config.upstreams));
  app.use(apiProxy(config.upstreams, logger, config.bodyLimitBytes));
  app.use(staticSite(config, runtimeRemotes(config.remotes, config.remotesFile, logger)));
  return app;
}
