/**
 * Leaving the shop for the hosted payment page. One object the page calls at run time, so tests
 * can stand in for window.location.assign (jsdom makes location's methods unforgeable).
 */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Only http(s) addresses are followed: a payment answer must never run script in the shop. */
export function safePaymentUrl(url: unknown): string | null {
  if (typeof url !== 'string' || !url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
