import http from 'node:http';
import https from 'node:https';
import { HttpError } from '../errors';

/**
 * Calls to the other services and to outside providers (payments, the language model) reuse
 * their connections instead of paying for a new one per request.
 */
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 32, maxFreeSockets: 32 }),
};

/**
 * The other side could not be reached, did not answer in time, or answered what cannot be used:
 * a 503 naming the area (what the shopper is told is unavailable), with what happened as its cause
 * for the log.
 */
export class UpstreamUnavailable extends HttpError {
  /** True once the first byte of an answer came: the request reached the other side. */
  readonly answerStarted: boolean;
  /** The socket error behind it (ECONNREFUSED, ECONNRESET...), if any. */
  readonly code: string | undefined;

  constructor(
    readonly area: string,
    cause: unknown,
    options: { answerStarted?: boolean } = {},
  ) {
    super(503, `The ${area} is unavailable right now. Please try again shortly.`);
    this.name = 'UpstreamUnavailable';
    // Not `instanceof Error`: node's own errors come from another realm under test runners.
    this.cause = typeof cause === 'object' && cause !== null && 'message' in cause ? cause : new Error(String(cause));
    this.answerStarted = options.answerStarted ?? true;
    this.code = (this.cause as NodeJS.ErrnoException).code;
  }
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export type HttpMethod = 'GET' | 'POST';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole call, connection to last byte (default 5000 ms). */
  timeoutMs?: number;
  /** A cap on the answer, so a misbehaving peer cannot fill the memory (default 5 MB). */
  maxBytes?: number;
  /** What a failure names; by default the URL's host. */
  area?: string;
}

/** Any status is an answer; only an unreachable, slow or cut-off peer throws UpstreamUnavailable. */
export function httpRequest(request: HttpRequest): Promise<HttpAnswer> {
  const url = new URL(request.url);
  const area = request.area ?? url.host;
  const timeoutMs = request.timeoutMs ?? 5000;
  const maxBytes = request.maxBytes ?? 5_000_000;
  const secure = url.protocol === 'https:';
  const signal = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise<HttpAnswer>((resolve, reject) => {
    let answerStarted = false;
    const fail = (error: unknown) => {
      const cause = signal.aborted ? new Error(`no answer within ${timeoutMs} ms`) : error;
      reject(new UpstreamUnavailable(area, cause, { answerStarted }));
    };
    const req = (secure ? https : http).request(
      url,
      { method: request.method, headers, agent: secure ? agents.https : agents.http, signal },
      (res) => {
        answerStarted = true;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) req.destroy(new Error(`answer larger than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', fail);
        res.on('close', () => {
          if (!res.complete) fail(new Error('the connection closed before the whole answer came'));
        });
      },
    );
    req.on('error', fail);
    req.end(request.body);
  });
}

export interface JsonAnswer<T> {
  status: number;
  body: T;
}

export interface JsonRequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxBytes?: number;
  area?: string;
}

/** JSON in, JSON out. Answers whatever status came back; an empty body reads as null. */
export async function requestJson<T>(method: HttpMethod, url: string, options: JsonRequestOptions = {}): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const answer = await httpRequest({
    method,
    url,
    headers,
    body,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    area: options.area,
  });
  let parsed: unknown = null;
  if (answer.text !== '') {
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      throw new UpstreamUnavailable(options.area ?? new URL(url).host, new Error(`answered ${answer.status} with a body that is not JSON`));
    }
  }
  return { status: answer.status, body: parsed as T };
}
