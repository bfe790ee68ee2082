import path from 'node:path';

/**
 * The readers every service's config uses, so a setting means the same and is refused the same
 * way everywhere. Each takes the environment to read (process.env by default), so a config can be
 * tested with a plain object. An unset or empty variable gives the fallback; a value that cannot be
 * meant stops the start with a message naming the variable.
 */

type Env = NodeJS.ProcessEnv;

/** The repository root, so every service finds data/ and media/ the same way wherever it is started. */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

const given = (env: Env, name: string): string | undefined => {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : raw;
};

export function envString(name: string, fallback: string, env: Env = process.env): string {
  return given(env, name) ?? fallback;
}

export function envPort(name: string, fallback: number, env: Env = process.env): number {
  const raw = given(env, name);
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

/** A whole number of at least 1 (a count, a limit, a time in ms). */
export function envPositiveInteger(name: string, fallback: number, env: Env = process.env): number {
  const raw = given(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** Like envPositiveInteger, where "0" turns the thing off. */
export function envPositiveIntegerOrZero(name: string, fallback: number, env: Env = process.env): number {
  return env[name] === '0' ? 0 : envPositiveInteger(name, fallback, env);
}

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

/** true/1/yes/on or false/0/no/off (any case); anything else is refused rather than guessed. */
export function envBoolean(name: string, fallback: boolean, env: Env = process.env): boolean {
  const raw = given(env, name);
  if (raw === undefined) return fallback;
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/** An http(s) URL without its trailing slash, so `${url}/api/...` never doubles it. */
export function envUrl(name: string, fallback: string, env: Env = process.env): string {
  const url = given(env, name) ?? fallback;
  if (!/^https?:\/\/[^/]/.test(url)) throw new Error(`${name} must be an http(s) URL, got "${url}"`);
  return url.replace(/\/+$/, '');
}

/**
 * The shop's services, one row each: where a service listens by default and where the others
 * find it (CATALOG_URL, ...), and the area a shopper is told is unavailable when it is down (the
 * gateway's words and the service clients' alike).
 */
export const SHOP_SERVICES = {
  catalog: { port: 4101, area: 'catalogue' },
  customers: { port: 4102, area: 'account service' },
  orders: { port: 4103, area: 'checkout' },
  chat: { port: 4104, area: 'shopping assistant' },
} as const;

export type ShopServiceName = keyof typeof SHOP_SERVICES;

const envPrefix = (service: ShopServiceName): string => service.toUpperCase();

/**
 * Where the other services reach `service`: <SERVICE>_URL, by default its port on this machine.
 * Two or more instances of a service are a comma list (`http://10.0.0.5:4101,http://10.0.0.6:4101`):
 * the service clients and the gateway take turns over them and pass a refused call to the next
 * (see serviceInstances).
 */
export function serviceUrl(service: ShopServiceName, env: Env = process.env): string {
  const name = `${envPrefix(service)}_URL`;
  const fallback = `http://127.0.0.1:${SHOP_SERVICES[service].port}`;
  const raw = envString(name, fallback, env);
  const instances = serviceInstances(raw);
  if (instances.length === 0) throw new Error(`${name} must be an http(s) URL or a comma list of them, got "${raw}"`);
  return instances.map((instance) => envUrl(name, fallback, { [name]: instance })).join(',');
}

/** The instances of a service URL (see serviceUrl): one origin, or each of a comma list, without trailing slashes. */
export function serviceInstances(url: string): string[] {
  return url
    .split(',')
    .map((instance) => instance.trim().replace(/\/+$/, ''))
    .filter((instance) => instance !== '');
}

/** Where `service` itself listens: <SERVICE>_PORT and <SERVICE>_HOST, by default its port on 127.0.0.1. */
export function serviceListenAddress(service: ShopServiceName, env: Env = process.env): { port: number; host: string } {
  return {
    port: envPort(`${envPrefix(service)}_PORT`, SHOP_SERVICES[service].port, env),
    host: envString(`${envPrefix(service)}_HOST`, '127.0.0.1', env),
  };
}

export const isProduction = (env: Env = process.env): boolean => env.NODE_ENV === 'production';
