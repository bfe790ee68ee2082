import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request id of the request being handled, wherever the code is: log lines carry it (see
 * logger.ts) and calls to other services pass it on in x-request-id, so one id follows a
 * shopper's click from the gateway through every service it reaches.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export function runWithRequestId<T>(requestId: string, run: () => T): T {
  return storage.run({ requestId }, run);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Headers to add to a call to another service: the current request id, when there is one. */
export function requestIdHeaders(): Record<string, string> {
  const requestId = currentRequestId();
  return requestId ? { 'x-request-id': requestId } : {};
}

/** What a request id may look like when it comes from outside (the gateway, another service). */
export const REQUEST_ID_PATTERN = /^[\w-]{1,64}$/;
