import type http from 'node:http';
import Koa from 'koa';
import compress from 'koa-compress';
import { constants } from 'node:zlib';
import { millisecondsSince, processMetrics, type DurationSeries, type Logger } from '@shop/service-kit';
import { clientAddressOf } from './clientAddress/trustedProxies';
import type { GatewayConfig } from './config';
import { rateLimits } from './limits/rateLimit';
import { requestIds } from './requestIds/requestIds';
import { apiProxy } from './proxy/apiProxy';
import { responseCache, type RawAnswered, type RawAnswerHooks } from './proxy/responseCache';
import { pageLookup } from './pages/pageTable';
import { isApiPath, isCanonicalApiPath } from './routing/canonicalApiPath';
import { normalisePath } from './routing/requestPath';
import { runtimeRemotes } from './remotes/runtimeRemotes';
import { securityHeadersFor } from './security/securityHeaders';
import type { SharedState } from './shared/sharedState';
import { firstScreens } from './ssr/firstScreen';
import { crawling } from './static/crawling';
import { staticSite } from './static/staticSite';
import { liveVersions, GATEWAY_VERSION } from './versions/liveVersions';
import { manifestReader, remoteVersions } from './versions/remoteManifests';

/** What services answer only to the internal network: never routed, however the path is spelled (`/Internal/…`, `//internal/…`). */
const PRIVATE_PATHS = /^\/(metrics|internal|readyz)(\/|$)/;
/** '..' or '.' segments, or their encoded forms: a path must reach a service as the client wrote it. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)|%2f|%5c/i;

/** What the raw path's callback returns for a request it answered: one settled promise for all of them. */
const ANSWERED = Promise.resolve();

export interface GatewayOptions {
  /**
   * Fresh cached reads answered before Koa (the default). Off, the Koa chain answers them from the
   * same cache: the tests compare the two answers.
   */
  rawCachedReads?: boolean;
}

/** `shared`: Redis, when the shop runs several gateways (config.redisUrl, see shared/sharedState.ts). */
export function createGateway(config: GatewayConfig, logger: Logger, shared?: SharedState, options: GatewayOptions = {}): Koa {
  const app = new Koa();
  const metrics = processMetrics('gateway');
  // The shopper's address (through a trusted proxy, the one it forwarded): the limits, the log line and the services all use it.
  const addressOf = (req: http.IncomingMessage) => clientAddressOf(req, config.trustedProxies);
  const securityHeaders = securityHeadersFor(config.trustedProxies);
  app.on('error', (error: unknown) => logger.warn({ err: error }, 'request failed outside the handlers'));
  // One histogram series per (route, method, status), found by route, then method, then status:
  // the route and method strings are the same few strings every time (their hashes are kept), where
  // a key built per request was hashed anew. Routes and statuses are bounded.
  const durations = new Map<string, Map<string, Map<number, DurationSeries>>>();
  const observe = (answered: RawAnswered, req: http.IncomingMessage, ms: number) => {
    let byMethod = durations.get(answered.route);
    if (!byMethod) durations.set(answered.route, (byMethod = new Map()));
    let byStatus = byMethod.get(answered.method);
    if (!byStatus) byMethod.set(answered.method, (byStatus = new Map()));
    let duration = byStatus.get(answered.status);
    if (!duration) {
      duration = metrics.httpDuration.labels({ method: answered.method, route: answered.route, status: String(answered.status) });
      byStatus.set(answered.status, duration);
    }
    duration.observe(ms / 1000);
    if (!logger.isLevelEnabled('info')) return;
    logger.info(
      {
        reqId: answered.requestId,
        method: answered.method,
        url: answered.url,
        status: answered.status,
        ip: addressOf(req),
        ms: Math.round(ms * 10) / 10,
      },
      'request',
    );
  };
  // Public catalogue reads answered from memory (Cache-Control: public), emptied by staff changes.
  // Fresh ones are answered before Koa builds a context (the bulk of a busy shop's requests), with
  // the same request id, headers, metrics and log line as every other answer.
  // With several gateways, a staff change through one empties every one's cache and drawn pages.
  const cache = responseCache(config.upstreams, { announceChange: shared?.announceChange });
  shared?.onChange((area) => cache.clearArea(area));
  const nextRequestId = requestIds();
  const rawAnswerHooks: RawAnswerHooks = {
    requestId: nextRequestId,
    securityHeaders: (req) => securityHeaders(req).list,
    done: observe,
  };
  const koaCallback = app.callback.bind(app);
  if (options.rawCachedReads !== false)
    app.callback = () => {
      const handle = koaCallback();
      // The gateway serves HTTP/1.1 (main.ts): the requests are node:http's.
      return (request, response) => {
        const req = request as http.IncomingMessage;
        return cache.answerRaw(req, response as http.ServerResponse, rawAnswerHooks) ? ANSWERED : handle(request, response);
      };
    };
  app.use(async (ctx, next) => {
    const started = process.hrtime.bigint();
    // The gateway makes the request id (a client's own x-request-id is not trusted) and every
    // service the request reaches logs it and passes it on. It travels in ctx.state, not in an
    // AsyncLocalStorage: once one is used, Node runs its hooks for every async resource of every
    // request (each socket write, each tick), the cached reads answered on the raw path too, and
    // they were about a tenth of the gateway's CPU per cached read. The gateway's own log lines
    // name the request themselves (the access log below, the proxy's warnings).
    ctx.state.requestId = nextRequestId();
    ctx.set('x-request-id', ctx.state.requestId);
    try {
      await next();
    } finally {
      const ms = millisecondsSince(started);
      observe(
        {
          method: ctx.method,
          url: ctx.url,
          status: ctx.status,
          route: String(ctx.state.route ?? 'site'),
          requestId: String(ctx.state.requestId),
        },
        ctx.req,
        ms,
      );
    }
  });
  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.state.route = '/healthz';
      ctx.body = { status: 'ok', service: 'gateway', version: GATEWAY_VERSION };
      return;
    }
    ctx.set(securityHeaders(ctx.req).record);
    if (PRIVATE_PATHS.test(normalisePath(ctx.path))) {
      ctx.state.route = 'private';
      ctx.status = 404;
      ctx.body = { message: 'Not found.' };
      return;
    }
    if (isApiPath(ctx.path)) {
      // Another spelling of an API path is refused before a service is chosen: the services route
      // case-sensitively and strictly, and only the spelling the access table lists reaches them.
      if (!isCanonicalApiPath(ctx.path)) {
        ctx.state.route = 'refused';
        ctx.status = 404;
        ctx.body = { message: 'Not found.' };
        return;
      }
      // The limits, the cache and the proxy all decide on this exact path, and it is the one forwarded.
      ctx.state.normalPath = ctx.path;
    }
    if (DOT_SEGMENT.test(ctx.path)) {
      ctx.state.route = 'refused';
      ctx.status = 400;
      ctx.body = { message: 'The address of this request is not valid.' };
      return;
    }
    await next();
  });
  // Compresses what the gateway itself answers (pages, remotes.json, errors); static files come
  // pre-compressed. Brotli 5 rather than 4: as fast here on a 15-45 KB page (0.5-1 ms) and 5-7 %
  // smaller (the home page 7.7 -> 7.3 KB) for the first request of a page, which is not yet at
  // brotli's best (static/bestCompressed.ts).
  app.use(compress({ threshold: 1024, br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } }));
  app.use(rateLimits(config.rateLimits, addressOf, Date.now, shared?.countHit));
  const remotes = runtimeRemotes(config.remotes, config.remotesFile, logger);
  const readManifest = manifestReader(config.localRemotes);
  app.use(liveVersions({ config, logger, remotes, readManifest }));
  // Reads the cache does not hold yet go to the services through it, and writes empty it.
  app.use(cache);
  app.use(apiProxy(config.upstreams, logger, config.bodyLimitBytes, addressOf));
  // Catalogue pages arrive drawn (see ssr/firstScreen.ts), redrawn after the catalogue changes through the gateway,
  // as the shell's page table says (pages/pageTable.ts).
  const catalogueGeneration = () => cache.generation('catalogue');
  const screens = firstScreens(config, logger, catalogueGeneration);
  app.use(
    staticSite(config, remotes, {
      remoteVersions: remoteVersions(readManifest),
      lookUpPage: pageLookup(config.shellDir, logger),
      screens,
      // One address's share of the drawing queue is bounded (ssr/firstScreen.ts).
      addressOf,
      // The sitemap is made again after a staff change to the catalogue, as the drawn pages are.
      crawling: crawling(config, catalogueGeneration),
    }),
  );
  return app;
}
