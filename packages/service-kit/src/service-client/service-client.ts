import { serviceInstances } from '../env';
import { requestIdHeaders } from '../request-context';
import { requestJson, UpstreamUnavailable, type HttpMethod, type JsonAnswer } from './http-request';

export interface ServiceClientOptions {
  /** What a shopper is told is unavailable when the service is down (see SHOP_SERVICES). */
  area: string;
  /** The service's origin, e.g. serviceUrl('catalog'), or a comma list of its instances' origins. */
  baseUrl: string;
  /** Sent as x-internal-secret on every /internal/* call (see requireInternalSecret); never elsewhere. */
  internalSecret?: string;
  /** Default per-call time limit, connection to last byte (3000 ms). */
  timeoutMs?: number;
  /** How many more times a call is tried when that is safe (see shouldRetry); 1 by default, at least once per other instance. */
  retries?: number;
}

export interface ServiceCallOptions {
  timeoutMs?: number;
  /** The caller's token, passed on as `Authorization: Bearer ...`. */
  bearer?: string | null;
  /** More request headers (a payment key, say); the request id, secret and bearer above are set by the client. */
  headers?: Record<string, string>;
  maxBytes?: number;
}

/** A JSON client for one of the shop's services. Every status is an answer; down or slow throws a 503 naming the area. */
export interface ServiceClient {
  readonly area: string;
  get<T>(path: string, options?: ServiceCallOptions): Promise<JsonAnswer<T>>;
  post<T>(path: string, body: unknown, options?: ServiceCallOptions): Promise<JsonAnswer<T>>;
  /** The 503 for an answer the caller cannot use (an unexpected status), naming the area. */
  unavailable(reason: string): UpstreamUnavailable;
}

/** One call between services as it went: what was sent and what came back. */
export interface ObservedServiceCall {
  method: HttpMethod;
  path: string;
  body: unknown;
  answer: JsonAnswer<unknown>;
}

let observer: ((call: ObservedServiceCall) => void) | null = null;

/**
 * Sees every answered call between services (tests: @shop/service-kit/testing holds each to the
 * called service's published contract). One observer at a time; null removes it.
 */
export function observeServiceCalls(watch: ((call: ObservedServiceCall) => void) | null): void {
  observer = watch;
}

/**
 * A call is tried again only when it cannot have been applied twice: a connection refused never
 * reached the service (any method), and a GET changes nothing, so one whose connection broke before
 * any answer (a kept-alive socket the service had just closed) is asked again. A POST that may have
 * reached the service (reset, timeout) is never repeated: the order or the points could be taken twice.
 */
export function shouldRetry(method: HttpMethod, error: unknown): boolean {
  if (!(error instanceof UpstreamUnavailable) || error.answerStarted) return false;
  if (error.code === 'ECONNREFUSED') return true;
  return method === 'GET' && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
}

/**
 * The instances of a service in turn (round robin), each call starting at the next one. An instance
 * that refused a connection is passed over for a few seconds (it is down or restarting), unless
 * every instance is; a retried call goes to the next instance, so one stopped instance costs no call
 * that could safely be tried again.
 */
export function instanceRotation(baseUrl: string, now: () => number = Date.now) {
  const instances = serviceInstances(baseUrl);
  if (instances.length === 0) throw new Error(`A service URL is needed, got "${baseUrl}"`);
  const downUntil = new Map<string, number>();
  let turn = 0;
  return {
    size: instances.length,
    /** The instances for one call, the first to try first (shared between calls: not to be changed). */
    order(): readonly string[] {
      // One instance, the usual case: no rotation, nothing to pass over (refused() keeps none down).
      if (instances.length === 1) return instances;
      const start = turn++ % instances.length;
      const rotated = [...instances.slice(start), ...instances.slice(0, start)];
      const at = now();
      const up = rotated.filter((instance) => (downUntil.get(instance) ?? 0) <= at);
      return [...up, ...rotated.filter((instance) => !up.includes(instance))];
    },
    refused(instance: string): void {
      if (instances.length > 1) downUntil.set(instance, now() + INSTANCE_DOWN_MS);
    },
  };
}

/** How long an instance that refused a connection is passed over. */
const INSTANCE_DOWN_MS = 5000;

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const rotation = instanceRotation(options.baseUrl);
  const retries = Math.max(options.retries ?? 1, rotation.size - 1);

  const call = async <T>(method: HttpMethod, path: string, body: unknown, callOptions: ServiceCallOptions): Promise<JsonAnswer<T>> => {
    const headers: Record<string, string> = { ...callOptions.headers, ...requestIdHeaders() };
    if (path.startsWith('/internal/') && options.internalSecret) headers['x-internal-secret'] = options.internalSecret;
    if (callOptions.bearer) headers.authorization = `Bearer ${callOptions.bearer}`;
    const request = {
      body,
      headers,
      timeoutMs: callOptions.timeoutMs ?? options.timeoutMs ?? 3000,
      maxBytes: callOptions.maxBytes,
      area: options.area,
    };
    const instances = rotation.order();
    for (let attempt = 0; ; attempt += 1) {
      const instance = instances[attempt % instances.length]!;
      try {
        const answer = await requestJson<T>(method, `${instance}${path}`, request);
        observer?.({ method, path, body, answer });
        return answer;
      } catch (error) {
        if (error instanceof UpstreamUnavailable && error.code === 'ECONNREFUSED') rotation.refused(instance);
        if (attempt >= retries || !shouldRetry(method, error)) throw error;
      }
    }
  };

  return {
    area: options.area,
    get: (path, callOptions = {}) => call('GET', path, undefined, callOptions),
    post: (path, body, callOptions = {}) => call('POST', path, body, callOptions),
    unavailable: (reason) => new UpstreamUnavailable(options.area, new Error(reason)),
  };
}
