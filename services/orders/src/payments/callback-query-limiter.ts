/**
 * How often unsigned M-Pesa callbacks may make this process ask Daraja (STK query). A callback is
 * only a hint, and anyone can send one: without a cap, a flood of callbacks for one pending push
 * would become a flood of queries on the shop's Daraja credentials. Per CheckoutRequestID: one
 * query at a time, and none again within `intervalMs` of the last one started; overall: at most
 * `perMinute` queries in any 60 seconds. A callback refused here loses nothing: the shopper's
 * status check and the reconciler ask Daraja about every pending payment anyway.
 *
 * The counts are this process's own (each replica has its own cap).
 */
export interface CallbackQueryLimits {
  /** Per CheckoutRequestID, ms between the starts of two callback-triggered queries; 0: only one at a time. */
  intervalMs: number;
  /** Callback-triggered queries in any 60 seconds, all CheckoutRequestIDs together. */
  perMinute: number;
}

export type CallbackQueryRefusal = 'in-flight' | 'too-soon' | 'global-cap';

const WINDOW_MS = 60_000;

export class CallbackQueryLimiter {
  private readonly inFlight = new Set<string>();
  /** The start of each id's last query, oldest first (an id moves to the end when it starts again). */
  private readonly lastStarted = new Map<string, number>();
  /** Starts of the queries of the last minute, oldest first. */
  private readonly recent: number[] = [];

  constructor(
    private readonly limits: CallbackQueryLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** A release function when a query for this id may start now; otherwise why not. */
  tryStart(checkoutRequestId: string): (() => void) | CallbackQueryRefusal {
    const at = this.now();
    this.forgetBefore(at);
    if (this.inFlight.has(checkoutRequestId)) return 'in-flight';
    const last = this.lastStarted.get(checkoutRequestId);
    if (last !== undefined && at - last < this.limits.intervalMs) return 'too-soon';
    if (this.recent.length >= this.limits.perMinute) return 'global-cap';
    this.inFlight.add(checkoutRequestId);
    this.lastStarted.delete(checkoutRequestId);
    this.lastStarted.set(checkoutRequestId, at);
    this.recent.push(at);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight.delete(checkoutRequestId);
    };
  }

  /** Keeps memory bounded by what the limits can still refuse. */
  private forgetBefore(at: number): void {
    while (this.recent.length > 0 && at - this.recent[0]! >= WINDOW_MS) this.recent.shift();
    for (const [id, started] of this.lastStarted) {
      if (at - started < this.limits.intervalMs) break;
      this.lastStarted.delete(id);
    }
  }
}
