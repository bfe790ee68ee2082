import { randomUUID } from 'node:crypto';

/**
 * Request ids shaped as UUIDs (8-4-4-4-12 hex): a random prefix drawn once per gateway process,
 * then a counter. An id only has to name one request in the logs of every service it reaches, so
 * it must be unique, not unguessable (it is sent to the client anyway); a fresh random UUID per
 * request was about 2 % of the gateway's CPU for a cached read. Two gateways share no prefix but
 * by a 2^-92 chance, and one process would need 2^48 requests to repeat one.
 */
export function requestIds(): () => string {
  const prefix = randomUUID().slice(0, 24);
  let count = 0;
  return () => {
    count += 1;
    return prefix + count.toString(16).padStart(12, '0');
  };
}
