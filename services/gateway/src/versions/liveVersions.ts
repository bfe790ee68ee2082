import type Koa from 'koa';
import type { AdminVersionsResponse, LiveRemoteVersion, LiveServiceVersion } from '@shop/api-types';
import {
  answerUnavailableAs503,
  createAuthGuards,
  HttpError,
  httpTokenResolver,
  serviceInstances,
  SHOP_SERVICES,
  type AuthState,
  type Logger,
} from '@shop/service-kit';
import packageJson from '../../package.json';
import type { GatewayConfig, RemoteEntry } from '../config';
import type { ManifestReader } from './remoteManifests';

/** The gateway's own release, as its /healthz and the versions page name it. */
export const GATEWAY_VERSION: string = packageJson.version;

/** How long a service's /healthz may take before the instance counts as unreachable. */
const HEALTH_TIMEOUT_MS = 2000;

export const VERSIONS_PATH = '/api/admin/versions';

/** Every instance of every service behind the gateway, as its /healthz answers. */
async function servicesHealth(config: GatewayConfig, fetchImpl: typeof fetch): Promise<LiveServiceVersion[]> {
  const checks = config.upstreams.flatMap((route) =>
    serviceInstances(route.target).map(async (instance): Promise<LiveServiceVersion> => {
      try {
        const response = await fetchImpl(`${instance}/healthz`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
        const body = (await response.json()) as { service?: unknown; version?: unknown };
        return {
          service: typeof body.service === 'string' ? body.service : route.area,
          area: route.area,
          instance,
          status: response.ok ? 'ok' : 'unreachable',
          version: typeof body.version === 'string' ? body.version : null,
        };
      } catch {
        return { service: route.area, area: route.area, instance, status: 'unreachable', version: null };
      }
    }),
  );
  return Promise.all(checks);
}

async function remotesHealth(remotes: RemoteEntry[], read: ManifestReader): Promise<LiveRemoteVersion[]> {
  return Promise.all(
    remotes.map(async (remote): Promise<LiveRemoteVersion> => {
      try {
        return { name: remote.name, entry: remote.entry, status: 'ok', version: await read(remote.entry) };
      } catch {
        return { name: remote.name, entry: remote.entry, status: 'unreachable', version: null };
      }
    }),
  );
}

export interface LiveVersionsDeps {
  config: GatewayConfig;
  logger: Logger;
  remotes: () => RemoteEntry[];
  readManifest: ManifestReader;
  fetchImpl?: typeof fetch;
}

/**
 * GET /api/admin/versions, for the back office's Versions page (staff only, as every /api/admin
 * route): the gateway asks each service instance's /healthz and each remote's manifest, now, so
 * the page shows what is live rather than what was deployed. Staff are recognised as every service
 * recognises them: the customers service's token introspection, which needs INTERNAL_SECRET; a
 * gateway started without it (production) answers 503 here and nothing else changes.
 */
export function liveVersions(deps: LiveVersionsDeps): Koa.Middleware<AuthState & { route?: string }> {
  const { config, logger } = deps;
  const fetchImpl = deps.fetchImpl ?? fetch;
  const customers = config.upstreams.find((route) => route.area === SHOP_SERVICES.customers.area);
  const guards =
    config.internalSecret && customers
      ? createAuthGuards(
          answerUnavailableAs503(httpTokenResolver({ baseUrl: customers.target, internalSecret: config.internalSecret }), logger),
        )
      : null;
  return async (ctx, next) => {
    if (ctx.path !== VERSIONS_PATH) return next();
    ctx.state.route = VERSIONS_PATH;
    ctx.set('Cache-Control', 'no-store');
    try {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new HttpError(405, `${ctx.method} is not allowed here.`);
      if (!guards)
        throw new HttpError(503, 'The versions page is not available: the gateway has no INTERNAL_SECRET to check sign-ins with.');
      await guards.requireStaff(ctx, async () => {
        const [services, remotes] = await Promise.all([
          servicesHealth(config, fetchImpl),
          remotesHealth(deps.remotes(), deps.readManifest),
        ]);
        const gateway: LiveServiceVersion = {
          service: 'gateway',
          area: 'gateway',
          instance: 'self',
          status: 'ok',
          version: GATEWAY_VERSION,
        };
        const answer: AdminVersionsResponse = { checked_at: new Date().toISOString(), services: [gateway, ...services], remotes };
        ctx.body = answer;
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      ctx.status = error.status;
      ctx.body = error.toBody();
    }
  };
}
