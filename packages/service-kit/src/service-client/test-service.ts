import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test helpers: a tiny service over real HTTP, to see what a client sends and how it takes answers. */

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestService {
  url: string;
  /** Every request so far, in the order they came. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** A tiny service on a free port; `answer` decides what each request gets (`count` is 1 for the first). */
export async function startService(
  answer: (req: http.IncomingMessage, res: http.ServerResponse, count: number, body: string) => void,
): Promise<TestService> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(req, res, seen.length, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, seen, close };
}

export function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
