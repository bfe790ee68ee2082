import { requestIdHeaders } from '../request-context';
import { requestJson, UpstreamUnavailable, type HttpMethod, type JsonAnswer } from './http-request';

export interface ServiceClientOptions {
  /** What a shopper is told is unavailable when the service is down (see SHOP_SERVICES). */
  area: string;
  /** The service's origin, e.g. serviceUrl('catalog'). */
  baseUrl: string;
  /** Sent as x-internal-secret on every /internal/* call (see requireInternalSecret); never elsewhere. */
  internalSecret?: string;
  /** Default per-call time limit, connection to last byte (3000 ms). */
  timeoutMs?: number;
  /** How many more times a call is tried when that is safe (see shouldRetry); 1 by default. */
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

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const retries = options.retries ?? 1;

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
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await requestJson<T>(method, `${baseUrl}${path}`, request);
      } catch (error) {
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
