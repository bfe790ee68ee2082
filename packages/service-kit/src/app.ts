import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import compress from 'koa-compress';
import { constants as zlib } from 'node:zlib';
import conditional from 'koa-conditional-get';
import etag from '@koa/etag';
import type { Knex } from 'knex';
import { HttpError } from './errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable';
import { SHOP_SERVICES } from './env';
import type { Logger } from './logger';
import { openApiDocument, type ServiceContract } from './openapi';
import { processMetrics, routeLabel } from './metrics';
import { REQUEST_ID_PATTERN, runWithRequestId } from './request-context';
import { millisecondsSince } from './time';

export interface ServiceState {
  requestId: string;
}

export type ServiceContext = Koa.ParameterizedContext<ServiceState>;

/**
 * Each service app's JSON body parser. It runs for every request until the app's routes are mounted
 * from the access table (accessRoutes().mount), which moves it behind each route's guard: a refused
 * caller's body is never read, let alone decoded.
 */
const jsonBodyParsers = new WeakMap<object, { parse: Koa.Middleware; afterAccess: boolean }>();

/** Each service app's OpenAPI document, served by the route its access-table row names (accessRoutes().mount). */
const contractDocuments = new WeakMap<object, { path: string; document: unknown }>();

/** The app's OpenAPI document and the path it is published at, for the access table's route. */
export function contractDocumentOf(app: object): { path: string; document: unknown } | undefined {
  return contractDocuments.get(app);
}

/** The app's JSON body parser, from now on run by the routes themselves after their guards (accessRoutes). */
export function takeJsonBodyParser(app: object): Koa.Middleware | undefined {
  const parser = jsonBodyParsers.get(app);
  if (!parser) return undefined;
  parser.afterAccess = true;
  return parser.parse;
}

export interface ServiceAppOptions {
  name: string;
  /** The service's release (its package.json version), named by /healthz so anyone can see what is live. */
  version: string;
  logger: Logger;
  /** Checked by /readyz. */
  db?: Knex;
  /** The service's public contract, served as OpenAPI 3.1 at GET /api/docs/<area> (see openapi.ts). */
  contract?: ServiceContract;
  /** Largest JSON body accepted. */
  bodyLimit?: string;
  /**
   * What the shopper is told is unavailable when the database cannot be reached ("The checkout is
   * unavailable right now..."), as the gateway names the service; by default the shop's name for
   * the service (SHOP_SERVICES), else "<name> service".
   */
  area?: string;
}

/**
 * A Koa app with what every service needs in front of its routes: request ids (taken from the
 * gateway or made here), access logs, request metrics, one error shape, body limits, ETags,
 * health checks (/healthz alive, /readyz database reachable) and /metrics for Prometheus.
 */
export function createServiceApp(options: ServiceAppOptions): Koa<ServiceState> {
  const app = new Koa<ServiceState>();
  app.proxy = false;
  const { logger } = options;
  const metrics = processMetrics(options.name);
  const area =
    options.area ?? (SHOP_SERVICES as Record<string, { area: string } | undefined>)[options.name]?.area ?? `${options.name} service`;
  if (options.contract)
    contractDocuments.set(app, { path: `/api/docs/${options.contract.area}`, document: openApiDocument(options.contract) });
  // Errors Koa reports outside the error middleware (a client that hung up mid-body...) go to the
  // JSON log too, not to the console as plain text.
  app.on('error', (error: unknown) => logger.warn({ err: error }, 'request failed outside the handlers'));

  app.use(async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    ctx.set('x-request-id', ctx.state.requestId);
    const started = process.hrtime.bigint();
    try {
      // Everything this request does (logs, calls to other services) knows its id.
      await runWithRequestId(ctx.state.requestId, next);
      if (ctx.status === 404 && ctx.body == null) {
        ctx.status = 404;
        ctx.body = { message: 'Not found.' };
      } else if (ctx.status === 405 && typeof ctx.body !== 'object') {
        ctx.body = { message: `${ctx.method} is not allowed here.` };
      }
    } catch (error) {
      respondWithError(ctx, error, logger, area);
    } finally {
      const ms = millisecondsSince(started);
      const route = routeLabel((ctx as { _matchedRoute?: unknown })._matchedRoute, ctx.path);
      metrics.httpDuration.observe({ method: ctx.method, route, status: String(ctx.status) }, ms / 1000);
      logger.info(
        { reqId: ctx.state.requestId, method: ctx.method, url: ctx.url, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  });

  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok', service: options.name, version: options.version };
      return;
    }
    if (ctx.path === '/readyz') {
      try {
        if (options.db) await options.db.raw('select 1');
        ctx.body = { status: 'ready', service: options.name };
      } catch {
        ctx.status = 503;
        ctx.body = { status: 'unavailable', service: options.name, message: 'Database unreachable.' };
      }
      return;
    }
    if (ctx.path === '/metrics' && ctx.method === 'GET') {
      ctx.type = metrics.registry.contentType;
      ctx.body = await metrics.registry.metrics();
      return;
    }
    await next();
  });

  // JSON over mobile data: compressed once here (brotli at a fast level, gzip otherwise); the
  // gateway streams it through unchanged.
  app.use(compress({ threshold: 1024, br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 6 } }));
  // ETags serve conditional GETs only: a POST's answer (a placed order) is never asked for again
  // with If-None-Match, so hashing it was CPU spent on every write for nothing.
  const conditionalGet = conditional();
  const entityTag = etag();
  app.use((ctx, next) => (ctx.method === 'GET' || ctx.method === 'HEAD' ? conditionalGet(ctx, () => entityTag(ctx, next)) : next()));
  const parser = {
    parse: bodyParser({
      enableTypes: ['json'],
      jsonLimit: options.bodyLimit ?? '100kb',
      onerror: (error, ctx) => {
        if ((error as { status?: number }).status === 413) ctx.throw(413, 'The request body is too large.');
        ctx.throw(400, 'The request body is not valid JSON.');
      },
    }) as Koa.Middleware,
    afterAccess: false,
  };
  jsonBodyParsers.set(app, parser);
  app.use(async (ctx, next) => (parser.afterAccess ? next() : parser.parse(ctx, next)));
  return app;
}

function respondWithError(ctx: ServiceContext, error: unknown, logger: Logger, area: string): void {
  if (error instanceof HttpError) {
    ctx.status = error.status;
    ctx.body = error.toBody();
    return;
  }
  if (isDatabaseUnavailable(error)) {
    // The database went away (or is full): nothing was committed, and trying again shortly works.
    logger.warn({ reqId: ctx.state.requestId, err: error }, 'database unavailable');
    ctx.status = 503;
    ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    ctx.body = { message: `The ${area} is unavailable right now. Please try again shortly.`, area };
    return;
  }
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
  if (status >= 400 && status < 500) {
    // Errors Koa and its middleware raise for the client (bad JSON, body too large, ...).
    ctx.status = status;
    ctx.body = { message: (error as { expose?: boolean; message?: string }).expose ? String((error as Error).message) : 'Bad request.' };
    return;
  }
  logger.error({ reqId: ctx.state.requestId, err: error }, 'unhandled error');
  ctx.status = 500;
  ctx.body = { message: 'Something went wrong on our side. Please try again.' };
}
