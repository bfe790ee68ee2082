import Router, { type RouterMiddleware } from '@koa/router';
import type Koa from 'koa';
import { contractDocumentOf, takeJsonBodyParser } from '../app';
import { ACCESS_TABLE, accessKey, type AccessMethod, type AccessRow, type AccessService, type CallerKind } from '@shop/api-types';

/** The guard in front of each kind of caller (see CallerKind in @shop/api-types); `public` needs none. */
export type CallerGuards<State> = { readonly [Kind in Exclude<CallerKind, 'public'>]?: Koa.Middleware<State> };

/** Routes registered under a path prefix; every path must be a row of the access table. */
export interface RouteScope<State> {
  /** Runs after the guard (never before it) for the routes of this scope registered after this call. */
  use(middleware: RouterMiddleware<State>): RouteScope<State>;
  get(path: string, ...handlers: RouterMiddleware<State>[]): RouteScope<State>;
  post(path: string, ...handlers: RouterMiddleware<State>[]): RouteScope<State>;
  put(path: string, ...handlers: RouterMiddleware<State>[]): RouteScope<State>;
  delete(path: string, ...handlers: RouterMiddleware<State>[]): RouteScope<State>;
}

export interface AccessRoutes<State> {
  /** A scope whose paths are `prefix + path` (the prefix is '' for full paths). */
  under(prefix: string): RouteScope<State>;
  /**
   * Checks that every row of the service has its handler, then puts the routes on the app. A
   * createServiceApp app's JSON body parser then runs after each route's guard, not before.
   */
  mount(app: Koa<State>): void;
}

const passThrough = async (_ctx: unknown, next: Koa.Next) => next();

/**
 * The one way a service registers its routes: from the access table (@shop/api-types), each with
 * the guard of its row attached to the route itself (never a prefix `router.use`, which matched
 * case-sensitively while routes did not). The router is case-sensitive and strict, so
 * `/api/Admin/orders` or `/api/admin/orders/` match nothing. A route the table does not list
 * throws at registration; a row of the service left without a handler throws at mount: either
 * way the service refuses to start, with the route named.
 */
export function accessRoutes<State>(
  service: AccessService,
  guards: CallerGuards<State>,
  table: readonly AccessRow[] = ACCESS_TABLE,
): AccessRoutes<State> {
  const rows = new Map(table.filter((row) => row.service === service).map((row) => [accessKey(row), row]));
  const registered = new Set<string>();
  // Set at mount: the app's JSON body parser, run after the guard (a refused body is never read).
  let parseJsonBody: Koa.Middleware | undefined;
  const jsonBody: Koa.Middleware = (ctx, next) => (parseJsonBody ? parseJsonBody(ctx, next) : next());
  const router = new Router<State>({ sensitive: true, strict: true });

  const guardFor = (row: AccessRow): Koa.Middleware<State> => {
    if (row.caller === 'public') return passThrough;
    const guard = guards[row.caller];
    if (!guard) throw new Error(`The ${service} service has no guard for '${row.caller}' callers (route ${accessKey(row)}).`);
    return guard;
  };

  const register = (method: AccessMethod, path: string, middleware: RouterMiddleware<State>[]) => {
    const key = `${method} ${path}`;
    const row = rows.get(key);
    if (!row) throw new Error(`The ${service} service serves ${key}, which the access table (@shop/api-types access.ts) does not list.`);
    if (registered.has(key)) throw new Error(`The ${service} service registers ${key} twice.`);
    registered.add(key);
    const chain = [guardFor(row) as RouterMiddleware<State>, jsonBody as RouterMiddleware<State>, ...middleware];
    // @koa/router answers HEAD for a GET route by itself.
    router.register(path, [method], chain, { name: key });
  };

  const under = (prefix: string): RouteScope<State> => {
    const before: RouterMiddleware<State>[] = [];
    const add =
      (method: AccessMethod) =>
      (path: string, ...handlers: RouterMiddleware<State>[]) => {
        // '/' under a prefix is the prefix itself: strict routes have no trailing slash.
        register(method, path === '/' && prefix !== '' ? prefix : `${prefix}${path}`, [...before, ...handlers]);
        return scope;
      };
    const scope: RouteScope<State> = {
      use(middleware) {
        before.push(middleware);
        return scope;
      },
      get: add('GET'),
      post: add('POST'),
      put: add('PUT'),
      delete: add('DELETE'),
    };
    return scope;
  };

  return {
    under,
    mount(app) {
      // The service's published contract, at the row the table gives it (GET /api/docs/<area>).
      const contract = contractDocumentOf(app);
      if (contract && rows.has(`GET ${contract.path}`) && !registered.has(`GET ${contract.path}`))
        under('').get(contract.path, (ctx) => {
          ctx.set('Cache-Control', 'no-cache');
          ctx.body = contract.document;
        });
      const missing = [...rows.keys()].filter((key) => !registered.has(key));
      if (missing.length > 0)
        throw new Error(`The ${service} service has no handler for these rows of the access table: ${missing.join(', ')}.`);
      parseJsonBody = takeJsonBodyParser(app);
      app.use(router.routes() as Koa.Middleware<State>).use(router.allowedMethods() as Koa.Middleware<State>);
    },
  };
}
