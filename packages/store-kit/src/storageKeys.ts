/**
 * Every name the storefront keeps something under in the shopper's browser, in one place: the
 * store kit, each remote and the tests read and write them through these, so two parts of the
 * shop sharing a value (the checkout prefill the checkout writes and the assistant reads, the cart
 * every area shows) cannot drift apart. It imports only the public contract, not the store, so a
 * script (the benchmarks) can read it too.
 */

/** Local storage (kept across visits). The values are the spec's and older versions' names: changing one forgets what shoppers have stored. */
export const STORAGE_KEYS = {
  /** The cart's lines (JSON). */
  cart: 'cart',
  /** Shwari Points the shopper asked to redeem on the next order (JSON number). */
  redeemedPoints: 'redeemedPoints',
  /** Saved products (JSON). */
  wishlist: 'wishlists',
  /** The signed-in customer, as raw strings (not JSON), as other parts of the shop read them. */
  customerToken: 'customer_token',
  customerName: 'customer_name',
  customerEmail: 'customer_email',
  /** What the shopper last typed at checkout (spec section 3): written by the checkout, read by the checkout and the assistant. */
  checkoutPrefill: 'checkout',
  /** The order being paid for ({ id, order_number }); the success page removes it. */
  orderInPayment: 'order_id',
  /** The card payment's token (raw string) while it is under way; the success page removes it. */
  paymentToken: 'payment_token',
  /**
   * The placed order not yet paid (JSON: id, order_number, payment_key, the signature of the cart,
   * coupon, points and details it was placed with, its total, coupon and points): a retry after a
   * declined or cancelled payment pays this same order, a changed cart replaces it. Kept across the
   * hosted payment page's redirect; the success page removes it.
   */
  pendingOrder: 'pending_order',
  /**
   * The order the shopping assistant last sent to the payment page (JSON: id, order_number,
   * payment_key; see orderInPayment/chatOrder.ts). Local, not per tab: the payment page comes back
   * to /failed or /success in whichever tab, also one where the conversation is gone, and that
   * page pays or checks this same order instead of placing a second one. The success page removes it.
   */
  chatOrderInPayment: 'chat_order_in_payment',
  /** How the shopper last chose to see the shop's products: 'grid' or 'list' (JSON string). */
  productLayout: 'product_layout',
  /** The language the shopper chose in the header's switch: 'en' or 'sw' (JSON string; also LANGUAGE_COOKIE). */
  language: 'shop_lang',
  // The back office keeps nothing here: its session is an HttpOnly cookie (STAFF_SESSION_COOKIE).
} as const;

/** Session storage (kept for the tab's life). */
export const SESSION_STORAGE_KEYS = {
  /** The assistant's conversation id: a reload continues the same conversation. */
  chatSessionId: 'chat_session_id',
  /** What the shopper has seen in the assistant, so a reload shows the conversation where it was. */
  chatConversation: 'chat_conversation',
} as const;

/**
 * What belongs to the signed-in customer and is forgotten when they sign out (Log Out, a 401, or
 * another tab signing out), so the next person at a shared computer finds none of it: the
 * checkout prefill (name, phone, email, address, notes), the order placed and not paid (it is
 * cancelled too, releasing its coupon and points), the payment under way, the points they asked
 * to redeem. The session keys themselves (customer_token, name, email) go with the session.
 *
 * Kept on purpose: the cart and the wishlist. They hold product ids and quantities only, nothing
 * about the person, and the shop keeps them for shoppers who are not signed in as well: a shopper
 * who signs out to sign in with another account (a family member's points) keeps what they chose.
 * Every key added above that holds something of the customer's belongs in this list.
 */
export const CUSTOMER_OWNED_KEYS: ReadonlyArray<(typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]> = [
  STORAGE_KEYS.checkoutPrefill,
  STORAGE_KEYS.pendingOrder,
  STORAGE_KEYS.orderInPayment,
  STORAGE_KEYS.paymentToken,
  STORAGE_KEYS.redeemedPoints,
  STORAGE_KEYS.chatOrderInPayment,
];

/** The assistant's conversation (it may hold the contact and address typed into it) and its order: a signed-out shopper starts a new one. */
export const CUSTOMER_OWNED_SESSION_KEYS: ReadonlyArray<(typeof SESSION_STORAGE_KEYS)[keyof typeof SESSION_STORAGE_KEYS]> = [
  SESSION_STORAGE_KEYS.chatSessionId,
  SESSION_STORAGE_KEYS.chatConversation,
];

/**
 * Cookies, declared with the public contract (@shop/api-types) because the gateway, which has no
 * store, reads them to draw the cart and checkout; listed here so the browser's keys are all found
 * in one module.
 */
export { CART_COOKIE, SIGNED_IN_COOKIE, LANGUAGE_COOKIE } from '@shop/api-types';
