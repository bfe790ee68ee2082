import Koa from 'koa';
import compress from 'koa-compress';
import { constants } from 'node:zlib';
import type { Logger } from '@shop/service-kit';
import type { GatewayConfig } from './config';
import { apiProxy } from './proxy/apiProxy';
import { staticSite } from './static/staticSite';

export function createGateway(config: GatewayConfig, logger: Logger): Koa {
  const app = new Koa();
  app.use(async (ctx, next) => {
    const started = Date.now();
    try {
      await next();
    } finally {
      logger.info({ method: ctx.method, url: ctx.url, status: ctx.status, ms: Date.now() - started }, 'request');
    }
  });
  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok', service: 'gateway' };
      return;
    }
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    await next();
  });
  // Compresses what the gateway itself answers (remotes.json, errors); static files come pre-compressed.
  app.use(compress({ threshold: 1024, br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } } }));
  app.use(apiProxy(config.upstreams, logger, config.bodyLimitBytes));
  app.use(staticSite(config));
  return app;
}
