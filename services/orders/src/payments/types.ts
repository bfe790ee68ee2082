import type { MpesaPushResponse, PaymentState } from '@shop/api-types';
import { cents, count } from '@shop/service-kit';

export type ProviderName = 'simulator' | 'dpo' | 'mpesa';
export type PaymentMethodKind = 'hosted' | 'mpesa';

export interface PaymentRow {
  id: number;
  order_id: number;
  provider: ProviderName;
  method: PaymentMethodKind;
  reference: string;
  amount_cents: number;
  currency: string;
  state: PaymentState;
  provider_ref: string | null;
  phone: string | null;
  raw_result: string | null;
  /** Set when the provider confirmed this payment after its order was cancelled unpaid, or after another payment had paid it: the money is owed back. */
  refund_due_at: Date | string | null;
  /** When staff marked this payment's money as sent back, and who. */
  refunded_at: Date | string | null;
  refunded_by_id: number | null;
  refunded_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * The one mapping from a payments row as the database answers it (MySQL and SQLite differ in how
 * they type numbers) to the PaymentRow the service works with: ids and cents as numbers.
 */
export function paymentRecordOf(row: PaymentRow): PaymentRow {
  return {
    ...row,
    id: count(row.id),
    order_id: count(row.order_id),
    amount_cents: cents(row.amount_cents),
    refunded_by_id: row.refunded_by_id === null || row.refunded_by_id === undefined ? null : count(row.refunded_by_id),
  };
}

/** What a payment page or a push needs to know about the order. */
export interface PayableOrder {
  id: number;
  orderNumber: string;
  amountCents: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** A provider's answer about one payment, already mapped to our three states. */
export interface VerifyResult {
  state: PaymentState;
  /** Amount the provider says was paid (cents), when it says; a paid answer whose amount differs stays pending. */
  amountCents: number | null;
  currency: string | null;
  /** TransRef / receipt number. */
  providerRef: string | null;
  /** For people: the provider's explanation. */
  message: string;
  /** The provider's answer as received, kept on the payment row for support. */
  raw: unknown;
}

/** A hosted payment page (DPO, or the simulator standing in for it). */
export interface HostedProvider {
  readonly name: 'dpo' | 'simulator';
  /** Opens a payment for the order; the shopper is then sent to pageUrl(reference). */
  start(order: PayableOrder): Promise<{ reference: string; providerRef: string | null; raw: unknown }>;
  pageUrl(reference: string): string;
  verify(payment: PaymentRow): Promise<VerifyResult>;
}

/** An STK push (Daraja, or the simulator playing it). */
export interface MobileMoneyProvider {
  readonly name: 'mpesa' | 'simulator';
  push(order: PayableOrder, phone: string, amountCents: number): Promise<{ answer: MpesaPushResponse; raw: unknown }>;
  query(payment: PaymentRow): Promise<VerifyResult>;
}

/** The provider refused or answered nonsense (not a network failure). */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    readonly raw: unknown = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
