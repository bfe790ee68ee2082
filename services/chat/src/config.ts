import { internalSecretFromEnv } from '@shop/service-kit';

/** An OpenAI-compatible chat-completions endpoint that may interpret free text the rules do not understand. */
export interface LlmSettings {
  /** The full URL of the endpoint, e.g. http://127.0.0.1:11434/v1/chat/completions. */
  url: string;
  model: string;
  /** Sent as `Authorization: Bearer ...` when set. */
  apiKey: string | null;
  /** The assistant answers by the rules when the model has not answered within this time. */
  timeoutMs: number;
}

export interface ChatConfig {
  production: boolean;
  /** x-internal-secret for the catalog's /internal/products/lookup. */
  internalSecret: string;
  catalogUrl: string;
  customersUrl: string;
  ordersUrl: string;
  /** How long the product list used for search is kept at most (it is rebuilt at once when the catalogue's revision moves). */
  catalogTtlMs: number;
  /** How often, at most, the catalogue's revision is checked before remembered prices are used; 0: ask the catalogue every time. */
  catalogRevisionCheckMs: number;
  /** Conversations untouched for this many days are deleted. */
  sessionTtlDays: number;
  /** Orders one client address may place through the assistant per minute (as the gateway's limit on the checkout's). */
  ordersPerMinute: number;
  llm: LlmSettings | null;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

const urlSetting = (env: NodeJS.ProcessEnv, name: string, fallback: string): string => (env[name] || fallback).replace(/\/+$/, '');

/** Reads the environment once at start (see the README's table). */
export function loadChatConfig(env: NodeJS.ProcessEnv = process.env): ChatConfig {
  const llmUrl = env.CHAT_LLM_URL ?? '';
  let llm: LlmSettings | null = null;
  if (llmUrl !== '') {
    if (!/^https?:\/\//.test(llmUrl)) throw new Error(`CHAT_LLM_URL must be an http(s) URL, got "${llmUrl}"`);
    const model = env.CHAT_LLM_MODEL ?? '';
    if (model === '') throw new Error('CHAT_LLM_URL needs CHAT_LLM_MODEL (the model name the endpoint expects).');
    llm = { url: llmUrl, model, apiKey: env.CHAT_LLM_API_KEY || null, timeoutMs: positiveInteger(env, 'CHAT_LLM_TIMEOUT_MS', 2500) };
  }
  return {
    production: env.NODE_ENV === 'production',
    internalSecret: internalSecretFromEnv('chat', env),
    catalogUrl: urlSetting(env, 'CATALOG_URL', 'http://127.0.0.1:4101'),
    customersUrl: urlSetting(env, 'CUSTOMERS_URL', 'http://127.0.0.1:4102'),
    ordersUrl: urlSetting(env, 'ORDERS_URL', 'http://127.0.0.1:4103'),
    catalogTtlMs: positiveInteger(env, 'CHAT_CATALOG_TTL_MS', 300_000),
    catalogRevisionCheckMs: env.CHAT_CATALOG_REVISION_CHECK_MS === '0' ? 0 : positiveInteger(env, 'CHAT_CATALOG_REVISION_CHECK_MS', 500),
    sessionTtlDays: positiveInteger(env, 'CHAT_SESSION_TTL_DAYS', 30),
    // The gateway's default for POST /api/site/orders/store (GATEWAY_RATE_LIMIT_ORDERS).
    ordersPerMinute: 30,
    llm,
  };
}
