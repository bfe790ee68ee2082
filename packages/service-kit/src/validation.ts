import type { ZodType } from 'zod';
import { HttpError, type FieldErrors } from './errors';

/** Zod issues to the field → messages map of the error body. */
export function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

function parseWith<T>(schema: ZodType<T>, input: unknown, status: 400 | 422): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  const first = Object.values(errors)[0]?.[0];
  const message = status === 422 ? (first ?? 'The given data was invalid.') : `Invalid parameters: ${Object.keys(errors).join(', ')}.`;
  throw new HttpError(status, message, errors);
}

/** A request body that breaks the rules answers 422 with a message per field. */
export const parseBody = <T>(schema: ZodType<T>, body: unknown): T => parseWith(schema, body ?? {}, 422);

/** A malformed query or path parameter answers 400 with a message per parameter. */
export const parseParams = <T>(schema: ZodType<T>, params: unknown): T => parseWith(schema, params ?? {}, 400);
