import { isApiErrorBody } from '@shop/api-types';
import { t } from './i18n/storeKitCatalog';

/**
 * The messages to show a shopper for a failed call: each field error, else the server's message,
 * else the given fallback (a network failure has neither), by default a plea to try again in the page's language.
 */
export function apiErrorMessages(error: unknown, fallback = t('error.generic')): string[] {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  if (isApiErrorBody(data)) {
    const fieldMessages = Object.values(data.errors ?? {}).flat();
    return fieldMessages.length ? [...new Set(fieldMessages)] : [data.message];
  }
  return [fallback];
}

/** The server's one-line message, or the fallback. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  return isApiErrorBody(data) ? data.message : fallback;
}

export const errorStatus = (error: unknown): number | string | undefined =>
  typeof error === 'object' && error !== null ? (error as { status?: number | string }).status : undefined;

/**
 * A failed call's messages by the field they are about (the server's 422 `errors`); a message
 * about no one field (the server's one line, or the fallback) is filed under `''`.
 */
export function apiFieldErrors(error: unknown, fallback = t('error.generic')): Record<string, string[]> {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  if (isApiErrorBody(data)) {
    const fields = Object.entries(data.errors ?? {}).filter(([, messages]) => messages.length > 0);
    return fields.length ? Object.fromEntries(fields) : { '': [data.message] };
  }
  return { '': [fallback] };
}
