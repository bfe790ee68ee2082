import pino, { type Logger } from 'pino';

/** Structured JSON logs; quiet in tests unless LOG_LEVEL asks for more. */
export function createLogger(service: string): Logger {
  const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');
  return pino({ name: service, level, base: { service } });
}

export type { Logger };
