import http from 'node:http';
import { randomBytes } from 'node:crypto';

/**
 * A local stand-in for Safaricom's Daraja that speaks its wire format: OAuth client credentials
 * (Basic key:secret, expires_in as a string), STK push and STK query (JSON, bearer token), with
 * the query's "being processed" error body while a prompt is open. Tests set each request's result.
 */
export interface FakePush {
  checkoutRequestId: string;
  body: Record<string, unknown>;
  /** null while the prompt is open (the query answers the "being processed" error). */
  resultCode: string | null;
  resultDesc?: string;
}

export interface FakeDaraja {
  url: string;
  key: string;
  secret: string;
  pushes: Map<string, FakePush>;
  tokensIssued: number;
  queries: number;
  /** Seconds the OAuth token lives, as Daraja answers it (a string). */
  expiresIn: string;
  /** The next push is refused with this error body. */
  failNextPush: { errorCode: string; errorMessage: string } | null;
  /** Revokes every token issued so far (the next call with one answers 401). */
  revokeTokens(): void;
  settle(checkoutRequestId: string, resultCode: string, resultDesc?: string): void;
  close(): Promise<void>;
}

export async function startFakeDaraja(key = 'test-consumer-key', secret = 'test-consumer-secret'): Promise<FakeDaraja> {
  const liveTokens = new Set<string>();
  const fake: Omit<FakeDaraja, 'url' | 'close'> = {
    key,
    secret,
    pushes: new Map(),
    tokensIssued: 0,
    queries: 0,
    expiresIn: '3599',
    failNextPush: null,
    revokeTokens() {
      liveTokens.clear();
    },
    settle(checkoutRequestId, resultCode, resultDesc) {
      const push = this.pushes.get(checkoutRequestId)!;
      push.resultCode = resultCode;
      push.resultDesc = resultDesc;
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname === '/oauth/v1/generate' && url.searchParams.get('grant_type') === 'client_credentials') {
        const expected = `Basic ${Buffer.from(`${fake.key}:${fake.secret}`).toString('base64')}`;
        if (req.headers.authorization !== expected)
          return send(400, { requestId: 'x', errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
        const token = randomBytes(12).toString('base64url');
        liveTokens.add(token);
        fake.tokensIssued += 1;
        return send(200, { access_token: token, expires_in: fake.expiresIn });
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !liveTokens.has(bearer))
        return send(401, { requestId: 'x', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(400, { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Body' });
      }
      if (req.method === 'POST' && url.pathname === '/mpesa/stkpush/v1/processrequest') {
        if (fake.failNextPush) {
          const failure = fake.failNextPush;
          fake.failNextPush = null;
          return send(400, { requestId: 'x', ...failure });
        }
        const checkoutRequestId = `ws_CO_${Date.now()}${randomBytes(4).toString('hex')}`;
        fake.pushes.set(checkoutRequestId, { checkoutRequestId, body, resultCode: null });
        return send(200, {
          MerchantRequestID: `MR-${randomBytes(4).toString('hex')}`,
          CheckoutRequestID: checkoutRequestId,
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        });
      }
      if (req.method === 'POST' && url.pathname === '/mpesa/stkpushquery/v1/query') {
        fake.queries += 1;
        const push = fake.pushes.get(String(body.CheckoutRequestID));
        if (!push)
          return send(500, {
            requestId: 'x',
            errorCode: '500.001.1001',
            errorMessage: 'Unable to lock subscriber, a transaction is already in process for the current subscriber',
          });
        if (push.resultCode === null)
          return send(500, { requestId: 'x', errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
        return send(200, {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: 'MR',
          CheckoutRequestID: push.checkoutRequestId,
          ResultCode: push.resultCode,
          ResultDesc:
            push.resultDesc ?? (push.resultCode === '0' ? 'The service request is processed successfully.' : 'Request cancelled by user'),
        });
      }
      return send(404, { errorMessage: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
