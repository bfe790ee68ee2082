import { App, type FormInstance } from 'antd';
import { isApiErrorBody } from '@shop/api-types';

export interface ApiFailure {
  status?: number | string;
  messages: string[];
  fields: Record<string, string[]>;
}

/** What a failed RTK Query call says: its status, each field message (422) or the server's message. */
export function readApiError(error: unknown, fallback = 'Something went wrong. Please try again.'): ApiFailure {
  const status = typeof error === 'object' && error !== null ? (error as { status?: number | string }).status : undefined;
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  if (isApiErrorBody(data)) {
    const fields = data.errors ?? {};
    const fieldMessages = [...new Set(Object.values(fields).flat())];
    return { status, messages: fieldMessages.length ? fieldMessages : [data.message], fields };
  }
  return { status, messages: [fallback], fields: {} };
}

/**
 * Shows a failed save the way the spec asks: every message as an error toast, and (given a form)
 * each field's message under that field too. 401/403 are handled by the base query (sign-out).
 */
export function useApiErrorToasts() {
  const { message } = App.useApp();
  return (error: unknown, form?: FormInstance, fallback?: string, rename: Record<string, string> = {}): ApiFailure => {
    const failure = readApiError(error, fallback);
    if (failure.status === 401 || failure.status === 403) return failure;
    failure.messages.forEach((text) => void message.error(text));
    if (form) {
      // Unknown names (e.g. '_' for the whole form) are harmless: no field shows them.
      // Server field names that the form shows under another control (e.g. valid_from → the range).
      const merged = new Map<string, string[]>();
      for (const [name, errors] of Object.entries(failure.fields)) {
        const field = rename[name] ?? name;
        merged.set(field, [...(merged.get(field) ?? []), ...errors]);
      }
      const fields = [...merged.entries()].map(([name, errors]) => ({ name, errors }));
      if (fields.length) form.setFields(fields);
    }
    return failure;
  };
}
