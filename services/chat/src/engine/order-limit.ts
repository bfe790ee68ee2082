import { addressGroup } from '@shop/service-kit';

/**
 * Orders placed through the assistant reach the orders service directly, not through the gateway,
 * so the gateway's per-address limit on POST /api/site/orders/store does not see them: the
 * assistant keeps the same kind of limit itself, per client address (the gateway passes the
 * shopper's address in x-forwarded-for, overwriting whatever the client claimed) and minute,
 * counted as the gateway counts it (an IPv6 address by its /64, see addressGroup).
 */
export class OrderLimit {
  private readonly placed = new Map<string, number[]>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True, and counted, when this address may place another order now. */
  take(clientAddress: string): boolean {
    const address = addressGroup(clientAddress);
    const now = this.now();
    const recent = (this.placed.get(address) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= this.perMinute) {
      this.placed.set(address, recent);
      return false;
    }
    recent.push(now);
    this.placed.set(address, recent);
    if (this.placed.size > 10_000)
      for (const [key, times] of this.placed) if (times.every((at) => now - at >= 60_000)) this.placed.delete(key);
    return true;
  }
}
