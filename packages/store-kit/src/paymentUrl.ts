/**
 * Only http(s) addresses are followed: a payment answer (the checkout's hosted page, the
 * assistant's payment link) must never run script in the shop, so a `javascript:` or `data:`
 * address is refused. Relative addresses resolve against the page.
 */
export function safePaymentUrl(url: unknown): string | null {
  if (typeof url !== 'string' || !url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
