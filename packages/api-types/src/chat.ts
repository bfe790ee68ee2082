import type { County, SubCounty } from './accounts';
import type { Product } from './catalog';

/**
 * The chat assistant's contract (storefront spec: 'Chat assistant', the chat service call in
 * section 7, the chat error in section 8). POST /api/chat through the gateway, no credentials
 * needed; a customer's bearer token, when sent, places the order on the customer's account.
 */

/** The spec's chat product: the price is text, 'KES 230.00', with ' On offer: KES 210.00' when on offer. */
export interface ChatProduct {
  id: number;
  name: string;
  slug: string;
  image: string;
  price: string;
}

/** A cart line exactly as the storefront keeps it (store kit), so a reply's cart replaces the shopper's. */
export interface ChatCartLine extends Pick<Product, 'id' | 'name' | 'slug' | 'image' | 'unit' | 'price' | 'offer' | 'limit'> {
  quantity: number;
  /** KSh, recomputed by the server from the catalogue's current prices. */
  product_total: number;
}

/** Who the order is for; the chat's address form collects it (prefilled from the checkout prefill or the profile). */
export interface ChatContact {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
}

export interface ChatRequestBody {
  message: string;
  /** The storefront's cart as it is now; the server re-prices it from the catalogue. */
  frontend_cart: Array<Pick<ChatCartLine, 'id' | 'quantity'> & Partial<ChatCartLine>>;
  /** Chosen by the widget (a UUID) and kept in session storage; an unknown id starts a new conversation. */
  session_id: string;
  contact?: ChatContact;
}

/**
 * Where the conversation stands; the widget shows the matching controls. 'terms': the checkout
 * waits for the shopper to agree to the terms and conditions (as the checkout page's checkbox).
 */
export type ChatStep = 'browsing' | 'terms' | 'county' | 'subcounty' | 'address' | 'payment';

export interface ChatCheckout {
  /** The order's id, with its payment key: what /failed and /success need to check or pay it again from any tab. */
  order_id: number;
  order_number: string;
  /**
   * The order's payment key (contract: who may pay an order), given to the browser whose
   * conversation placed it, as orders/store gives it to the checkout's; null for a conversation
   * kept from before keys were kept (a signed-in owner still pays with their sign-in).
   */
  payment_key: string | null;
  total_amount: number;
  /** The hosted payment page (the simulator when no provider is configured). */
  payment_url: string;
}

export interface ChatReply {
  text: string;
  products: ChatProduct[];
  /** The cart after this message, server-priced; the storefront replaces its own with it. */
  cart: ChatCartLine[];
  counties: County[];
  subcounties: SubCounty[];
  /** Buttons the widget offers; pressing one sends its text as the next message. */
  suggestions: string[];
  session_id: string;
  step: ChatStep;
  /** True once a sub-county is chosen: the widget reveals the address form. */
  show_address_form: boolean;
  checkout: ChatCheckout | null;
}

/** The spec's chat error (section 8), shown as a bot message when a call fails. */
export const CHAT_ERROR_MESSAGE = 'Sorry, there was an error processing your message. Please try again.';
/** The spec's chat address form message (section 5). */
export const CHAT_ADDRESS_MESSAGE = 'Please fill in all required address fields';
/** What the widget's terms button sends (typed agreement, English or Swahili, is understood too). */
export const CHAT_TERMS_AGREE_MESSAGE = 'I agree to the terms and conditions';
/** The checkout page's terms message (spec section 5), which the chat answers too when an order is asked for before agreeing. */
export const TERMS_REQUIRED_MESSAGE = 'You must agree to the terms and conditions';
/** Longest message the assistant reads; longer ones answer 422. */
export const CHAT_MESSAGE_MAX_LENGTH = 500;
