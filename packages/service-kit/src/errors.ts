import type { ApiErrorBody } from '@shop/api-types';

export type FieldErrors = Record<string, string[]>;

/** An error that becomes an HTTP answer with the shop's one error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiErrorBody {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const notFound = (message = 'Not found.'): HttpError => new HttpError(404, message);
export const badRequest = (message: string, errors?: FieldErrors): HttpError => new HttpError(400, message, errors);
export const unprocessable = (errors: FieldErrors, message?: string): HttpError =>
  new HttpError(422, message ?? firstMessage(errors) ?? 'The given data was invalid.', errors);

function firstMessage(errors: FieldErrors): string | undefined {
  for (const messages of Object.values(errors)) if (messages[0]) return messages[0];
  return undefined;
}
