/**
 * Every text a shopper reads from the assistant, English and Swahili, in one place: the replies,
 * the suggestion buttons and the notes about the cart. The reply modules choose what to say; the
 * words live here so they can be read, reviewed and translated together.
 *
 * Suggestions are messages the widget sends back when tapped, so their wording is also what
 * intents.ts understands ('Add {name} to cart', 'Remove {name} from cart', 'View cart', 'Checkout').
 */
import { CHAT_TERMS_AGREE_MESSAGE, MINIMUM_ORDER_MESSAGE, TERMS_REQUIRED_MESSAGE } from '@shop/api-types';
import { formatCents } from '@shop/money';
import type { PolicyTopic } from './intents';

const price = (cents: number): string => formatCents(cents);
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Where the upstream services are unreachable, the shopper reads this (the widget shows the spec's chat error). */
export const UNAVAILABLE_MESSAGES = {
  catalog: 'The shopping assistant cannot reach the product catalogue right now. Please try again in a moment.',
  customers: 'The shopping assistant cannot reach the delivery places right now. Please try again in a moment.',
  orders: 'The shopping assistant cannot place orders right now. Please try again in a moment.',
} as const;

/** The storefront's words when a quantity would pass the product's maximum (store kit, spec section 4). */
export const MAXIMUM_REACHED_MESSAGE = 'You have reached the maximum you can add to cart for this product';

export const SUGGESTIONS = {
  /** What a shopper may do next when nothing more particular fits. */
  start: (cartHasLines: boolean): string[] =>
    cartHasLines
      ? ['View cart', 'Checkout', 'What is on offer?', 'Help']
      : ['What is on offer?', 'Maize meal', 'Cheapest wheat flour', 'Help'],
  viewCart: 'View cart',
  checkout: 'Checkout',
  cancel: 'Cancel',
  pay: 'Pay',
  agreeToTerms: CHAT_TERMS_AGREE_MESSAGE,
  cancelOrder: 'Cancel my order',
  offers: 'What is on offer?',
  help: 'Help',
  add: (name: string, quantity = 1): string => (quantity > 1 ? `Add ${quantity} ${name} to cart` : `Add ${name} to cart`),
  addOneMore: (name: string): string => `Add 1 more ${name} to cart`,
  remove: (name: string): string => `Remove ${name} from cart`,
};

export const POLICY: Record<PolicyTopic, string> = {
  delivery:
    'Delivery is free countrywide. Orders arrive within 24-48 hours; the rider tries twice, and an order not collected within 5 days is cancelled. If your order is more than 4 days late you may cancel it.',
  payment:
    'Payment is online only: M-Pesa, Airtel Money or a debit or credit card, on a secure payment page right after you place your order. There is no cash on delivery.',
  returns:
    'There are no cash refunds except for double payments, which are refunded within 24-72 hours. Returns are accepted for a wrong product, an expired product or damaged packaging, and exchanges take 24-48 hours.',
  track:
    "I can't track orders from the chat. Signed-in customers see every order and its status under My Account, Orders (/profile/orders).",
  cancel_order:
    'An order that is not paid is cancelled by itself after an hour (an order you placed in this chat I can cancel for you while it is unpaid). For a paid order that is more than 4 days late, please contact us through the details on the FAQs page (/faqs).',
  person:
    "I'm an automated shopping assistant, so I can't put you through to a person. The FAQs page (/faqs) has our answers to common questions and how to reach the team.",
  minimum: `${MINIMUM_ORDER_MESSAGE} KSh (after any coupon or points), and delivery is free countrywide.`,
  account:
    'You can log in or register at /login, and reset a forgotten password at /forgot-password. You do not need an account to order through me.',
  points:
    'Signed-in customers earn 1 Shwari Point for every full KSh 100 paid, and 1 point is worth KSh 1. Points are redeemed on the checkout page (/checkout); orders placed in this chat do not redeem points, but they do earn them.',
  coupon: 'Coupons are applied on the checkout page (/checkout). Orders placed in this chat do not take a coupon.',
};

/** Greetings, thanks, help and the answers when a message is not understood. */
export const TALK = {
  /** Before the answer to 'habari, mna mchele?'. */
  greetingFirst: (swahili: boolean): string => (swahili ? 'Habari! Karibu Shwari Shop.' : 'Hello!'),
  greeting: (swahili: boolean): string =>
    swahili
      ? 'Habari! Karibu Shwari Shop. I am your shopping assistant: I can find flour and groceries, tell you prices and offers, fill your cart and check you out. Delivery is free countrywide.'
      : 'Hello! I am the Shwari Shop shopping assistant. I can find flour and groceries, tell you prices and offers, fill your cart and check you out. Delivery is free countrywide.',
  /** After a greeting, where a checkout left off. */
  resumeTerms: `We were at the terms and conditions (/terms): tap "${CHAT_TERMS_AGREE_MESSAGE}" to go on, or say Cancel.`,
  resumeCounty: 'We were choosing the county to deliver to: pick one below, or say Cancel.',
  resumeSubCounty: 'We were choosing your sub-county: pick one below, or say Cancel.',
  resumeAddress: 'We were at your delivery address: fill in the form below, or say Cancel.',
  cartWaiting: (items: number, subtotalCents: number): string =>
    `You have ${plural(items, 'item')} in your cart (${price(subtotalCents)}).`,
  thanks: (swahili: boolean): string =>
    swahili ? 'Karibu sana! Is there anything else I can get you?' : "You're welcome! Is there anything else I can get you?",
  goodbye: (swahili: boolean): string => `${swahili ? 'Kwaheri!' : 'Goodbye!'} Your cart stays as it is for when you come back.`,
  help: [
    'I can help you shop: find products ("maize meal 2kg", "bei ya mchele"), tell you prices and what is on offer, add to or remove from your cart ("add 3 packets of pishori rice", "ondoa rice"), show your cart, and check you out with free delivery and online payment.',
    'Nakuelewa pia kwa Kiswahili: "nataka unga wa ugali", "ongeza mafuta", "kikapu changu".',
  ],
  checkoutStopped: 'No problem, I stopped the checkout. Your cart is kept; say Checkout whenever you are ready.',
  nothingToCancel: 'Okay. What else can I help you with?',
  notSold: (phrase: string): string =>
    `Sorry, I couldn't find "${phrase}" in the shop. We sell maize meal, wheat, chapati and baking flour, porridge flour, rice, cooking oil, beans and pulses, and animal feeds.`,
  notUnderstood:
    'Sorry, I didn\'t quite get that. I can find products (try "maize meal 2kg" or "bei ya mchele"), tell you what is on offer, manage your cart and check you out.',
};

/** A price with the offer named: ' (on offer, was KSh 230.00)' when the shopper pays less than the price. */
const offerNote = (unitCents: number, priceCents: number): string =>
  unitCents < priceCents ? ` (on offer, was ${price(priceCents)})` : '';

export const SEARCH = {
  nothingOnOffer: (phrase: string | null): string =>
    phrase !== null
      ? `Nothing matching "${phrase}" is on offer right now.`
      : 'Nothing is on offer right now, but every order has free delivery.',
  onOffer: (count: number, phrase: string | null): string =>
    `${count === 1 ? 'This is' : 'These are'} on offer now${phrase !== null ? ` for "${phrase}"` : ''}:`,
  extreme: (sort: 'cheapest' | 'dearest', what: string, name: string, unitCents: number, priceCents: number): string =>
    `The ${sort === 'cheapest' ? 'cheapest' : 'most expensive'} ${what} is ${name} at ${price(unitCents)}${unitCents < priceCents ? ' (on offer)' : ''}.`,
  /** One line of 'how much is it?' about products just shown. */
  priceOfShown: (name: string, unitCents: number, priceCents: number): string =>
    `${name}: ${price(unitCents)}${offerNote(unitCents, priceCents)}`,
  /** One line of 'how much is pishori rice?'. */
  priceOfNamed: (name: string, unitCents: number, priceCents: number): string =>
    `${name} costs ${price(unitCents)}${offerNote(unitCents, priceCents)}.`,
  close: (count: number, phrase: string): string =>
    `I couldn't find exactly "${phrase}", but ${count === 1 ? 'this comes' : 'these come'} close:`,
  many: (count: number, shown: number, phrase: string): string =>
    `I found ${count} products for "${phrase}". Here are the first ${shown}; tell me a brand or size to narrow it down.`,
  found: (phrase: string): string => `Here is what I found for "${phrase}":`,
};

export const CART = {
  notFound: (name: string): string =>
    `Sorry, I couldn't find "${name}" in the shop. Try another name, a brand or a size, for example "maize meal 2kg".`,
  whichToAdd: (quantity: number): string => `Which one would you like${quantity > 1 ? ` (${quantity})` : ''}?`,
  whichToChange: 'Which one do you mean?',
  alreadyAtMaximum: (max: number, name: string): string => `${MAXIMUM_REACHED_MESSAGE} (${max} of ${name}).`,
  broughtToMaximum: (max: number, name: string): string => `${MAXIMUM_REACHED_MESSAGE}, so your cart has ${max} of ${name}.`,
  quantityUpdated: (name: string, quantity: number): string => `${name} updated cart quantity (now ${quantity}).`,
  added: (name: string, quantity: number): string => (quantity === 1 ? `${name} added to cart` : `${quantity} x ${name} added to cart`),
  removed: (name: string): string => `${name} removed from cart`,
  notInCart: (name: string): string => `"${name}" is not in your cart.`,
  empty: 'Your cart is empty.',
  emptyAskWhat: 'Your cart is empty. Tell me what you need, for example "maize meal 2kg".',
  emptyNothingToRemove: 'Your cart is empty, so there is nothing to remove.',
  nowEmpty: 'Your cart is now empty.',
  subtotal: (subtotalCents: number, minimumCents: number): string => {
    const short = minimumCents - subtotalCents;
    return `Cart subtotal: ${price(subtotalCents)}.${short > 0 ? ` Add ${price(short)} more to reach the minimum order of ${price(minimumCents)}.` : ''}`;
  },
  heading: 'Your cart:',
  line: (quantity: number, name: string, lineCents: number): string => `${quantity} x ${name}: ${price(lineCents)}`,
  total: (subtotalCents: number): string => `Subtotal: ${price(subtotalCents)}. Delivery: free countrywide.`,
  belowMinimum: (shortCents: number): string => `${MINIMUM_ORDER_MESSAGE}: add ${price(shortCents)} more to check out.`,
  whichToRemove: 'Which product would you like to remove?',
  /** Notes when the storefront's cart is priced again. */
  gone: (id: number, name: string | undefined): string =>
    `${name ? `"${name}"` : `Product ${id}`} is no longer available, so I took it out of your cart.`,
  loweredToMaximum: (name: string, max: number): string => `${name}: ${MAXIMUM_REACHED_MESSAGE} (${max}).`,
  raisedToMinimum: (name: string, min: number): string => `${name} is sold from ${min} at a time, so your cart now has ${min}.`,
  /** A price in the cart is not the one the shopper was shown: the cart now has today's. */
  priceChanged: (name: string, wasCents: number, nowCents: number): string =>
    `Prices have changed: ${name} is now ${price(nowCents)} (was ${price(wasCents)}).`,
};

export const CHECKOUT = {
  emptyCart: 'Your cart is empty. Add something first, then say Checkout.',
  belowMinimum: (subtotalCents: number, shortCents: number): string =>
    `${MINIMUM_ORDER_MESSAGE}. Your cart comes to ${price(subtotalCents)}: add ${price(shortCents)} more to check out.`,
  askCounty: (subtotalCents: number): string =>
    `Your order comes to ${price(subtotalCents)} and delivery is free. Which county should we deliver to?`,
  waitingForPayment: (orderNumber: string): string =>
    `Your order ${orderNumber} is waiting for payment. Say Pay to open the payment page again.`,
  unknownNumber: (id: number): string =>
    `I'm not sure what ${id} refers to. To order, tell me a product (for example "add 2 maize meal 2kg"), then say Checkout.`,
  chooseCounty: 'Please choose a county from the list.',
  askSubCounty: (countyName: string): string => `${countyName}, great. Which sub-county?`,
  askCountyAgain: 'Which county should we deliver to?',
  chooseSubCounty: 'Please choose a sub-county from the list.',
  askAddress: (subCountyName: string): string =>
    `${subCountyName}. Please fill in your delivery address: street and town are required, the apartment is optional.`,
  tooManyOrders: 'Many orders were placed from your connection in the last minute. Please wait a minute, then send your address again.',
  /** The order's notes, which the shopper sees with the order and staff in the admin. */
  orderNotes: 'Placed through the shopping assistant.',
  placed: (firstName: string, orderNumber: string, totalCents: number): string =>
    `Thank you${firstName ? `, ${firstName}` : ''}! Your order ${orderNumber} of ${price(totalCents)} is placed, with free delivery in 24-48 hours once it is paid.`,
  payOnPage: 'Pay securely on the payment page (M-Pesa, Airtel Money or card) to confirm it.',
  paymentPageFailed: 'The payment page could not be opened just now. Say Pay in a moment to try again; your order is kept.',
  paymentPageAgain: (orderNumber: string): string =>
    `Here is the payment page for your order ${orderNumber} again: the same order, with the same total.`,
  /** Checkout asked again for the cart an unpaid order was placed for: that order is paid, not a second one placed. */
  sameCartAwaitingPayment: (orderNumber: string): string =>
    `Your order ${orderNumber} for this cart is waiting for payment, so I have not placed another. To change its delivery details, say Cancel my order first.`,
  /** The cart changed after an unpaid order: the next order replaces it. */
  cartChangedSinceOrder: (orderNumber: string): string =>
    `Your cart has changed since order ${orderNumber}, so I will place a new order for it and cancel ${orderNumber}, which was not paid.`,
  paid: (orderNumber: string): string =>
    `Your order ${orderNumber} is paid: thank you! We will deliver it within 24-48 hours, free of charge.`,
  alreadyPaid: (orderNumber: string): string =>
    `Your order ${orderNumber} has already been paid, so I did not place another. Your cart is kept: say Checkout to order it too.`,
  cancelledUnpaid: (orderNumber: string): string =>
    `Your order ${orderNumber} was cancelled because it was not paid. Your cart is kept: say Checkout to order again.`,
  cancelledByShopper: (orderNumber: string): string =>
    `Your order ${orderNumber} is cancelled and nothing was charged. Your cart is kept: say Checkout when you are ready.`,
  /** The spec's checkout terms, asked as the checkout page's checkbox asks them. */
  askTerms: (subtotalCents: number): string =>
    `Your order comes to ${price(subtotalCents)} and delivery is free. Before I take it, please read our terms and conditions (/terms): do you agree to them? Tap "${CHAT_TERMS_AGREE_MESSAGE}", or say Cancel.`,
  termsRequired: `${TERMS_REQUIRED_MESSAGE}. Please read them (/terms) and tap "${CHAT_TERMS_AGREE_MESSAGE}", or say Cancel.`,
  termsAccepted: 'Thank you for agreeing to the terms and conditions.',
  /** After agreeing, where the address had already been chosen. */
  confirmAddress: 'Please confirm your delivery address below to place the order.',
  /** 'Prices have changed' from the orders service: the cart is re-priced and the shopper sends the address again. */
  repriced: (subtotalCents: number): string =>
    `Your cart now has today's prices and comes to ${price(subtotalCents)}. Please confirm your delivery address again to place the order.`,
};
