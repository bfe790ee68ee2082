import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './request-context';

/**
 * Structured JSON logs, one object a line; quiet in tests unless LOG_LEVEL asks for more. Every
 * line written while a request is handled carries its id (reqId), the one the gateway made.
 */
export function createLogger(service: string, destination?: DestinationStream): Logger {
  const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');
  const options = {
    name: service,
    level,
    base: { service },
    mixin: () => {
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
