import http from 'node:http';
import https from 'node:https';

/**
 * A small HTTP client on keep-alive agents (the same as the orders service's): calls to the other
 * services and to the language model reuse their connections instead of paying for a new one each.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32, maxFreeSockets: 32 }),
};

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxBytes?: number;
}

/** The other side could not be reached or did not answer in time (not an HTTP error status). */
export class UpstreamUnavailable extends Error {
  constructor(
    readonly target: string,
    cause: unknown,
  ) {
    super(`${target} is unreachable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'UpstreamUnavailable';
  }
}

export function httpRequest(request: HttpRequest): Promise<HttpAnswer> {
  // An optional caller-side cap on the answer, so a misbehaving peer cannot fill the memory.
  const maxBytes = request.maxBytes ?? 5_000_000;
  const url = new URL(request.url);
  const transport = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = transport.request(url, { method: request.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) req.destroy(new Error(`answer larger than ${maxBytes} bytes`));
        else chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => reject(new UpstreamUnavailable(url.host, error)));
    });
    req.setTimeout(request.timeoutMs ?? 5000, () => req.destroy(new Error(`no answer within ${request.timeoutMs ?? 5000} ms`)));
    req.on('error', (error) => reject(new UpstreamUnavailable(url.host, error)));
    req.end(request.body);
  });
}

export interface JsonAnswer<T> {
  status: number;
  body: T;
}

/** JSON in, JSON out. Answers whatever status came back; only an unreachable peer throws. */
export async function requestJson<T>(method: 'GET' | 'POST', url: string, options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number; maxBytes?: number } = {}): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const answer = await httpRequest({ method, url, headers, body, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes });
  let parsed: unknown = null;
  if (answer.text !== '') {
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      throw new UpstreamUnavailable(new URL(url).host, new Error(`answered ${answer.status} with a body that is not JSON`));
    }
  }
  return { status: answer.status, body: parsed as T };
}
