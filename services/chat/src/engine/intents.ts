import { parseDigits } from '@shop/api-types';
import { joinSizes, normalise, readQuantity, words } from './text';

/** What a message asks for. */
export type Intent =
  | { kind: 'greeting'; swahili: boolean; rest: string }
  | { kind: 'thanks'; swahili: boolean }
  | { kind: 'goodbye'; swahili: boolean }
  | { kind: 'help' }
  | { kind: 'view_cart' }
  | { kind: 'remove_menu' }
  | { kind: 'clear_cart' }
  | { kind: 'checkout' }
  | { kind: 'pay' }
  | { kind: 'cancel' }
  /** Agreeing to the terms: `explicit` names the agreement ('I agree', 'nakubali'); a bare 'yes' or 'sawa' counts only when the terms were asked. */
  | { kind: 'agree'; explicit: boolean }
  /** A bare number: a county id or a sub-county id, by where the conversation stands. */
  | { kind: 'place'; id: number }
  /** The widget's address form: 'county:subcounty:street:town:apartment'. */
  | { kind: 'address'; countyId: number; subCountyId: number; street: string; town: string; apartment: string }
  /** `name` is the text as written (an exact product name from a button); `query` the same without quantity words. */
  | { kind: 'add'; name: string; query: string; quantity: number }
  | { kind: 'remove'; name: string }
  | { kind: 'decrease'; name: string; by: number }
  | { kind: 'set_quantity'; name: string; quantity: number }
  | { kind: 'search'; query: string; sort: 'cheapest' | 'dearest' | null; offers: boolean; priceQuestion: boolean }
  | { kind: 'policy'; topic: PolicyTopic }
  | { kind: 'unknown'; text: string };

export type PolicyTopic =
  'delivery' | 'payment' | 'returns' | 'track' | 'person' | 'cancel_order' | 'minimum' | 'account' | 'points' | 'coupon';

const ADDRESS = /^\s*(\d{1,9})\s*:\s*(\d{1,9})\s*:([\s\S]*)$/;

/** A greeting at the start of a message, with the words that usually ride along ('habari yako', 'hi there'). */
const GREETING_LEAD =
  /^(?:good\s+(?:morning|afternoon|evening|day)|hello+|hallo|helo|hi|hey+|howdy|greetings|habari|jambo|hujambo|hamjambo|mambo|sasa|niaje|shikamoo|salaam|salamu|vipi)\b[\s,.!?]*(?:(?:yako|yenu|za\s+leo|za\s+asubuhi|za\s+mchana|za\s+jioni|gani|there|again|assistant|rafiki|friend|team|shwari|everyone)\b[\s,.!?]*)*/i;
/** Words that may ride along with a greeting without asking anything ('habari yako', 'good morning there'). */
const GREETING_COMPANIONS = new Set([
  'good',
  'yako',
  'yenu',
  'gani',
  'za',
  'ya',
  'leo',
  'asubuhi',
  'mchana',
  'jioni',
  'there',
  'assistant',
  'bot',
  'shop',
  'friend',
  'rafiki',
  'how',
  'are',
  'you',
  'doing',
  'is',
  'it',
  'going',
  'nzuri',
  'poa',
  'sana',
  'again',
  'all',
  'team',
  'shwari',
  'wewe',
  'u',
  'r',
  'the',
  'day',
  'na',
  'kazi',
  'karibu',
]);

const THANKS = ['asante', 'asanteni', 'thanks', 'thank', 'thx', 'shukran', 'shukrani', 'ahsante'];
const GOODBYES = ['bye', 'goodbye', 'kwaheri', 'tutaonana', 'baadaye', 'later', 'cheers'];

/** A sentence as normalised words joined by single spaces, for phrase checks. */
const phrase = (text: string): string => ` ${words(text.replace(/'/g, ' ')).join(' ')} `;
const has = (sentence: string, ...phrases: string[]): boolean => phrases.some((p) => sentence.includes(` ${p} `));

const QUANTITY_NOUNS =
  '(?:packets?|packs?|pieces?|pcs|bags?|bottles?|bales?|tins?|jerricans?|units?|items?|pakiti|mifuko|mfuko|chupa|debe|of those|of them)';
const NUMBER = '(\\d{1,4}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|moja|mbili|tatu|nne|tano|sita|saba|nane|tisa|kumi)';
/** '3 packets of X', 'three X', 'a packet of X' (but not '2kg X': sizes are part of the name). */
const LEADING_QUANTITY = new RegExp(
  `^${NUMBER}\\s+(?!kgs?\\b|g\\b|l\\b|ml\\b|litres?\\b|liters?\\b|ltrs?\\b|kilos?\\b)(?:${QUANTITY_NOUNS}\\s+)?(?:of\\s+|ya\\s+|za\\s+)?(.+)$`,
  'i',
);
/** 'X x3', 'X * 3', 'X mbili', 'X 3 packets', 'X pakiti mbili', 'X 2' (Swahili puts the number after the noun). */
const TRAILING_QUANTITY = new RegExp(
  `^(.+?)\\s+(?:(?:x|\\*)\\s*(\\d{1,4})|(moja|mbili|tatu|nne|tano|sita|saba|nane|tisa|kumi)|(\\d{1,4})\\s*${QUANTITY_NOUNS}|${QUANTITY_NOUNS}\\s+${NUMBER}|(\\d{1,3}))$`,
  'i',
);
/** 'pakiti mbili za unga', 'packets three of rice': the pack word first, as Swahili says it. */
const PACKS_FIRST = new RegExp(`^${QUANTITY_NOUNS}\\s+${NUMBER}\\s+(?:of\\s+|ya\\s+|za\\s+)?(.+)$`, 'i');

/**
 * A product phrase with its quantity taken out: '3 packets of pishori rice' is 3 of 'pishori rice',
 * 'unga kilo 2 pakiti mbili' is 2 of 'unga 2kg'. Spoken sizes are sizes, not quantities: 'kilo
 * mbili' and 'lita 3' are '2kg' and '3l' (text.ts joinSizes).
 */
export function splitQuantity(text: string): { query: string; quantity: number | null } {
  const trimmed = joinSizes(text.trim().replace(/[.!?]+$/, ''));
  const leading = LEADING_QUANTITY.exec(trimmed);
  if (leading) {
    const quantity = readQuantity(leading[1]);
    if (quantity !== null) return { query: leading[2]!.trim(), quantity };
  }
  const packsFirst = PACKS_FIRST.exec(trimmed);
  if (packsFirst) {
    const quantity = readQuantity(packsFirst[1]);
    if (quantity !== null) return { query: packsFirst[2]!.trim(), quantity };
  }
  const trailing = TRAILING_QUANTITY.exec(trimmed);
  if (trailing) {
    const quantity = readQuantity(trailing[2] ?? trailing[3] ?? trailing[4] ?? trailing[5] ?? trailing[6]);
    if (quantity !== null) return { query: trailing[1]!.trim(), quantity };
  }
  return { query: trimmed, quantity: null };
}

/** Verbs that put something in the cart, and the rest of the sentence. */
const ADD_VERBS =
  /^(?:please\s+|pls\s+|kindly\s+|tafadhali\s+)?(?:add|ongeza|weka|nataka|ninataka|tunataka|nahitaji|ninahitaji|naomba|nipe|niletee|nunua|nitanunua|i\s+want(?:\s+to\s+buy)?|i\s+wanna|i\s+need|i'd\s+like|i\s+would\s+like(?:\s+to\s+buy)?|i'll\s+take|i\s+will\s+take|i'll\s+have|give\s+me|get\s+me|buy|put|include|take)\b\s*(.*)$/i;
const REMOVE_VERBS =
  /^(?:please\s+|pls\s+|tafadhali\s+)?(?:remove|delete|drop|ondoa|toa|futa|take\s+out|take\s+away|i\s+don'?t\s+want|sitaki)\b\s*(.*)$/i;
const DECREASE_VERBS = /^(?:please\s+|tafadhali\s+)?(?:decrease|reduce|lower|punguza|minus|less)\b\s*(.*)$/i;
const SET_QUANTITY =
  /^(?:change|set|make|update|badilisha)\s+(?:the\s+)?(?:quantity\s+of\s+)?(.+?)\s+(?:quantity\s+)?to\s+(\d{1,4}|one|two|three|four|five|six|seven|eight|nine|ten)\s*\.?$/i;
const IN_CART_TAIL = /\s+(?:to|into|in|on|kwa|kwenye|katika)\s+(?:the\s+|my\s+)?(?:cart|basket|kikapu(?:\s+changu)?)\s*$/i;
const FROM_CART_TAIL = /\s+(?:from|out\s+of|kutoka|kwa|kwenye)\s+(?:the\s+|my\s+)?(?:cart|basket|kikapu(?:\s+changu)?)\s*$/i;

function policy(sentence: string): PolicyTopic | null {
  // Before tracking: 'ghairi oda yangu' (cancel my order) names 'oda yangu' too.
  if (has(sentence, 'cancel my order', 'cancel the order', 'cancel order', 'ghairi', 'sitisha oda')) return 'cancel_order';
  if (
    has(
      sentence,
      'track',
      'tracking',
      'where is my order',
      'my order status',
      'order status',
      'status of my order',
      'has my order',
      'oda yangu',
      'mzigo wangu',
      'my delivery',
      'my parcel',
      'when will my order',
    )
  )
    return 'track';
  if (has(sentence, 'refund', 'refunds', 'return', 'returns', 'exchange', 'damaged', 'expired', 'wrong product', 'rudisha', 'marejesho'))
    return 'returns';
  if (
    has(
      sentence,
      'mpesa',
      'm pesa',
      'airtel',
      'card',
      'visa',
      'mastercard',
      'cash',
      'pay on delivery',
      'payment',
      'payments',
      'malipo',
      'kulipa',
      'how do i pay',
      'how can i pay',
      'can i pay',
      'lipa na',
      'cod',
    )
  )
    return 'payment';
  if (
    has(
      sentence,
      'deliver',
      'delivery',
      'deliveries',
      'shipping',
      'ship',
      'usafirishaji',
      'kuleta',
      'mtaleta',
      'mnaleta',
      'how long',
      'courier',
      'pick up',
      'pickup',
      'collect',
      'transport',
    )
  )
    return 'delivery';
  if (has(sentence, 'minimum', 'min order', 'smallest order', 'kiwango cha chini')) return 'minimum';
  if (
    has(
      sentence,
      'human',
      'person',
      'agent',
      'customer care',
      'customer service',
      'call you',
      'phone number',
      'contact',
      'talk to someone',
      'speak to',
      'mtu',
      'email you',
    )
  )
    return 'person';
  if (has(sentence, 'points', 'shwari points', 'loyalty', 'pointi')) return 'points';
  if (has(sentence, 'coupon', 'voucher', 'promo code', 'discount code', 'kuponi')) return 'coupon';
  if (has(sentence, 'password', 'login', 'log in', 'sign in', 'register', 'account', 'sign up', 'akaunti')) return 'account';
  return null;
}

/** 'I agree to the terms and conditions' (the widget's button), 'I accept', 'nakubali masharti'. */
const AGREE_EXPLICIT =
  /^(?:yes,?\s+)?(?:i\s+(?:do\s+)?|we\s+)?(?:agree|accept)(?:\s+(?:to|with))?(?:\s+(?:the|your|all))?(?:\s+(?:terms|t&cs?|t & cs?|conditions|terms and conditions|terms & conditions))?$/;
const AGREE_SWAHILI =
  /^(?:ndiyo,?\s+|ndio,?\s+)?(?:mimi\s+)?(?:na|nina|nime|tuna|tume)kubali(?:ana)?(?:\s+(?:na\s+)?(?:masharti|vigezo)(?:\s+(?:na|&)\s+(?:masharti|vigezo))?)?$/;
/** A yes that means agreement only where the terms were just asked. */
const YES = /^(?:yes|yeah|yep|yes please|ok|okay|sure|fine|ndiyo|ndio|sawa|sawa sawa|poa|haya)$/;

function agreementIn(bare: string): Intent | null {
  const sentence = bare
    .replace(/[.!,]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (AGREE_EXPLICIT.test(sentence) || AGREE_SWAHILI.test(sentence)) return { kind: 'agree', explicit: true };
  if (YES.test(sentence)) return { kind: 'agree', explicit: false };
  return null;
}

/** Reads a message. Pure: the same text in the same step always means the same thing. */
export function interpret(message: string): Intent {
  const text = message.trim().replace(/\s+/g, ' ');
  const lower = normalise(text);
  const bare = lower.replace(/[.!?]+$/, '').trim();

  // The widget's own messages (spec section 7).
  if (bare === 'view_cart' || bare === 'view cart') return { kind: 'view_cart' };
  if (bare === 'remove_from_cart') return { kind: 'remove_menu' };
  const address = ADDRESS.exec(text);
  if (address) {
    const parts = address[3]!.split(':').map((part) => part.trim());
    // street may itself contain ':'; the town and apartment are the last two parts when there are three or more.
    const [street, town, apartment] =
      parts.length >= 3 ? [parts.slice(0, -2).join(':'), parts.at(-2)!, parts.at(-1)!] : [parts[0] ?? '', parts[1] ?? '', ''];
    const countyId = parseDigits(address[1]!);
    const subCountyId = parseDigits(address[2]!);
    if (countyId !== null && subCountyId !== null) return { kind: 'address', countyId, subCountyId, street, town, apartment };
  }
  const placeId = parseDigits(bare, 9);
  if (placeId !== null) return { kind: 'place', id: placeId };

  // The spec's product messages, with the product name as the storefront shows it.
  let match = /^add\s+(\d{1,4})\s+more\s+(.+?)\s+to\s+(?:the\s+|my\s+)?cart$/i.exec(text.replace(/[.!]+$/, ''));
  if (match) return { kind: 'add', name: match[2]!, query: match[2]!, quantity: readQuantity(match[1]) ?? 1 };
  match = /^decrease\s+(.+?)\s+quantity\s+by\s+(\d{1,4})$/i.exec(text.replace(/[.!]+$/, ''));
  if (match) return { kind: 'decrease', name: match[1]!, by: readQuantity(match[2]) ?? 1 };
  match = /^remove\s+(.+?)\s+from\s+(?:the\s+|my\s+)?cart$/i.exec(text.replace(/[.!]+$/, ''));
  if (match) return { kind: 'remove', name: match[1]! };
  match = /^add\s+(.+?)\s+to\s+(?:the\s+|my\s+)?cart$/i.exec(text.replace(/[.!]+$/, ''));
  if (match) {
    const { query, quantity } = splitQuantity(match[1]!);
    return { kind: 'add', name: match[1]!, query, quantity: quantity ?? 1 };
  }

  const agreement = agreementIn(bare);
  if (agreement) return agreement;

  const sentence = phrase(text);
  const list = words(text);
  if (list.length === 0) return { kind: 'unknown', text };

  // Greetings, alone or before a question ('habari, mna mchele?').
  const greeting = GREETING_LEAD.exec(text);
  if (greeting) {
    const swahili = /^(?:habari|jambo|hujambo|hamjambo|mambo|sasa|niaje|shikamoo|salaam|salamu|vipi)/i.test(text);
    const rest = text.slice(greeting[0].length).trim();
    if (words(rest).every((word) => GREETING_COMPANIONS.has(word))) return { kind: 'greeting', swahili, rest: '' };
    return { kind: 'greeting', swahili, rest };
  }
  if (
    list.every(
      (word) =>
        THANKS.includes(word) ||
        ['you', 'very', 'much', 'sana', 'so', 'a', 'lot', 'ok', 'okay', 'great', 'nice', 'poa', 'sawa', 'good'].includes(word),
    ) &&
    list.some((word) => THANKS.includes(word))
  ) {
    return {
      kind: 'thanks',
      swahili: list.some((word) => ['asante', 'asanteni', 'shukran', 'shukrani', 'ahsante', 'sana', 'poa', 'sawa'].includes(word)),
    };
  }
  if (list.length <= 4 && list.some((word) => GOODBYES.includes(word)))
    return { kind: 'goodbye', swahili: list.some((word) => ['kwaheri', 'tutaonana', 'baadaye'].includes(word)) };

  if (
    /^(help|msaada|saidia|nisaidie|menu|options|start|anza|\?)$/.test(bare) ||
    has(
      sentence,
      'what can you do',
      'how does this work',
      'how do you work',
      'what do you do',
      'who are you',
      'unaweza kufanya nini',
      'naomba msaada',
      'i need help',
      'help me',
      'can you help',
    )
  ) {
    return { kind: 'help' };
  }

  // The cart and the checkout, in the shopper's words.
  const verb = ADD_VERBS.test(text) || REMOVE_VERBS.test(text) || DECREASE_VERBS.test(text);
  if (
    /^(?:show |view |see |open |check )?(?:my |the )?(?:cart|basket|kikapu(?: changu)?)$/.test(bare) ||
    /^(?:nionyeshe|nioneshe|onyesha|nionyeshe tu|angalia|tazama|ona|niangalie)\s+(?:kikapu|kapu)(?:\s+(?:changu|yangu|chako))?$/.test(
      bare,
    ) ||
    (!verb &&
      has(
        sentence,
        'what is in my cart',
        'whats in my cart',
        'what s in my cart',
        'show my cart',
        'show me my cart',
        'my cart',
        'view my cart',
        'kikapu changu',
        'ona kikapu',
        'onyesha kikapu',
        'nionyeshe kikapu',
        'angalia kikapu',
        'kikapu kina nini',
        'nina nini kwenye kikapu',
        'cart total',
        'how much is my cart',
        'my total',
        'my order total',
      ))
  ) {
    return { kind: 'view_cart' };
  }
  if (
    has(
      sentence,
      'clear cart',
      'clear my cart',
      'clear the cart',
      'empty cart',
      'empty my cart',
      'empty the cart',
      'remove everything',
      'remove all',
      'futa kikapu',
      'ondoa vyote',
      'ondoa kila kitu',
      'start over',
    )
  )
    return { kind: 'clear_cart' };
  if (
    /^(checkout|check out|check-out|proceed to checkout|proceed|go to checkout|place (?:the |my )?order|complete (?:the |my )?order|i am done|im done|that s all|thats all|nimemaliza|maliza|maliza ununuzi|maliza oda|nimemaliza kununua|tuma oda|weka oda|order now|buy now|i want to checkout|i want to check out)$/.test(
      bare.replace(/'/g, ' ').replace(/\s+/g, ' '),
    )
  ) {
    return { kind: 'checkout' };
  }
  if (
    /^(pay|pay now|lipa|lipa sasa|nilipe|lipia|nataka kulipa|ningependa kulipa|payment link|pay again|try again|retry payment|jaribu tena|lipa tena|i want to pay)$/.test(
      bare,
    )
  )
    return { kind: 'pay' };
  if (
    /^(cancel|stop|acha|sitisha|back|go back|never ?mind|rudi|no|hapana|no thanks|no thank you|not now|i do not agree|i don'?t agree|disagree|decline|sikubali|sikubaliani)$/.test(
      bare,
    )
  )
    return { kind: 'cancel' };

  const setQuantity = SET_QUANTITY.exec(text.replace(/[.!]+$/, ''));
  if (setQuantity)
    return {
      kind: 'set_quantity',
      name: setQuantity[1]!.replace(IN_CART_TAIL, ''),
      quantity: readQuantity(setQuantity[2]) ?? 1,
    };

  const topic = policy(sentence);
  const offers = has(
    sentence,
    'offer',
    'offers',
    'on offer',
    'discount',
    'discounts',
    'discounted',
    'deal',
    'deals',
    'promotion',
    'promotions',
    'promo',
    'sale',
    'special',
    'specials',
    'punguzo',
    'ofa',
    'bei ya chini',
  );
  const cheapest = has(
    sentence,
    'cheapest',
    'cheap',
    'cheaper',
    'lowest price',
    'least expensive',
    'affordable',
    'budget',
    'bei nafuu',
    'nafuu',
    'rahisi',
    'bei rahisi',
    'bei ya chini kabisa',
  );
  const dearest = has(sentence, 'most expensive', 'expensive', 'priciest', 'premium', 'ghali', 'bei ghali', 'highest price');
  const priceQuestion = has(sentence, 'how much', 'price', 'prices', 'cost', 'costs', 'bei', 'ngapi', 'gharama', 'pesa ngapi', 'charge');

  const removal = REMOVE_VERBS.exec(text);
  if (removal && removal[1]) return { kind: 'remove', name: removal[1].replace(FROM_CART_TAIL, '').trim() };
  const decrease = DECREASE_VERBS.exec(text);
  if (decrease && decrease[1]) {
    const rest = decrease[1].replace(FROM_CART_TAIL, '').replace(IN_CART_TAIL, '').trim();
    const by = /\s+by\s+(\d{1,4}|one|two|three|moja|mbili|tatu)$/i.exec(rest);
    if (by) return { kind: 'decrease', name: rest.slice(0, by.index).replace(/\s+quantity$/i, ''), by: readQuantity(by[1]) ?? 1 };
    const { query, quantity } = splitQuantity(rest);
    return { kind: 'decrease', name: query.replace(/\s+quantity$/i, ''), by: quantity ?? 1 };
  }
  const addition = ADD_VERBS.exec(text);
  if (addition && addition[1] && !offers && !cheapest && !dearest && !priceQuestion && !topic) {
    const rest = addition[1]
      .replace(IN_CART_TAIL, '')
      .replace(/[.!?]+$/, '')
      .trim();
    const more = /^(\d{1,4}|one|two|three|moja|mbili|tatu)\s+more\s+(.+)$/i.exec(rest);
    if (more) return { kind: 'add', name: more[2]!, query: more[2]!, quantity: readQuantity(more[1]) ?? 1 };
    const { query, quantity } = splitQuantity(rest);
    if (query) return { kind: 'add', name: rest, query, quantity: quantity ?? 1 };
  }
  if (topic && !offers && !cheapest) return { kind: 'policy', topic };

  return { kind: 'search', query: text, sort: cheapest ? 'cheapest' : dearest ? 'dearest' : null, offers, priceQuestion };
}

/** Words in a search that only say how to sort or filter ('cheapest', 'on offer'), not which product. */
export const MODIFIER_WORDS = new Set([
  'cheapest',
  'cheap',
  'cheaper',
  'lowest',
  'least',
  'expensive',
  'most',
  'affordable',
  'budget',
  'nafuu',
  'rahisi',
  'ghali',
  'priciest',
  'premium',
  'highest',
  'offer',
  'offers',
  'discount',
  'discounts',
  'discounted',
  'deal',
  'deals',
  'promotion',
  'promotions',
  'promo',
  'sale',
  'special',
  'specials',
  'punguzo',
  'ofa',
  'chini',
  'kabisa',
  'gharama',
  'charge',
  'suggest',
  'recommend',
  'recommendation',
  'popular',
]);
