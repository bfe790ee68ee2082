/**
 * Every text a shopper reads from the assistant, in English and in Swahili, in one place: the
 * replies, the suggestion buttons and the notes about the cart. The reply modules choose what to
 * say and read the words from the turn's `copy` (the shopper's language, language.ts); the words
 * live here so they can be read, reviewed and translated together. The Swahili is written as
 * Kenyan shoppers write it, not word for word; the English is the spec's and stays exactly as it is.
 *
 * Suggestions are messages the widget sends back when tapped, so their wording is also what
 * intents.ts understands ('Add {name} to cart', 'Ongeza {name} kwenye kikapu', 'View cart',
 * 'Angalia kikapu', 'Checkout', 'Lipa'). The terms button stays CHAT_TERMS_AGREE_MESSAGE in both
 * languages: the widget shows it as its own agree control.
 */
import {
  ACCOUNT_MESSAGES,
  CHAT_ADDRESS_MESSAGE,
  CHAT_TERMS_AGREE_MESSAGE,
  CHECKOUT_MESSAGES,
  MINIMUM_ORDER_KSH,
  MINIMUM_ORDER_MESSAGE,
  ORDER_MESSAGES,
  TERMS_REQUIRED_MESSAGE,
} from '@shop/api-types';
import { formatCents, MINIMUM_ORDER_CENTS } from '@shop/money';
import type { PolicyTopic } from './intents';
import type { Language } from './language';

const price = (cents: number): string => formatCents(cents);
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A pack size as the catalogue writes it: 2 and 'kg' for '2kg'. */
export interface Size {
  amount: number;
  unit: 'kg' | 'g' | 'l' | 'ml';
}
const sizeInEnglish = (size: Size): string => `${size.amount} ${size.unit === 'l' ? 'L' : size.unit}`;
/** Swahili puts the unit first: 'kilo 2', 'lita 3', 'gramu 500'. */
const SWAHILI_UNITS: Record<Size['unit'], string> = { kg: 'kilo', g: 'gramu', l: 'lita', ml: 'mililita' };
const sizeInSwahili = (size: Size): string => `${SWAHILI_UNITS[size.unit]} ${size.amount}`;

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
  /** A bare 'ok' or 'yes' where nothing was asked. */
  acknowledged: 'Okay. What else can I help you with?',
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
  /** `what`: the words searched for, null for the whole shop. */
  extreme: (sort: 'cheapest' | 'dearest', what: string | null, name: string, unitCents: number, priceCents: number): string =>
    `The ${sort === 'cheapest' ? 'cheapest' : 'most expensive'} ${what ?? 'product'} is ${name} at ${price(unitCents)}${unitCents < priceCents ? ' (on offer)' : ''}.`,
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
  /** `shortCents`: what the cart lacks to reach the minimum (0 when it does). */
  subtotal: (subtotalCents: number, shortCents: number): string => {
    return `Cart subtotal: ${price(subtotalCents)}.${shortCents > 0 ? ` Add ${price(shortCents)} more to reach the minimum order of ${price(MINIMUM_ORDER_CENTS)}.` : ''}`;
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
  /** A size the shop does not have ('mafuta lita 2'): the one product of the nearest size, added instead. */
  closestSize: (asked: Size, name: string): string => `We don't have that in ${sizeInEnglish(asked)}; the closest is ${name}.`,
  /** A size the shop does not have, with several products of the nearest size to choose from. */
  closestSizes: (asked: Size): string => `We don't have that in ${sizeInEnglish(asked)}; these are the closest sizes:`,
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
  /** The widget's address form without a street or a town (spec section 5). */
  addressIncomplete: CHAT_ADDRESS_MESSAGE,
  /** The orders service's refusal, as it words it (spec section 8: the server message is shown). */
  refusal: (message: string): string => message,
  /** The orders service found prices changed but none in this cart: said before the cart's total. */
  pricesChanged: 'Prices have changed.',
  /** After agreeing, where the address had already been chosen. */
  confirmAddress: 'Please confirm your delivery address below to place the order.',
  /** 'Prices have changed' from the orders service: the cart is re-priced and the shopper sends the address again. */
  repriced: (subtotalCents: number): string =>
    `Your cart now has today's prices and comes to ${price(subtotalCents)}. Please confirm your delivery address again to place the order.`,
};

/** Everything a reply may say, in one language. */
export interface Copy {
  suggestions: typeof SUGGESTIONS;
  policy: typeof POLICY;
  talk: typeof TALK;
  search: typeof SEARCH;
  cart: typeof CART;
  checkout: typeof CHECKOUT;
}

export const ENGLISH: Copy = { suggestions: SUGGESTIONS, policy: POLICY, talk: TALK, search: SEARCH, cart: CART, checkout: CHECKOUT };

// Swahili. Kenyan shop Swahili as shoppers write it: 'kikapu' (cart), 'oda' (order), 'kulipa'
// (checkout and paying alike), 'kaunti ndogo' (sub-county), 'usafirishaji' (delivery).

const MAXIMUM_REACHED_SWAHILI = 'Umefikia kiwango cha juu unachoweza kuweka kwenye kikapu kwa bidhaa hii';
const MINIMUM_ORDER_SWAHILI = `Kiwango cha chini cha oda ni ${MINIMUM_ORDER_KSH}`;
const TERMS_REQUIRED_SWAHILI = 'Lazima ukubali masharti na vigezo';
/** How a Swahili reply asks for agreement: the widget's agree control, or typed ('nakubali'). */
const AGREE_SWAHILI = 'bonyeza kitufe cha kukubali au andika "Nakubali"';

const SWAHILI_SUGGESTIONS: typeof SUGGESTIONS = {
  start: (cartHasLines: boolean): string[] =>
    cartHasLines
      ? ['Angalia kikapu', 'Lipa', 'Kuna ofa gani?', 'Msaada']
      : ['Kuna ofa gani?', 'Unga wa ugali', 'Mchele wa bei nafuu', 'Msaada'],
  viewCart: 'Angalia kikapu',
  checkout: 'Lipa',
  cancel: 'Sitisha',
  pay: 'Lipa',
  agreeToTerms: CHAT_TERMS_AGREE_MESSAGE,
  cancelOrder: 'Ghairi oda yangu',
  offers: 'Kuna ofa gani?',
  help: 'Msaada',
  add: (name: string, quantity = 1): string =>
    quantity > 1 ? `Ongeza ${name} pakiti ${quantity} kwenye kikapu` : `Ongeza ${name} kwenye kikapu`,
  // Adding a product already in the cart adds one more.
  addOneMore: (name: string): string => `Ongeza ${name} kwenye kikapu`,
  remove: (name: string): string => `Ondoa ${name} kwenye kikapu`,
};

const SWAHILI_POLICY: typeof POLICY = {
  delivery:
    'Usafirishaji ni bure kote nchini. Oda hufika ndani ya saa 24-48; mleta mzigo hujaribu mara mbili, na oda isiyochukuliwa ndani ya siku 5 hughairiwa. Oda yako ikichelewa zaidi ya siku 4 unaweza kuighairi.',
  payment:
    'Malipo ni mtandaoni tu: M-Pesa, Airtel Money au kadi ya benki, kwenye ukurasa salama wa malipo mara tu baada ya kuweka oda. Hatupokei pesa taslimu mzigo ukifika.',
  returns:
    'Haturudishi pesa taslimu isipokuwa kwa malipo yaliyofanywa mara mbili, ambayo hurudishwa ndani ya saa 24-72. Tunapokea bidhaa zinazorudishwa zikiwa si sahihi, zimepitwa na muda au kifungashio kimeharibika, na kubadilishiwa huchukua saa 24-48.',
  track:
    'Siwezi kufuatilia oda kwenye chat hii. Wateja walioingia kwenye akaunti wanaona kila oda na hali yake kwenye Akaunti Yangu, Oda (/profile/orders).',
  cancel_order:
    'Oda isiyolipwa hughairiwa yenyewe baada ya saa moja (oda uliyoweka kwenye chat hii naweza kukughairia ikiwa bado haijalipwa). Kwa oda iliyolipwa na imechelewa zaidi ya siku 4, tafadhali wasiliana nasi kupitia maelezo yaliyo kwenye ukurasa wa maswali (/faqs).',
  person:
    'Mimi ni msaidizi wa ununuzi wa kiotomatiki, kwa hiyo siwezi kukuunganisha na mtu. Ukurasa wa maswali (/faqs) una majibu ya maswali yanayoulizwa sana na jinsi ya kuwasiliana na timu yetu.',
  minimum: `${MINIMUM_ORDER_SWAHILI} KSh (baada ya kuponi au pointi zozote), na usafirishaji ni bure kote nchini.`,
  account:
    'Unaweza kuingia au kujisajili kwenye /login, na kuweka nenosiri jipya ukilisahau kwenye /forgot-password. Huhitaji akaunti kuagiza kupitia kwangu.',
  points:
    'Wateja walioingia kwenye akaunti hupata Shwari Point 1 kwa kila KSh 100 kamili wanazolipa, na pointi 1 ni KSh 1. Pointi hutumika kwenye ukurasa wa kulipia (/checkout); oda za chat hii hazitumii pointi, lakini zinapata pointi.',
  coupon: 'Kuponi hutumika kwenye ukurasa wa kulipia (/checkout). Oda za chat hii hazichukui kuponi.',
};

const SWAHILI_TALK: typeof TALK = {
  greetingFirst: (): string => 'Habari! Karibu Shwari Shop.',
  greeting: (): string =>
    'Habari! Karibu Shwari Shop. Mimi ni msaidizi wako wa ununuzi: naweza kukutafutia unga na bidhaa nyingine, kukuambia bei na ofa, kujaza kikapu chako na kukusaidia kulipa. Usafirishaji ni bure kote nchini.',
  resumeTerms: `Tulikuwa kwenye masharti na vigezo (/terms): ${AGREE_SWAHILI} ili tuendelee, au sema "Sitisha".`,
  resumeCounty: 'Tulikuwa tunachagua kaunti ya kukuletea: chagua moja hapa chini, au sema "Sitisha".',
  resumeSubCounty: 'Tulikuwa tunachagua kaunti ndogo yako: chagua moja hapa chini, au sema "Sitisha".',
  resumeAddress: 'Tulikuwa kwenye anwani ya kukuletea: jaza fomu hapa chini, au sema "Sitisha".',
  cartWaiting: (items: number, subtotalCents: number): string => `Una bidhaa ${items} kwenye kikapu chako (${price(subtotalCents)}).`,
  thanks: (): string => 'Karibu sana! Kuna kitu kingine nikuletee?',
  goodbye: (): string => 'Kwaheri! Kikapu chako kitakusubiri ukirudi.',
  help: [
    'Naweza kukusaidia kununua: kutafuta bidhaa ("unga kilo 2", "bei ya mchele"), kukuambia bei na ofa zilizopo, kuongeza au kutoa bidhaa kwenye kikapu ("ongeza mafuta lita 3", "toa mchele"), kukuonyesha kikapu ("nionyeshe kikapu") na kukusaidia kulipa ("lipa"), usafirishaji bure na malipo mtandaoni.',
    'Unaweza pia kuniandikia kwa Kiingereza: "maize meal 2kg", "view cart".',
  ],
  checkoutStopped: 'Sawa, nimesitisha. Kikapu chako kimebaki kama kilivyo; sema "Lipa" ukiwa tayari.',
  nothingToCancel: 'Sawa. Nikusaidie na nini kingine?',
  acknowledged: 'Sawa. Nikusaidie na nini kingine?',
  notSold: (phrase: string): string =>
    `Samahani, sikupata "${phrase}" dukani. Tunauza unga wa ugali, unga wa ngano, unga wa chapati na wa kuoka, unga wa uji, mchele, mafuta ya kupikia, maharagwe na nafaka, na chakula cha mifugo.`,
  notUnderstood:
    'Samahani, sijakuelewa vizuri. Naweza kukutafutia bidhaa (jaribu "unga kilo 2" au "bei ya mchele"), kukuambia ofa zilizopo, kupanga kikapu chako na kukusaidia kulipa.',
};

/** ' (iko kwenye ofa, ilikuwa KSh 230.00)' when the shopper pays less than the price. */
const offerNoteSwahili = (unitCents: number, priceCents: number): string =>
  unitCents < priceCents ? ` (iko kwenye ofa, ilikuwa ${price(priceCents)})` : '';

const SWAHILI_SEARCH: typeof SEARCH = {
  nothingOnOffer: (phrase: string | null): string =>
    phrase !== null ? `Hakuna ofa ya "${phrase}" kwa sasa.` : 'Hakuna ofa kwa sasa, lakini kila oda inaletwa bure.',
  onOffer: (count: number, phrase: string | null): string =>
    `${count === 1 ? 'Hii ndiyo ofa' : 'Hizi ndizo ofa'} za sasa${phrase !== null ? ` za "${phrase}"` : ''}:`,
  extreme: (sort: 'cheapest' | 'dearest', what: string | null, name: string, unitCents: number, priceCents: number): string =>
    `${what === null ? 'Bidhaa' : `Kati ya "${what}", bidhaa`} ya bei ${sort === 'cheapest' ? 'nafuu' : 'ghali'} zaidi ni ${name}, kwa ${price(unitCents)}${unitCents < priceCents ? ' (iko kwenye ofa)' : ''}.`,
  priceOfShown: (name: string, unitCents: number, priceCents: number): string =>
    `${name}: ${price(unitCents)}${offerNoteSwahili(unitCents, priceCents)}`,
  priceOfNamed: (name: string, unitCents: number, priceCents: number): string =>
    `Bei ya ${name} ni ${price(unitCents)}${offerNoteSwahili(unitCents, priceCents)}.`,
  close: (count: number, phrase: string): string =>
    `Sikupata "${phrase}" kamili, lakini ${count === 1 ? 'hii inakaribia' : 'hizi zinakaribia'}:`,
  many: (count: number, shown: number, phrase: string): string =>
    `Nimepata bidhaa ${count} za "${phrase}". Hizi ni ${shown} za kwanza; niambie chapa au saizi ili nikupunguzie.`,
  found: (phrase: string): string => `Nimepata hizi kwa "${phrase}":`,
};

const SWAHILI_CART: typeof CART = {
  notFound: (name: string): string => `Samahani, sikupata "${name}" dukani. Jaribu jina lingine, chapa au saizi, kwa mfano "unga kilo 2".`,
  whichToAdd: (quantity: number): string => `Ungependa ipi${quantity > 1 ? ` (${quantity})` : ''}?`,
  whichToChange: 'Unamaanisha ipi?',
  alreadyAtMaximum: (max: number, name: string): string => `${MAXIMUM_REACHED_SWAHILI} (${max} za ${name}).`,
  broughtToMaximum: (max: number, name: string): string => `${MAXIMUM_REACHED_SWAHILI}, kwa hiyo kikapu chako kina ${max} za ${name}.`,
  quantityUpdated: (name: string, quantity: number): string => `Idadi ya ${name} kwenye kikapu imebadilishwa (sasa ni ${quantity}).`,
  added: (name: string, quantity: number): string =>
    quantity === 1 ? `${name} imeongezwa kwenye kikapu` : `${quantity} x ${name} zimeongezwa kwenye kikapu`,
  removed: (name: string): string => `${name} imetolewa kwenye kikapu`,
  notInCart: (name: string): string => `"${name}" haiko kwenye kikapu chako.`,
  empty: 'Kikapu chako hakina kitu.',
  emptyAskWhat: 'Kikapu chako hakina kitu. Niambie unachohitaji, kwa mfano "unga kilo 2".',
  emptyNothingToRemove: 'Kikapu chako hakina kitu, kwa hiyo hakuna cha kutoa.',
  nowEmpty: 'Kikapu chako sasa hakina kitu.',
  subtotal: (subtotalCents: number, shortCents: number): string => {
    return `Jumla ya kikapu: ${price(subtotalCents)}.${shortCents > 0 ? ` Ongeza ${price(shortCents)} zaidi ufikie kiwango cha chini cha oda cha ${price(MINIMUM_ORDER_CENTS)}.` : ''}`;
  },
  heading: 'Kikapu chako:',
  line: (quantity: number, name: string, lineCents: number): string => `${quantity} x ${name}: ${price(lineCents)}`,
  total: (subtotalCents: number): string => `Jumla: ${price(subtotalCents)}. Usafirishaji: bure kote nchini.`,
  belowMinimum: (shortCents: number): string => `${MINIMUM_ORDER_SWAHILI}: ongeza ${price(shortCents)} zaidi ndipo ulipe.`,
  whichToRemove: 'Ungependa kutoa bidhaa gani?',
  gone: (id: number, name: string | undefined): string =>
    `${name ? `"${name}"` : `Bidhaa ${id}`} haipatikani tena, kwa hiyo nimeitoa kwenye kikapu chako.`,
  loweredToMaximum: (name: string, max: number): string => `${name}: ${MAXIMUM_REACHED_SWAHILI} (${max}).`,
  raisedToMinimum: (name: string, min: number): string =>
    `${name} inauzwa kuanzia ${min} kwa mara moja, kwa hiyo kikapu chako sasa kina ${min}.`,
  priceChanged: (name: string, wasCents: number, nowCents: number): string =>
    `Bei imebadilika: ${name} sasa ni ${price(nowCents)} (ilikuwa ${price(wasCents)}).`,
  closestSize: (asked: Size, name: string): string => `Hatuna ya ${sizeInSwahili(asked)}; iliyo karibu zaidi ni ${name}.`,
  closestSizes: (asked: Size): string => `Hatuna ya ${sizeInSwahili(asked)}; hizi ndizo saizi zilizo karibu zaidi:`,
};

/** The orders service's refusals a shopper may meet at the chat's checkout, in Swahili; others are shown as it words them. */
const SWAHILI_REFUSALS: Record<string, string> = {
  [CHECKOUT_MESSAGES.firstName]: 'Jina la kwanza linahitajika',
  [CHECKOUT_MESSAGES.lastName]: 'Jina la mwisho linahitajika',
  [CHECKOUT_MESSAGES.phoneRequired]: 'Namba ya simu inahitajika',
  [CHECKOUT_MESSAGES.phoneDigits]: 'Namba ya simu lazima iwe na tarakimu 10',
  [CHECKOUT_MESSAGES.phoneLeadingZero]: 'Namba ya simu lazima ianze na 0, kwa mfano 0712345678',
  [CHECKOUT_MESSAGES.emailRequired]: 'Barua pepe inahitajika',
  [CHECKOUT_MESSAGES.emailInvalid]: 'Barua pepe si sahihi',
  [CHECKOUT_MESSAGES.street]: 'Mtaa unahitajika',
  [CHECKOUT_MESSAGES.town]: 'Mji unahitajika',
  [CHECKOUT_MESSAGES.countyInvalid]: 'Kaunti uliyochagua si sahihi.',
  [CHECKOUT_MESSAGES.subCountyInvalid]: 'Kaunti ndogo uliyochagua si sahihi.',
  [ACCOUNT_MESSAGES.subCountyMismatch]: 'Kaunti ndogo uliyochagua haiko ndani ya kaunti uliyochagua.',
  [ORDER_MESSAGES.orderFailed]: 'Samahani, oda yako haikuweza kushughulikiwa!',
  [ORDER_MESSAGES.orderAlreadyPaid]: 'Oda hii imeshalipwa.',
  [ORDER_MESSAGES.orderNotFound]: 'Oda haikupatikana.',
  [ORDER_MESSAGES.orderCancelled]: 'Oda imeghairiwa.',
};

const SWAHILI_CHECKOUT: typeof CHECKOUT = {
  emptyCart: 'Kikapu chako hakina kitu. Ongeza bidhaa kwanza, kisha sema "Lipa".',
  belowMinimum: (subtotalCents: number, shortCents: number): string =>
    `${MINIMUM_ORDER_SWAHILI}. Kikapu chako ni ${price(subtotalCents)}: ongeza ${price(shortCents)} zaidi ndipo ulipe.`,
  askCounty: (subtotalCents: number): string => `Oda yako ni ${price(subtotalCents)} na usafirishaji ni bure. Tukuletee kaunti gani?`,
  waitingForPayment: (orderNumber: string): string =>
    `Oda yako ${orderNumber} inasubiri malipo. Sema "Lipa" nikufungulie ukurasa wa malipo tena.`,
  unknownNumber: (id: number): string =>
    `Sijaelewa ${id} ni nini. Ili kuagiza, niambie bidhaa (kwa mfano "ongeza unga kilo 2 pakiti mbili"), kisha sema "Lipa".`,
  chooseCounty: 'Tafadhali chagua kaunti kutoka kwenye orodha.',
  askSubCounty: (countyName: string): string => `${countyName}, sawa. Kaunti ndogo gani?`,
  askCountyAgain: 'Tukuletee kaunti gani?',
  chooseSubCounty: 'Tafadhali chagua kaunti ndogo kutoka kwenye orodha.',
  askAddress: (subCountyName: string): string =>
    `${subCountyName}. Tafadhali jaza anwani ya kukuletea: mtaa na mji ni lazima, nyumba (apartment) si lazima.`,
  tooManyOrders:
    'Oda nyingi zimewekwa kutoka kwenye mtandao wako ndani ya dakika moja iliyopita. Tafadhali subiri dakika moja, kisha tuma anwani yako tena.',
  // Staff read the order's notes in the back office, which stays in English.
  orderNotes: CHECKOUT.orderNotes,
  placed: (firstName: string, orderNumber: string, totalCents: number): string =>
    `Asante${firstName ? ` ${firstName}` : ''}! Oda yako ${orderNumber} ya ${price(totalCents)} imewekwa, na tutakuletea bure ndani ya saa 24-48 ikishalipwa.`,
  payOnPage: 'Lipa kwa usalama kwenye ukurasa wa malipo (M-Pesa, Airtel Money au kadi) ili kuithibitisha.',
  paymentPageFailed: 'Ukurasa wa malipo haukufunguka sasa hivi. Sema "Lipa" baada ya muda mfupi ujaribu tena; oda yako bado ipo.',
  paymentPageAgain: (orderNumber: string): string =>
    `Huu hapa ukurasa wa malipo wa oda yako ${orderNumber} tena: oda ileile, jumla ileile.`,
  sameCartAwaitingPayment: (orderNumber: string): string =>
    `Oda yako ${orderNumber} ya kikapu hiki inasubiri malipo, kwa hiyo sijaweka nyingine. Ukitaka kubadilisha maelezo ya kukuletea, sema "Ghairi oda yangu" kwanza.`,
  cartChangedSinceOrder: (orderNumber: string): string =>
    `Kikapu chako kimebadilika tangu oda ${orderNumber}, kwa hiyo nitaweka oda mpya na kughairi ${orderNumber}, ambayo haijalipwa.`,
  paid: (orderNumber: string): string => `Oda yako ${orderNumber} imelipwa: asante! Tutakuletea ndani ya saa 24-48, bure.`,
  alreadyPaid: (orderNumber: string): string =>
    `Oda yako ${orderNumber} imeshalipwa, kwa hiyo sijaweka nyingine. Kikapu chako kimebaki: sema "Lipa" ukitaka kuagiza hiki pia.`,
  cancelledUnpaid: (orderNumber: string): string =>
    `Oda yako ${orderNumber} imeghairiwa kwa sababu haikulipwa. Kikapu chako kimebaki: sema "Lipa" kuagiza tena.`,
  cancelledByShopper: (orderNumber: string): string =>
    `Oda yako ${orderNumber} imeghairiwa na hujakatwa pesa yoyote. Kikapu chako kimebaki: sema "Lipa" ukiwa tayari.`,
  askTerms: (subtotalCents: number): string =>
    `Oda yako ni ${price(subtotalCents)} na usafirishaji ni bure. Kabla sijaichukua, tafadhali soma masharti na vigezo vyetu (/terms): unakubaliana navyo? ${capitalise(AGREE_SWAHILI)}, au sema "Sitisha".`,
  termsRequired: `${TERMS_REQUIRED_SWAHILI}. Tafadhali yasome (/terms) kisha ${AGREE_SWAHILI}, au sema "Sitisha".`,
  termsAccepted: 'Asante kwa kukubali masharti na vigezo.',
  confirmAddress: 'Tafadhali thibitisha anwani ya kukuletea hapa chini ili niweke oda.',
  repriced: (subtotalCents: number): string =>
    `Kikapu chako sasa kina bei za leo na jumla ni ${price(subtotalCents)}. Tafadhali thibitisha anwani yako tena ili niweke oda.`,
  addressIncomplete: 'Tafadhali jaza sehemu zote za anwani zinazohitajika',
  refusal: (message: string): string => SWAHILI_REFUSALS[message] ?? message,
  pricesChanged: 'Bei zimebadilika.',
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const SWAHILI: Copy = {
  suggestions: SWAHILI_SUGGESTIONS,
  policy: SWAHILI_POLICY,
  talk: SWAHILI_TALK,
  search: SWAHILI_SEARCH,
  cart: SWAHILI_CART,
  checkout: SWAHILI_CHECKOUT,
};

/** The words of each language the assistant answers in. */
export const COPY: Record<Language, Copy> = { en: ENGLISH, sw: SWAHILI };
