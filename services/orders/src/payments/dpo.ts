import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { toCents } from '@shop/money';
import { httpRequest } from '@shop/service-kit';
import type { DpoSettings } from '../config';
import { dpoServiceDate } from '../orders/nairobi-time';
import { ProviderError, type HostedProvider, type PayableOrder, type PaymentRow, type VerifyResult } from './types';

/** DPO verifyToken Result codes (API v6). 002 needs review: it stays pending until DPO settles it. */
const PAID = new Set(['000']);
const PENDING = new Set(['001', '002', '003', '005', '007', '900']);
const FAILED = new Set(['901', '903', '904']);

const builder = new XMLBuilder({ format: false, suppressEmptyNode: false });
// Values stay strings: '000' must not become 0, and amounts are parsed to cents by us.
const parser = new XMLParser({ parseTagValue: false, trimValues: true, ignoreDeclaration: true });

/** 193050 → '1930.50' without floating point. */
export function dpoAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

type Fields = Record<string, string | undefined>;

/**
 * DPO (3G Direct Pay) API v6: createToken for the hosted page, verifyToken to confirm. One XML
 * endpoint, {base}/API/v6/; the shopper pays on {base}/payv2.php?ID={TransToken}.
 */
export class DpoProvider implements HostedProvider {
  readonly name = 'dpo' as const;

  constructor(
    private readonly settings: DpoSettings,
    private readonly publicUrl: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  pageUrl(reference: string): string {
    return `${this.settings.baseUrl}/payv2.php?ID=${encodeURIComponent(reference)}`;
  }

  async start(order: PayableOrder): Promise<{ reference: string; providerRef: string | null; raw: unknown }> {
    const answer = await this.call({
      CompanyToken: this.settings.companyToken,
      Request: 'createToken',
      Transaction: {
        PaymentAmount: dpoAmount(order.amountCents),
        PaymentCurrency: 'KES',
        CompanyRef: order.orderNumber,
        RedirectURL: `${this.publicUrl}/api/site/v1/dpo/callback`,
        BackURL: `${this.publicUrl}/failed?order_id=${encodeURIComponent(order.orderNumber)}`,
        CompanyRefUnique: '1',
        PTL: String(this.settings.ptlHours),
        customerFirstName: order.firstName,
        customerLastName: order.lastName,
        customerEmail: order.email,
        // DPO wants the number without the trunk 0, with the country as dial code.
        customerPhone: order.phone.replace(/^0/, ''),
        customerDialCode: 'KE',
        customerCountry: 'KE',
      },
      Services: {
        Service: {
          ServiceType: this.settings.serviceType,
          ServiceDescription: `Shwari Shop order ${order.orderNumber}`,
          ServiceDate: dpoServiceDate(this.clock()),
        },
      },
    });
    if (answer.Result !== '000' || !answer.TransToken) {
      throw new ProviderError(
        'dpo',
        `createToken answered ${answer.Result ?? '?'}: ${answer.ResultExplanation ?? 'no explanation'}`,
        answer,
      );
    }
    return {
      reference: answer.TransToken,
      providerRef: answer.TransRef ?? null,
      raw: answer,
    };
  }

  async verify(payment: PaymentRow): Promise<VerifyResult> {
    const answer = await this.call({
      CompanyToken: this.settings.companyToken,
      Request: 'verifyToken',
      TransactionToken: payment.reference,
    });
    const code = answer.Result ?? '';
    const message = answer.ResultExplanation ?? `Result ${code}`;
    const base = { currency: answer.TransactionCurrency ?? null, providerRef: null, message, raw: answer };
    if (PAID.has(code)) {
      let amountCents: number | null = null;
      try {
        amountCents = answer.TransactionAmount ? toCents(answer.TransactionAmount) : null;
      } catch {
        amountCents = null;
      }
      // A paid answer must say how much: without an amount there is nothing to match, so it is not trusted.
      return { ...base, state: 'paid', amountCents: amountCents ?? -1 };
    }
    if (FAILED.has(code)) return { ...base, state: 'failed', amountCents: null };
    // PENDING codes, and any code this adapter does not know, leave the payment pending for the reconciler.
    return {
      ...base,
      state: 'pending',
      amountCents: null,
      message: PENDING.has(code) ? message : `Unknown DPO result ${code}: ${message}`,
    };
  }

  private async call(request: Record<string, unknown>): Promise<Fields> {
    const xml = `<?xml version="1.0" encoding="utf-8"?>${builder.build({ API3G: request }) as string}`;
    const answer = await httpRequest({
      method: 'POST',
      url: `${this.settings.baseUrl}/API/v6/`,
      headers: { 'content-type': 'application/xml', accept: 'application/xml' },
      body: xml,
      timeoutMs: 15_000,
    });
    if (answer.status !== 200) throw new ProviderError('dpo', `DPO answered HTTP ${answer.status}`, answer.text.slice(0, 2000));
    let parsed: unknown;
    try {
      parsed = parser.parse(answer.text);
    } catch {
      throw new ProviderError('dpo', 'DPO answered something that is not XML', answer.text.slice(0, 2000));
    }
    const root = (parsed as { API3G?: unknown }).API3G;
    if (typeof root !== 'object' || root === null)
      throw new ProviderError('dpo', 'DPO answered XML without API3G', answer.text.slice(0, 2000));
    const fields: Fields = {};
    for (const [key, value] of Object.entries(root)) if (typeof value === 'string') fields[key] = value;
    return fields;
  }
}
