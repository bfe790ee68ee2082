import { acceptedLanguages, isShopLanguage, LANGUAGE_COOKIE, pickLanguage, type ShopLanguage } from '@shop/api-types';

interface LanguageRequest {
  cookies: { get(name: string): string | undefined };
  get(field: string): string;
}

/**
 * The language of a mail sent for a shopper's request: the one they chose in the storefront's
 * switch (the shop_lang cookie, forwarded by the gateway), else their browser's (Accept-Language),
 * else English. A mail they asked for should read like the page they asked from.
 */
export function requestLanguage(ctx: LanguageRequest): ShopLanguage {
  const chosen = ctx.cookies.get(LANGUAGE_COOKIE);
  if (isShopLanguage(chosen)) return chosen;
  return pickLanguage(acceptedLanguages(ctx.get('accept-language') || undefined));
}
