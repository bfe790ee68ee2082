import http from 'node:http';
import type { RunningServer } from '@shop/service-kit';

export interface FakeLlm extends RunningServer {
  /** The chat-completions URL to configure as CHAT_LLM_URL. */
  endpoint: string;
  /** What each request carried (parsed JSON body and headers). */
  requests: Array<{ body: { model: string; messages: Array<{ role: string; content: string }> }; authorization: string | undefined }>;
  /** How the next requests are answered: the assistant's message content, or a raw status and body, after an optional delay. */
  answer(next: { content?: string; status?: number; raw?: string; delayMs?: number }): void;
}

/** A local stand-in for an OpenAI-compatible chat-completions endpoint (POST /v1/chat/completions). */
export function startFakeLlm(): Promise<FakeLlm> {
  let next: { content?: string; status?: number; raw?: string; delayMs?: number } = { content: '{"intent":"unknown"}' };
  const requests: FakeLlm['requests'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      requests.push({ body: JSON.parse(body), authorization: req.headers.authorization });
      const { content, status = 200, raw, delayMs = 0 } = next;
      const payload =
        raw ??
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        });
      const timer = setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' }).end(payload);
      }, delayMs);
      timer.unref();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      const url = `http://127.0.0.1:${port}`;
      resolve({
        server,
        port,
        url,
        endpoint: `${url}/v1/chat/completions`,
        requests,
        answer: (value) => {
          next = value;
        },
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    }),
  );
}
