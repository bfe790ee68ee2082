import type { ChatCheckout, ChatContact, ChatStep, County, LookupProduct, SubCounty } from '@shop/api-types';
import type { Conversation, ConversationState } from '../db/sessions';
import type { Line } from './cart';
import type { Copy, UNAVAILABLE_MESSAGES } from './copy';
import type { Language } from './language';
import type { ProductIndex } from './product-index';

/** Products a reply shows at most. */
export const SHOWN = 6;

/** A line of the storefront's cart: ids and quantities are what counts; the name and prices it showed are only for telling the shopper. */
export interface ShownCartLine {
  id: number;
  quantity: number;
  name?: string;
  price?: number;
  offer?: { offer_price: number } | null;
}

export interface ChatInput {
  message: string;
  sessionId: string;
  /** The storefront's cart (ids and quantities are all that is read); null: the cart this conversation last answered. */
  frontendCart: ShownCartLine[] | null;
  contact: Partial<ChatContact> | null;
  /** A customer's bearer token, forwarded to the orders service so the order is theirs. */
  token: string | null;
  /** The shopper's address as the gateway saw it, for the limit on orders placed. */
  clientAddress: string;
}

/** A reply being written. */
export interface Draft {
  text: string[];
  products: LookupProduct[];
  suggestions: string[];
  step: ChatStep;
  counties: County[];
  subcounties: SubCounty[];
  checkout: ChatCheckout | null;
}

/** One message being answered: the conversation, the cart as priced now, and the catalogue's answers. */
export interface Turn {
  conversation: Conversation;
  state: ConversationState;
  lines: Line[];
  products: Map<number, LookupProduct>;
  index: ProductIndex | null;
  input: ChatInput;
  draft: Draft;
  /** The language the reply is written in (the shopper's, language.ts), and its words. */
  language: Language;
  copy: Copy;
}

/** The services a reply may call, each named by the message a shopper reads when it is unreachable. */
export type UpstreamArea = keyof typeof UNAVAILABLE_MESSAGES;

/** Runs a call to another service; unreachable is a 503 naming the area that could not be reached. */
export type Upstream = <T>(area: UpstreamArea, call: () => Promise<T>) => Promise<T>;

/** Suggests what a shopper may do next when nothing more particular fits. */
export function suggestStart(turn: Turn): void {
  turn.draft.suggestions.push(...turn.copy.suggestions.start(turn.lines.length > 0));
}

export function isPresent<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}
