import type { ChatCheckout } from '@shop/api-types';
import { rememberChatOrderInPayment, SESSION_STORAGE_KEYS } from '@shop/store-kit';
import type { ChatControls, ChatEntry, ChatPlace, ChatState } from './chatTypes';

/** The conversation's id, chosen here and kept for the tab's life: a reload continues the same conversation. */
const SESSION_ID_KEY = SESSION_STORAGE_KEYS.chatSessionId;
/** What the shopper has seen, so a reload shows the conversation where it was. */
const CONVERSATION_KEY = SESSION_STORAGE_KEYS.chatConversation;

export interface SavedConversation {
  sessionId: string;
  entries: ChatEntry[];
  controls: ChatControls;
  place: ChatPlace;
  nextId: number;
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** crypto.randomUUID where the page has it (secure origins); otherwise a v4 UUID from getRandomValues. */
export function randomId(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let index = 0; index < bytes.length; index += 1) bytes[index] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored session id, or a new one (stored at once). */
export function newSessionId(): string {
  const store = storage();
  try {
    const saved = store?.getItem(SESSION_ID_KEY);
    if (saved && UUID.test(saved)) return saved;
  } catch {
    // Storage blocked: a conversation for this page only.
  }
  const id = randomId();
  try {
    store?.setItem(SESSION_ID_KEY, id);
  } catch {
    // As above.
  }
  return id;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isEntry = (value: unknown): value is ChatEntry =>
  isRecord(value) &&
  Number.isInteger(value.id) &&
  (value.from === 'shopper' || value.from === 'assistant') &&
  typeof value.text === 'string';

/** The saved conversation when it belongs to this tab's session id; anything malformed reads as none. */
export function loadConversation(): SavedConversation | null {
  try {
    const raw = storage()?.getItem(CONVERSATION_KEY);
    if (!raw) return null;
    const saved: unknown = JSON.parse(raw);
    if (!isRecord(saved) || typeof saved.sessionId !== 'string' || !Array.isArray(saved.entries) || !saved.entries.every(isEntry))
      return null;
    if (!isRecord(saved.controls) || !isRecord(saved.place) || !Number.isInteger(saved.nextId)) return null;
    if (storage()?.getItem(SESSION_ID_KEY) !== saved.sessionId) return null;
    // A failure before the reload cannot be retried after it: the shopper simply sends again.
    const entries = (saved.entries as ChatEntry[]).map(({ failed: _failed, ...entry }) => entry);
    return { ...(saved as unknown as SavedConversation), entries };
  } catch {
    return null;
  }
}

export function saveConversation(chat: ChatState): void {
  const store = storage();
  if (!store) return;
  const saved: SavedConversation = {
    sessionId: chat.sessionId,
    entries: chat.entries,
    controls: chat.controls,
    place: chat.place,
    nextId: chat.nextId,
  };
  try {
    store.setItem(SESSION_ID_KEY, chat.sessionId);
    store.setItem(CONVERSATION_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or blocked: the conversation still works for this page.
  }
}

/**
 * The shopper is leaving for the payment page with this order: a declined or cancelled payment
 * comes back to the storefront's /failed page, in this tab or another of the browser, whose Try
 * Again pays this same order with its key (not /checkout, which would place a second one); the
 * success page checks it is paid. Local storage, not the tab's: see STORAGE_KEYS.chatOrderInPayment.
 */
export function rememberOrderInPayment(checkout: ChatCheckout): void {
  rememberChatOrderInPayment({ id: checkout.order_id, order_number: checkout.order_number, payment_key: checkout.payment_key });
}
