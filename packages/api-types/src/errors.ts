/**
 * The one error body every service answers with. `errors` maps a field to its messages
 * (422 for a bad body, 400 for a malformed path or query parameter).
 */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}
