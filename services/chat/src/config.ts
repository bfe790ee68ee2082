import { envPositiveInteger, envPositiveIntegerOrZero, internalSecretFromEnv, isProduction, serviceUrl } from '@shop/service-kit';

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

/** Reads the environment once at start (see the README's table). */
export function loadChatConfig(env: NodeJS.ProcessEnv = process.env): ChatConfig {
  const llmUrl = env.CHAT_LLM_URL ?? '';
  let llm: LlmSettings | null = null;
  if (llmUrl !== '') {
    // The endpoint's full URL, taken as written (a trailing slash may matter to it).
    if (!/^https?:\/\//.test(llmUrl)) throw new Error(`CHAT_LLM_URL must be an http(s) URL, got "${llmUrl}"`);
    const model = env.CHAT_LLM_MODEL ?? '';
    if (model === '') throw new Error('CHAT_LLM_URL needs CHAT_LLM_MODEL (the model name the endpoint expects).');
    llm = { url: llmUrl, model, apiKey: env.CHAT_LLM_API_KEY || null, timeoutMs: envPositiveInteger('CHAT_LLM_TIMEOUT_MS', 2500, env) };
  }
  return {
    production: isProduction(env),
    internalSecret: internalSecretFromEnv('chat', env),
    catalogUrl: serviceUrl('catalog', env),
    customersUrl: serviceUrl('customers', env),
    ordersUrl: serviceUrl('orders', env),
    catalogTtlMs: envPositiveInteger('CHAT_CATALOG_TTL_MS', 300_000, env),
    catalogRevisionCheckMs: envPositiveIntegerOrZero('CHAT_CATALOG_REVISION_CHECK_MS', 500, env),
    sessionTtlDays: envPositiveInteger('CHAT_SESSION_TTL_DAYS', 30, env),
    // The gateway's default for POST /api/site/orders/store (GATEWAY_RATE_LIMIT_ORDERS).
    ordersPerMinute: 30,
    llm,
  };
}
