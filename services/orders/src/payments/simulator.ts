import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { MpesaPushResponse } from '@shop/api-types';
import { cents, count, sqlTimestamp } from '@shop/service-kit';
import { darajaTimestamp } from '../orders/nairobi-time';
import { STILL_PROCESSING } from './mpesa';
import type { HostedProvider, MobileMoneyProvider, PayableOrder, PaymentRow, VerifyResult } from './types';

export type SimulatedOutcome = 'pending' | 'paid' | 'declined' | 'cancelled';

export interface SimulatorRow {
  reference: string;
  method: 'hosted' | 'mpesa';
  order_number: string;
  amount_cents: number;
  phone: string | null;
  outcome: SimulatedOutcome;
  receipt: string | null;
  settles_at_ms: number | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

const receipt = (): string => `SIM${randomBytes(4).toString('hex').toUpperCase().slice(0, 7)}`;

/**
 * Stands in for DPO's hosted page and for M-Pesa on a machine without credentials, so the whole
 * flow runs locally. It keeps its own record (simulator_payments) of what the "shopper" chose on
 * its page, and its verify reads that record, exactly as DPO's verifyToken reads DPO's. The push
 * settles SIMULATOR_PUSH_DELAY_MS after it was sent: paid, or declined when the phone ends in 1.
 * Refused in production (see config).
 */
export class PaymentSimulator implements HostedProvider, MobileMoneyProvider {
  readonly name = 'simulator' as const;

  constructor(
    private readonly db: Knex,
    private readonly pushDelayMs: number,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Relative: the page is served by this service through the gateway, on the shop's own origin. */
  pageUrl(reference: string): string {
    return `/api/site/v1/simulator/${encodeURIComponent(reference)}`;
  }

  async start(order: PayableOrder): Promise<{ reference: string; providerRef: string | null; raw: unknown }> {
    const reference = randomUUID().toUpperCase();
    await this.insert({
      reference,
      method: 'hosted',
      order_number: order.orderNumber,
      amount_cents: order.amountCents,
      phone: null,
      settles_at_ms: null,
    });
    return { reference, providerRef: null, raw: { simulated: true } };
  }

  async push(order: PayableOrder, phone: string, amountCents: number): Promise<{ answer: MpesaPushResponse; raw: unknown }> {
    const reference = `ws_CO_${darajaTimestamp(this.clock())}${randomBytes(6).toString('hex')}`;
    await this.insert({
      reference,
      method: 'mpesa',
      order_number: order.orderNumber,
      amount_cents: amountCents,
      phone,
      settles_at_ms: this.clock().getTime() + this.pushDelayMs,
    });
    const answer: MpesaPushResponse = {
      MerchantRequestID: `SIM-${randomBytes(6).toString('hex')}`,
      CheckoutRequestID: reference,
      ResponseCode: '0',
      CustomerMessage: 'Success. Request accepted for processing',
    };
    return { answer, raw: { simulated: true, ...answer } };
  }

  /** The hosted page's buttons: the first decision wins. Answers the record after it (undefined when unknown). */
  async decide(reference: string, outcome: Exclude<SimulatedOutcome, 'pending'>): Promise<SimulatorRow | undefined> {
    await this.db('simulator_payments')
      .where({ reference, outcome: 'pending' })
      .update({ outcome, receipt: outcome === 'paid' ? receipt() : null, decided_at: sqlTimestamp(this.clock()) });
    return this.find(reference);
  }

  async find(reference: string): Promise<SimulatorRow | undefined> {
    const row: (Omit<SimulatorRow, 'settles_at_ms'> & { settles_at_ms: number | string | null }) | undefined = await this.db(
      'simulator_payments',
    )
      .where({ reference })
      .first('*');
    // settles_at_ms is a BIGINT: a string from MySQL past 2^53, read as a number here once.
    return (
      row && { ...row, amount_cents: cents(row.amount_cents), settles_at_ms: row.settles_at_ms === null ? null : count(row.settles_at_ms) }
    );
  }

  async verify(payment: PaymentRow): Promise<VerifyResult> {
    return this.result(await this.find(payment.reference));
  }

  async query(payment: PaymentRow): Promise<VerifyResult> {
    let row = await this.find(payment.reference);
    if (row && row.method === 'mpesa' && row.outcome === 'pending') {
      if (row.settles_at_ms !== null && this.clock().getTime() >= row.settles_at_ms)
        row = await this.decide(row.reference, row.phone?.endsWith('1') ? 'declined' : 'paid');
    }
    return this.result(row);
  }

  private result(row: SimulatorRow | undefined): VerifyResult {
    const raw = row ? { simulated: true, outcome: row.outcome, receipt: row.receipt } : { simulated: true, outcome: 'unknown' };
    const base = { amountCents: null, currency: null, providerRef: null, raw };
    if (!row) return { ...base, state: 'failed', message: 'Unknown transaction (simulated).' };
    switch (row.outcome) {
      case 'paid':
        return {
          state: 'paid',
          amountCents: row.amount_cents,
          currency: 'KES',
          providerRef: row.receipt,
          message: 'Paid (simulated).',
          raw,
        };
      case 'declined':
        return { ...base, state: 'failed', message: 'The payment was declined (simulated).' };
      case 'cancelled':
        return { ...base, state: 'failed', message: 'The payment was cancelled by the shopper (simulated).' };
      default:
        return { ...base, state: 'pending', message: row.method === 'mpesa' ? STILL_PROCESSING : 'Waiting for the shopper (simulated).' };
    }
  }

  private async insert(
    row: Pick<SimulatorRow, 'reference' | 'method' | 'order_number' | 'amount_cents' | 'phone' | 'settles_at_ms'>,
  ): Promise<void> {
    await this.db('simulator_payments').insert({
      ...row,
      outcome: 'pending',
      receipt: null,
      created_at: sqlTimestamp(this.clock()),
      decided_at: null,
    });
  }
}
