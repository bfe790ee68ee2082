import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/**
 * A local stand-in for DPO's API v6 that speaks its wire format: one endpoint, POST /API/v6/, XML
 * <API3G> with CompanyToken and Request (createToken, verifyToken). Tests decide what verifyToken
 * answers per token. Listens on 127.0.0.1 on a free port.
 */
export interface FakeDpoToken {
  token: string;
  transRef: string;
  /** The createToken request as parsed. */
  request: Record<string, unknown>;
  /** What verifyToken answers; default 900 (not paid yet). */
  verify: { Result: string; ResultExplanation?: string; TransactionAmount?: string; TransactionCurrency?: string };
}

export interface FakeDpo {
  url: string;
  companyToken: string;
  tokens: Map<string, FakeDpoToken>;
  /** Every XML body received, in order. */
  received: string[];
  verifyCalls: number;
  /** The next createToken answers this error instead (e.g. { Result: '801', ResultExplanation: 'Request missing company token' }). */
  failNextCreate: { Result: string; ResultExplanation: string } | null;
  /** While true every call answers HTTP 500. */
  down: boolean;
  paid(token: string, overrides?: Partial<FakeDpoToken['verify']>): void;
  answer(token: string, verify: FakeDpoToken['verify']): void;
  close(): Promise<void>;
}

const parser = new XMLParser({ parseTagValue: false });
const builder = new XMLBuilder({});
const xml = (fields: Record<string, unknown>) => `<?xml version="1.0" encoding="utf-8"?>${builder.build({ API3G: fields }) as string}`;

export async function startFakeDpo(companyToken = 'TEST-COMPANY-TOKEN'): Promise<FakeDpo> {
  const fake: Omit<FakeDpo, 'url' | 'close'> = {
    companyToken,
    tokens: new Map(),
    received: [],
    verifyCalls: 0,
    failNextCreate: null,
    down: false,
    paid(token, overrides = {}) {
      const entry = this.tokens.get(token)!;
      const transaction = entry.request.Transaction as Record<string, string>;
      entry.verify = {
        Result: '000',
        ResultExplanation: 'Transaction Paid',
        TransactionAmount: transaction.PaymentAmount,
        TransactionCurrency: transaction.PaymentCurrency,
        ...overrides,
      };
    },
    answer(token, verify) {
      this.tokens.get(token)!.verify = verify;
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      fake.received.push(body);
      const send = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(text);
      };
      if (fake.down) return send(500, '<html>Internal Server Error</html>');
      if (req.method !== 'POST' || req.url !== '/API/v6/') return send(404, xml({ Result: '999', ResultExplanation: 'Not found' }));
      const request = (parser.parse(body) as { API3G?: Record<string, unknown> }).API3G ?? {};
      if (request.CompanyToken !== fake.companyToken)
        return send(200, xml({ Result: '802', ResultExplanation: 'Company token does not exist' }));
      if (request.Request === 'createToken') {
        if (fake.failNextCreate) {
          const failure = fake.failNextCreate;
          fake.failNextCreate = null;
          return send(200, xml(failure));
        }
        const token = randomBytes(16)
          .toString('hex')
          .toUpperCase()
          .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
        const transRef = `R${randomBytes(4).readUInt32BE(0)}`;
        fake.tokens.set(token, { token, transRef, request, verify: { Result: '900', ResultExplanation: 'Transaction not paid yet' } });
        return send(200, xml({ Result: '000', ResultExplanation: 'Transaction created', TransToken: token, TransRef: transRef }));
      }
      if (request.Request === 'verifyToken') {
        fake.verifyCalls += 1;
        const entry = fake.tokens.get(String(request.TransactionToken ?? ''));
        if (!entry) return send(200, xml({ Result: '950', ResultExplanation: 'Request missing mandatory fields' }));
        return send(200, xml({ CustomerName: 'Test Shopper', TransactionApproval: '123456', ...entry.verify }));
      }
      return send(200, xml({ Result: '999', ResultExplanation: 'Unknown request' }));
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
