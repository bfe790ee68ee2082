import path from 'node:path';

/** The repository root, so every service finds data/ and media/ the same way wherever it is started. */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

export function envString(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : value;
}

export function envPort(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

export const isProduction = (): boolean => process.env.NODE_ENV === 'production';
