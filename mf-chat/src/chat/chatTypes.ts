import type { ChatCheckout, ChatContact, ChatProduct, ChatReply, ChatStep } from '@shop/api-types';

/**
 * The conversation's shapes, apart from the slice so that what keeps the conversation in session
 * storage (storage.ts) and the slice that starts from it (chatSlice.ts) both read them without
 * importing each other.
 */

export type Speaker = 'shopper' | 'assistant';

/** One bubble of the conversation. */
export interface ChatEntry {
  id: number;
  from: Speaker;
  text: string;
  products?: ChatProduct[];
  checkout?: ChatCheckout;
  /** The assistant could not be reached: the spec's chat error, with a way to try again. */
  failed?: boolean;
}

/** A message on its way: what the server reads, and what the shopper sees in their bubble (none for the opening 'Hello'). */
export interface Outgoing {
  message: string;
  display: string | null;
  contact?: ChatContact;
}

/** The latest reply's controls: dropdowns, address form and suggestion buttons. */
export interface ChatControls {
  step: ChatStep;
  counties: ChatReply['counties'];
  subcounties: ChatReply['subcounties'];
  suggestions: string[];
  show_address_form: boolean;
}

/** The county and sub-county the shopper chose, for the colon-joined address. */
export interface ChatPlace {
  countyId: number | null;
  subCountyId: number | null;
  /** Names for the shopper's address bubble (later replies no longer list the places). */
  countyName?: string;
  subCountyName?: string;
}

export interface ChatState {
  /** The conversation's id; '' after a sign-out, until the next message chooses a new one. */
  sessionId: string;
  entries: ChatEntry[];
  controls: ChatControls;
  place: ChatPlace;
  /** A message is with the assistant: the typing indicator shows and nothing else is sent. */
  pending: boolean;
  /** The message that failed, sent again by 'Try again'. */
  failed: Outgoing | null;
  nextId: number;
}
