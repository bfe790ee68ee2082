import type { MpesaPushResponse } from '@shop/api-types';
import { requestJson } from '@shop/service-kit';
import type { MpesaSettings } from '../config';
import { darajaTimestamp } from '../orders/nairobi-time';
import { ProviderError, type MobileMoneyProvider, type PayableOrder, type PaymentRow, type VerifyResult } from './types';

/** STK query ResultCodes that end a payment without money (Daraja's documented ones). */
const FAILED_CODES: Record<string, string> = {
  '1': 'The balance is insufficient for the transaction.',
  '1001': 'Another M-Pesa transaction is in progress on this phone.',
  '1019': 'The transaction expired.',
  '1025': 'The payment prompt could not be sent.',
  '1032': 'The request was cancelled by the user.',
  '1037': 'The phone could not be reached (timeout).',
  '2001': 'The M-Pesa PIN entered was wrong.',
};

export const STILL_PROCESSING = 'The transaction is being processed';

/** Refresh the OAuth token this long before Daraja says it expires. */
const TOKEN_MARGIN_MS = 60_000;

interface DarajaError {
  requestId?: string;
  errorCode?: string;
  errorMessage?: string;
}

interface QueryAnswer extends DarajaError {
  ResponseCode?: string;
  ResponseDescription?: string;
  ResultCode?: string | number;
  ResultDesc?: string;
}

/** What Daraja's STK push needs for one order. */
export function stkPushBody(
  settings: MpesaSettings,
  input: { orderNumber: string; phone: string; amountCents: number; callbackUrl: string; now: Date },
) {
  const timestamp = darajaTimestamp(input.now);
  return {
    BusinessShortCode: settings.shortcode,
    Password: Buffer.from(`${settings.shortcode}${settings.passkey}${timestamp}`).toString('base64'),
    Timestamp: timestamp,
    TransactionType: 'CustomerPayBillOnline',
    // Whole shillings: the order total rounded up.
    Amount: Math.ceil(input.amountCents / 100),
    PartyA: input.phone,
    PartyB: settings.shortcode,
    PhoneNumber: input.phone,
    CallBackURL: input.callbackUrl,
    AccountReference: input.orderNumber.slice(0, 12),
    TransactionDesc: 'Shwari order'.slice(0, 13),
  };
}

/**
 * M-Pesa Daraja: OAuth client credentials (token cached until shortly before it expires), STK push,
 * and STK query, which is the only answer trusted (callbacks are unsigned).
 */
export class MpesaProvider implements MobileMoneyProvider {
  readonly name = 'mpesa' as const;
  private token: { value: string; expiresAt: number } | null = null;
  private fetching: Promise<string> | null = null;

  constructor(
    private readonly settings: MpesaSettings,
    private readonly publicUrl: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async push(order: PayableOrder, phone: string, amountCents: number): Promise<{ answer: MpesaPushResponse; raw: unknown }> {
    const body = stkPushBody(this.settings, {
      orderNumber: order.orderNumber,
      phone,
      amountCents,
      callbackUrl: `${this.publicUrl}/api/site/v1/mpesa/callback`,
      now: this.clock(),
    });
    const answer = await this.authorized<MpesaPushResponse & DarajaError & { ResponseDescription?: string }>(
      '/mpesa/stkpush/v1/processrequest',
      body,
    );
    const result = answer.body;
    if (answer.status !== 200 || result?.ResponseCode !== '0' || !result.CheckoutRequestID) {
      throw new ProviderError(
        'mpesa',
        `STK push refused: ${result?.errorMessage ?? result?.ResponseDescription ?? `HTTP ${answer.status}`}`,
        result,
      );
    }
    return {
      answer: {
        MerchantRequestID: result.MerchantRequestID,
        CheckoutRequestID: result.CheckoutRequestID,
        ResponseCode: result.ResponseCode,
        CustomerMessage: result.CustomerMessage,
      },
      raw: result,
    };
  }

  async query(payment: PaymentRow): Promise<VerifyResult> {
    const timestamp = darajaTimestamp(this.clock());
    const answer = await this.authorized<QueryAnswer>('/mpesa/stkpushquery/v1/query', {
      BusinessShortCode: this.settings.shortcode,
      Password: Buffer.from(`${this.settings.shortcode}${this.settings.passkey}${timestamp}`).toString('base64'),
      Timestamp: timestamp,
      CheckoutRequestID: payment.reference,
    });
    const result = answer.body ?? {};
    const base = { amountCents: null, currency: null, providerRef: null, raw: result };
    if (result.errorMessage && /being processed/i.test(result.errorMessage))
      return { ...base, state: 'pending', message: STILL_PROCESSING };
    if (answer.status !== 200 || result.ResultCode === undefined) {
      throw new ProviderError('mpesa', `STK query failed: ${result.errorMessage ?? `HTTP ${answer.status}`}`, result);
    }
    const code = String(result.ResultCode);
    // The query does not say the amount: Daraja charges exactly what the push asked for.
    if (code === '0') return { ...base, state: 'paid', message: result.ResultDesc ?? 'The service request is processed successfully.' };
    const failure = FAILED_CODES[code];
    if (failure) return { ...base, state: 'failed', message: result.ResultDesc ?? failure };
    return { ...base, state: 'pending', message: `Unknown M-Pesa result ${code}: ${result.ResultDesc ?? ''}`.trim() };
  }

  /** A Daraja call with a bearer token; a 401 (token revoked early) gets one fresh token and one retry. */
  private async authorized<T>(path: string, body: unknown): Promise<{ status: number; body: T | null }> {
    const send = async () =>
      requestJson<T | null>('POST', `${this.settings.baseUrl}${path}`, {
        body,
        headers: { authorization: `Bearer ${await this.accessToken()}` },
        timeoutMs: 15_000,
      });
    let answer = await send();
    if (answer.status === 401) {
      this.token = null;
      answer = await send();
    }
    return answer;
  }

  async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    this.fetching ??= (async () => {
      try {
        const basic = Buffer.from(`${this.settings.consumerKey}:${this.settings.consumerSecret}`).toString('base64');
        const answer = await requestJson<{ access_token?: string; expires_in?: string | number } & DarajaError>(
          'GET',
          `${this.settings.baseUrl}/oauth/v1/generate?grant_type=client_credentials`,
          {
            headers: { authorization: `Basic ${basic}` },
            timeoutMs: 10_000,
          },
        );
        const token = answer.body?.access_token;
        if (answer.status !== 200 || !token)
          throw new ProviderError('mpesa', `OAuth refused: ${answer.body?.errorMessage ?? `HTTP ${answer.status}`}`, answer.body);
        const seconds = Number(answer.body?.expires_in ?? 3599);
        this.token = {
          value: token,
          expiresAt: Date.now() + Math.max(0, (Number.isFinite(seconds) ? seconds : 3599) * 1000 - TOKEN_MARGIN_MS),
        };
        return token;
      } finally {
        this.fetching = null;
      }
    })();
    return this.fetching;
  }
}
