import Fuse from 'fuse.js';
import {
  CHAT_ADDRESS_MESSAGE,
  MINIMUM_ORDER_KSH,
  MINIMUM_ORDER_MESSAGE,
  type ChatCheckout,
  type ChatContact,
  type ChatReply,
  type ChatStep,
  type County,
  type LookupProduct,
  type SubCounty,
} from '@shop/api-types';
import { formatCents, fromCents, lineTotal } from '@shop/money';
import { HttpError, type Logger } from '@shop/service-kit';
import type { CatalogClient } from '../clients/catalog';
import type { CustomersClient } from '../clients/customers';
import { UpstreamUnavailable } from '../clients/http';
import { OrderRefused, type OrdersClient } from '../clients/orders';
import type { Conversation, ConversationState, SessionsRepository } from '../db/sessions';
import { chatCartLine, chatProduct, MAXIMUM_REACHED_MESSAGE, priceCart, subtotalCents, unitCents, type Line } from './cart';
import type { CatalogueCache } from './catalogue';
import { interpret, MODIFIER_WORDS, type Intent, type PolicyTopic } from './intents';
import type { LlmInterpreter } from './llm';
import type { OrderLimit } from './order-limit';
import type { Match, ProductIndex } from './product-index';
import { queryWords, readNumber, words } from './text';

const MINIMUM_CENTS = MINIMUM_ORDER_KSH * 100;
/** Products a reply shows at most. */
const SHOWN = 6;

export interface ChatInput {
  message: string;
  sessionId: string;
  /** The storefront's cart (ids and quantities are all that is read); null: the cart this conversation last answered. */
  frontendCart: Array<{ id: number; quantity: number; name?: string }> | null;
  contact: Partial<ChatContact> | null;
  /** A customer's bearer token, forwarded to the orders service so the order is theirs. */
  token: string | null;
  /** The shopper's address as the gateway saw it, for the limit on orders placed. */
  clientAddress: string;
}

/** Where the upstream services are unreachable, the shopper reads this (the widget shows the spec's chat error). */
export const UNAVAILABLE_MESSAGES = {
  catalog: 'The shopping assistant cannot reach the product catalogue right now. Please try again in a moment.',
  customers: 'The shopping assistant cannot reach the delivery places right now. Please try again in a moment.',
  orders: 'The shopping assistant cannot place orders right now. Please try again in a moment.',
} as const;

/** A reply being written. */
interface Draft {
  text: string[];
  products: LookupProduct[];
  suggestions: string[];
  step: ChatStep;
  counties: County[];
  subcounties: SubCounty[];
  checkout: ChatCheckout | null;
}

/** One message being answered: the conversation, the cart as priced now, and the catalogue's answers. */
interface Turn {
  conversation: Conversation;
  state: ConversationState;
  lines: Line[];
  products: Map<number, LookupProduct>;
  index: ProductIndex | null;
  input: ChatInput;
  draft: Draft;
}

const fmt = (cents: number): string => formatCents(cents);
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Words that point back at the products just shown. */
const REFERENCES: Record<string, number> = {
  it: 0, this: 0, that: 0, hiyo: 0, hii: 0, them: 0, one: 0, same: 0, first: 0, '1st': 0, kwanza: 0,
  second: 1, '2nd': 1, pili: 1, third: 2, '3rd': 2, tatu: 2, fourth: 3, '4th': 3, fifth: 4, '5th': 4, sixth: 5, last: -1, mwisho: -1,
};

const POLICY: Record<PolicyTopic, string> = {
  delivery: 'Delivery is free countrywide. Orders arrive within 24-48 hours; the rider tries twice, and an order not collected within 5 days is cancelled. If your order is more than 4 days late you may cancel it.',
  payment: 'Payment is online only: M-Pesa, Airtel Money or a debit or credit card, on a secure payment page right after you place your order. There is no cash on delivery.',
  returns: 'There are no cash refunds except for double payments, which are refunded within 24-72 hours. Returns are accepted for a wrong product, an expired product or damaged packaging, and exchanges take 24-48 hours.',
  track: "I can't track orders from the chat. Signed-in customers see every order and its status under My Account, Orders (/profile/orders).",
  cancel_order: "I can't cancel orders from the chat. An order that is not paid is cancelled by itself after 24 hours; for a paid order that is more than 4 days late, please contact us through the details on the FAQs page (/faqs).",
  person: "I'm an automated shopping assistant, so I can't put you through to a person. The FAQs page (/faqs) has our answers to common questions and how to reach the team.",
  minimum: `${MINIMUM_ORDER_MESSAGE} KSh (after any coupon or points), and delivery is free countrywide.`,
  account: 'You can log in or register at /login, and reset a forgotten password at /forgot-password. You do not need an account to order through me.',
  points: 'Signed-in customers earn 1 Shwari Point for every full KSh 100 paid, and 1 point is worth KSh 1. Points are redeemed on the checkout page (/checkout); orders placed in this chat do not redeem points, but they do earn them.',
  coupon: 'Coupons are applied on the checkout page (/checkout). Orders placed in this chat do not take a coupon.',
};

const HELP = [
  'I can help you shop: find products ("maize meal 2kg", "bei ya mchele"), tell you prices and what is on offer, add to or remove from your cart ("add 3 packets of pishori rice", "ondoa rice"), show your cart, and check you out with free delivery and online payment.',
  'Nakuelewa pia kwa Kiswahili: "nataka unga wa ugali", "ongeza mafuta", "kikapu changu".',
];

const startSuggestions = (lines: Line[]): string[] => (lines.length > 0 ? ['View cart', 'Checkout', 'What is on offer?', 'Help'] : ['What is on offer?', 'Maize meal', 'Cheapest wheat flour', 'Help']);

function isTaken<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}

/**
 * The shopping assistant. Rules read each message (intents.ts), the catalogue answers which
 * products and at what price, the customers service the places, and the orders service takes the
 * order and opens the payment page; the conversation is kept in the database between messages.
 */
export class Assistant {
  constructor(
    private readonly deps: {
      catalogue: CatalogueCache;
      catalog: CatalogClient;
      customers: CustomersClient;
      orders: OrdersClient;
      sessions: SessionsRepository;
      llm: LlmInterpreter | null;
      orderLimit: OrderLimit;
      logger: Logger;
    },
  ) {}

  async reply(input: ChatInput): Promise<ChatReply> {
    const conversation = await this.deps.sessions.load(input.sessionId);
    const state: ConversationState = { ...conversation.state };
    const requested: Array<{ id: number; quantity: number; name?: string }> = input.frontendCart ?? state.cart ?? [];

    let intent = interpret(input.message);
    const greetingFirst = intent.kind === 'greeting' && intent.rest !== '' ? intent : null;
    if (greetingFirst && greetingFirst.kind === 'greeting') intent = interpret(greetingFirst.rest);

    const index = needsIndex(intent, conversation.step) || requested.length > 0 ? await this.upstream('catalog', () => this.deps.catalogue.get()) : null;
    const candidateIds = index ? this.candidates(intent, index, state) : [];
    // The checkout prices from the catalogue as it is this moment; other replies may use prices remembered for the current revision.
    const fresh = intent.kind === 'checkout' || intent.kind === 'address' || intent.kind === 'pay';
    const products = await this.upstream('catalog', () => this.deps.catalog.lookup([...requested.map((line) => line.id), ...candidateIds], { fresh }));
    const named = requested.map((line) => ({ ...line, name: line.name ?? index?.byId(line.id)?.name }));
    const priced = priceCart(named, products);

    const turn: Turn = {
      conversation,
      state,
      lines: priced.lines,
      products,
      index,
      input,
      draft: { text: [], products: [], suggestions: [], step: conversation.step === 'payment' ? 'browsing' : conversation.step, counties: [], subcounties: [], checkout: null },
    };
    if (greetingFirst && greetingFirst.kind === 'greeting') turn.draft.text.push(greetingFirst.swahili ? 'Habari! Karibu Shwari Shop.' : 'Hello!');
    turn.draft.text.push(...priced.notes);

    await this.handle(turn, intent, true);
    await this.finishStep(turn);

    const draft = turn.draft;
    const shown = [...new Map(draft.products.map((product) => [product.id, product])).values()].slice(0, SHOWN);
    if (shown.length > 0) state.lastProducts = shown.map((product) => product.id);
    state.cart = turn.lines.map((line) => ({ id: line.product.id, quantity: line.quantity }));
    const reply: ChatReply = {
      text: draft.text.join('\n'),
      products: shown.map(chatProduct),
      cart: turn.lines.map(chatCartLine),
      counties: draft.counties,
      subcounties: draft.subcounties,
      suggestions: [...new Set(draft.suggestions)].slice(0, 6),
      session_id: conversation.id,
      step: draft.step,
      show_address_form: draft.step === 'address',
      checkout: draft.checkout,
    };
    await this.deps.sessions.save({ ...conversation, step: draft.step, state }, { shopper: input.message, assistant: reply.text });
    return reply;
  }

  /** Runs a call to another service; unreachable is a 503 naming what could not be reached. */
  private async upstream<T>(target: keyof typeof UNAVAILABLE_MESSAGES, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof UpstreamUnavailable) {
        this.deps.logger.error({ err: error }, `chat: the ${target} service is unreachable`);
        throw new HttpError(503, UNAVAILABLE_MESSAGES[target]);
      }
      throw error;
    }
  }

  /** The products a message may need priced, besides the cart: what it names, or what was shown last. */
  private candidates(intent: Intent, index: ProductIndex, state: ConversationState): number[] {
    const last = state.lastProducts ?? [];
    switch (intent.kind) {
      case 'add':
      case 'remove':
      case 'decrease':
      case 'set_quantity': {
        const name = intent.kind === 'add' ? intent.query : intent.name;
        const exact = index.exact(intent.name) ?? index.exact(name);
        if (exact) return [exact.id];
        return [...last, ...index.search(queryWords(name), { limit: SHOWN }).matches.map((match) => match.product.id)];
      }
      case 'search': {
        if (intent.offers) return index.products.filter((product) => product.offerPercent > 0).map((product) => product.id);
        const query = searchWords(intent.query);
        if (query.length === 0) return intent.sort ? index.products.map((product) => product.id) : last;
        const result = index.search(query);
        return intent.sort ? result.matches.map((match) => match.product.id) : result.matches.slice(0, SHOWN * 2).map((match) => match.product.id);
      }
      case 'unknown':
      case 'greeting':
        return [];
      default:
        return [];
    }
  }

  private async handle(turn: Turn, intent: Intent, mayAskModel: boolean): Promise<void> {
    const { draft } = turn;
    switch (intent.kind) {
      case 'greeting':
        return this.greet(turn, intent.swahili);
      case 'thanks':
        draft.text.push(intent.swahili ? 'Karibu sana! Is there anything else I can get you?' : "You're welcome! Is there anything else I can get you?");
        draft.suggestions.push(...startSuggestions(turn.lines));
        return;
      case 'goodbye':
        draft.text.push(`${intent.swahili ? 'Kwaheri!' : 'Goodbye!'} Your cart stays as it is for when you come back.`);
        return;
      case 'help':
        draft.text.push(...HELP);
        draft.suggestions.push(...startSuggestions(turn.lines));
        return;
      case 'policy':
        draft.text.push(POLICY[intent.topic]);
        draft.suggestions.push(...startSuggestions(turn.lines));
        return;
      case 'view_cart':
        return this.showCart(turn);
      case 'remove_menu':
        return this.removeMenu(turn);
      case 'clear_cart':
        turn.lines = [];
        draft.step = 'browsing';
        draft.text.push('Your cart is now empty.');
        draft.suggestions.push(...startSuggestions(turn.lines));
        return;
      case 'checkout':
        return this.checkout(turn);
      case 'pay':
        return this.pay(turn);
      case 'cancel':
        if (['county', 'subcounty', 'address'].includes(draft.step)) {
          draft.step = 'browsing';
          draft.text.push('No problem, I stopped the checkout. Your cart is kept; say Checkout whenever you are ready.');
        } else {
          draft.text.push('Okay. What else can I help you with?');
        }
        draft.suggestions.push(...startSuggestions(turn.lines));
        return;
      case 'place':
        return this.place(turn, intent.id);
      case 'address':
        return this.address(turn, intent);
      case 'add':
        return this.add(turn, intent.name, intent.query, intent.quantity);
      case 'remove':
        return this.changeLine(turn, intent.name, () => 0);
      case 'decrease':
        return this.changeLine(turn, intent.name, (current) => current - intent.by);
      case 'set_quantity':
        return this.changeLine(turn, intent.name, () => intent.quantity);
      case 'search':
        if (await this.placeByName(turn, intent.query)) return;
        if (this.search(turn, intent)) return;
        return this.notUnderstood(turn, intent.query, mayAskModel);
      case 'unknown':
        if (await this.placeByName(turn, intent.text)) return;
        return this.notUnderstood(turn, intent.text, mayAskModel);
    }
  }

  // ---------------------------------------------------------------------------------- talk

  private greet(turn: Turn, swahili: boolean): void {
    const { draft } = turn;
    draft.text.push(
      swahili
        ? 'Habari! Karibu Shwari Shop. I am your shopping assistant: I can find flour and groceries, tell you prices and offers, fill your cart and check you out. Delivery is free countrywide.'
        : 'Hello! I am the Shwari Shop shopping assistant. I can find flour and groceries, tell you prices and offers, fill your cart and check you out. Delivery is free countrywide.',
    );
    if (draft.step === 'county') draft.text.push('We were choosing the county to deliver to: pick one below, or say Cancel.');
    else if (draft.step === 'subcounty') draft.text.push('We were choosing your sub-county: pick one below, or say Cancel.');
    else if (draft.step === 'address') draft.text.push('We were at your delivery address: fill in the form below, or say Cancel.');
    else if (turn.lines.length > 0) draft.text.push(`You have ${plural(turn.lines.reduce((sum, line) => sum + line.quantity, 0), 'item')} in your cart (${fmt(subtotalCents(turn.lines))}).`);
    draft.suggestions.push(...startSuggestions(turn.lines));
  }

  private async notUnderstood(turn: Turn, text: string, mayAskModel: boolean): Promise<void> {
    if (mayAskModel && this.deps.llm && text.trim().length >= 3) {
      const intent = await this.deps.llm.interpret(text);
      if (intent) {
        const before = turn.draft.text.length;
        // The model's product words are looked up like a shopper's; prices come from the lookup.
        if (turn.index === null && needsIndex(intent, turn.draft.step)) turn.index = await this.upstream('catalog', () => this.deps.catalogue.get());
        if (turn.index) {
          const ids = this.candidates(intent, turn.index, turn.state).filter((id) => !turn.products.has(id));
          if (ids.length > 0) for (const [id, product] of await this.upstream('catalog', () => this.deps.catalog.lookup(ids))) turn.products.set(id, product);
        }
        await this.handle(turn, intent, false);
        if (turn.draft.text.length > before) return;
      }
    }
    const asked = searchWords(text);
    turn.draft.text.push(
      asked.length > 0 && asked.length <= 3
        ? `Sorry, I couldn't find "${asked.join(' ')}" in the shop. We sell maize meal, wheat, chapati and baking flour, porridge flour, rice, cooking oil, beans and pulses, and animal feeds.`
        : "Sorry, I didn't quite get that. I can find products (try \"maize meal 2kg\" or \"bei ya mchele\"), tell you what is on offer, manage your cart and check you out.",
    );
    turn.draft.suggestions.push(...startSuggestions(turn.lines));
  }

  // ---------------------------------------------------------------------------------- products

  /** The products a search names, best first, with today's prices (gone products left out). */
  private search(turn: Turn, intent: Extract<Intent, { kind: 'search' }>): boolean {
    const { draft, index } = turn;
    if (!index) return false;
    const query = searchWords(intent.query);
    const current = (ids: number[]) => ids.map((id) => turn.products.get(id)).filter(isTaken);

    if (intent.offers) {
      const onOffer = new Set(index.products.filter((product) => product.offerPercent > 0).map((product) => product.id));
      const ids = query.length > 0 ? index.search(query).matches.map((match) => match.product.id).filter((id) => onOffer.has(id)) : [...onOffer];
      const found = current(ids)
        .filter((product) => unitCents(product) < product.price_cents)
        .sort((a, b) => offerShare(b) - offerShare(a));
      if (found.length === 0) {
        draft.text.push(query.length > 0 ? `Nothing matching "${query.join(' ')}" is on offer right now.` : 'Nothing is on offer right now, but every order has free delivery.');
        draft.suggestions.push(...startSuggestions(turn.lines));
        return true;
      }
      draft.text.push(`${found.length === 1 ? 'This is' : 'These are'} on offer now${query.length > 0 ? ` for "${query.join(' ')}"` : ''}:`);
      this.show(turn, found);
      return true;
    }

    if (intent.sort) {
      const pool = query.length > 0 ? index.search(query) : null;
      if (pool && pool.matches.length === 0) return false;
      const found = current(pool ? pool.matches.map((match) => match.product.id) : index.products.map((product) => product.id)).sort((a, b) =>
        intent.sort === 'cheapest' ? unitCents(a) - unitCents(b) : unitCents(b) - unitCents(a),
      );
      if (found.length === 0) return false;
      const top = found[0]!;
      const what = query.length > 0 ? query.join(' ') : 'product';
      draft.text.push(`The ${intent.sort === 'cheapest' ? 'cheapest' : 'most expensive'} ${what} is ${top.name} at ${fmt(unitCents(top))}${unitCents(top) < top.price_cents ? ' (on offer)' : ''}.`);
      this.show(turn, found.slice(0, 3));
      return true;
    }

    if (query.length === 0) {
      // 'how much is it?' after products were shown.
      const last = current(turn.state.lastProducts ?? []);
      if (intent.priceQuestion && last.length > 0) {
        draft.text.push(last.map((product) => `${product.name}: ${fmt(unitCents(product))}${unitCents(product) < product.price_cents ? ` (on offer, was ${fmt(product.price_cents)})` : ''}`).join('\n'));
        this.show(turn, last);
        return true;
      }
      return false;
    }

    const result = index.search(query);
    const found = current(result.matches.map((match) => match.product.id));
    if (found.length === 0) return false;
    const phrase = query.join(' ');
    if (intent.priceQuestion && found.length <= 2) {
      draft.text.push(found.map((product) => `${product.name} costs ${fmt(unitCents(product))}${unitCents(product) < product.price_cents ? ` (on offer, was ${fmt(product.price_cents)})` : ''}.`).join('\n'));
    } else if (result.partial) {
      draft.text.push(`I couldn't find exactly "${phrase}", but ${found.length === 1 ? 'this comes' : 'these come'} close:`);
    } else if (found.length > SHOWN) {
      draft.text.push(`I found ${found.length} products for "${phrase}". Here are the first ${SHOWN}; tell me a brand or size to narrow it down.`);
    } else {
      draft.text.push(`Here ${found.length === 1 ? 'is what' : 'is what'} I found for "${phrase}":`);
    }
    this.show(turn, found.slice(0, SHOWN));
    return true;
  }

  /** Shows products with a button to add each. */
  private show(turn: Turn, products: LookupProduct[]): void {
    turn.draft.products.push(...products);
    turn.draft.suggestions.push(...products.slice(0, 3).map((product) => `Add ${product.name} to cart`), 'View cart');
  }

  /**
   * The one product a shopper means: an exact name (the widget's buttons), a word pointing back
   * at what was shown ('add it', 'the second one'), or the clear best match of a search. When
   * several fit equally, they are shown to choose from.
   */
  private resolve(turn: Turn, name: string, scope: 'catalogue' | 'cart'): { product: LookupProduct } | { choices: LookupProduct[] } | { none: string } {
    const { index } = turn;
    if (!index) return { none: name };
    const inCart = new Set(turn.lines.map((line) => line.product.id));
    const allowed = (id: number) => scope === 'catalogue' || inCart.has(id);
    const exact = index.exact(name);
    if (exact && allowed(exact.id)) {
      const product = turn.products.get(exact.id);
      return product ? { product } : { none: exact.name };
    }
    const list = words(name);
    const last = (turn.state.lastProducts ?? []).filter(allowed);
    const pointer = list.length > 0 && list.length <= 3 ? list.map((word) => REFERENCES[word]).find((value) => value !== undefined) : undefined;
    if (pointer !== undefined && last.length > 0 && queryWords(name).filter((word) => REFERENCES[word] === undefined && readNumber(word) === null).length === 0) {
      const id = pointer === -1 ? last.at(-1) : last[pointer];
      const product = id === undefined ? undefined : turn.products.get(id);
      if (product) return { product };
    }
    const query = queryWords(name);
    if (query.length === 0) return { none: name };
    const result = index.search(query);
    const matches = result.matches.filter((match) => allowed(match.product.id) && turn.products.has(match.product.id));
    if (matches.length === 0 || (result.partial && scope === 'catalogue')) {
      const choices = matches.map((match) => turn.products.get(match.product.id)).filter(isTaken);
      return choices.length > 0 ? { choices: choices.slice(0, SHOWN) } : { none: name };
    }
    if (clearBest(matches)) return { product: turn.products.get(matches[0]!.product.id)! };
    return { choices: matches.slice(0, SHOWN).map((match) => turn.products.get(match.product.id)!) };
  }

  private add(turn: Turn, name: string, query: string, quantity: number): void {
    const { draft } = turn;
    let found = this.resolve(turn, name, 'catalogue');
    if (!('product' in found) && query !== name) found = this.resolve(turn, query, 'catalogue');
    if ('none' in found) {
      draft.text.push(`Sorry, I couldn't find "${found.none}" in the shop. Try another name, a brand or a size, for example "maize meal 2kg".`);
      draft.suggestions.push('What is on offer?', 'Help');
      return;
    }
    if ('choices' in found) {
      draft.text.push(`Which one would you like${quantity > 1 ? ` (${quantity})` : ''}?`);
      draft.products.push(...found.choices);
      draft.suggestions.push(...found.choices.slice(0, 4).map((product) => (quantity > 1 ? `Add ${quantity} ${product.name} to cart` : `Add ${product.name} to cart`)));
      return;
    }
    const { product } = found;
    const line = turn.lines.find((candidate) => candidate.product.id === product.id);
    const max = product.max_quantity;
    const wanted = line ? line.quantity + quantity : Math.max(product.min_quantity, quantity);
    draft.products.push(product);
    if (line && line.quantity >= max) {
      draft.text.push(`${MAXIMUM_REACHED_MESSAGE} (${max} of ${product.name}).`);
    } else if (wanted > max) {
      if (line) line.quantity = max;
      else turn.lines.push({ product, quantity: max });
      draft.text.push(`${MAXIMUM_REACHED_MESSAGE}, so your cart has ${max} of ${product.name}.`);
    } else if (line) {
      line.quantity = wanted;
      draft.text.push(`${product.name} updated cart quantity (now ${line.quantity}).`);
    } else {
      turn.lines.push({ product, quantity: wanted });
      draft.text.push(wanted === 1 ? `${product.name} added to cart` : `${wanted} x ${product.name} added to cart`);
    }
    this.cartSummary(turn);
    draft.suggestions.push(`Add 1 more ${product.name} to cart`, 'View cart', 'Checkout');
  }

  /** Remove, decrease or set the quantity of a line; zero or less removes it. */
  private changeLine(turn: Turn, name: string, next: (current: number) => number): void {
    const { draft } = turn;
    if (turn.lines.length === 0) {
      draft.text.push('Your cart is empty.');
      draft.suggestions.push(...startSuggestions(turn.lines));
      return;
    }
    const found = this.resolve(turn, name, 'cart');
    if ('none' in found) {
      draft.text.push(`"${found.none}" is not in your cart.`);
      return this.showCart(turn, false);
    }
    if ('choices' in found) {
      draft.text.push('Which one do you mean?');
      draft.suggestions.push(...found.choices.slice(0, 4).map((product) => `Remove ${product.name} from cart`));
      return;
    }
    const { product } = found;
    const line = turn.lines.find((candidate) => candidate.product.id === product.id)!;
    const quantity = next(line.quantity);
    if (quantity <= 0) {
      turn.lines = turn.lines.filter((candidate) => candidate !== line);
      draft.text.push(`${product.name} removed from cart`);
    } else if (quantity > product.max_quantity) {
      line.quantity = product.max_quantity;
      draft.text.push(`${MAXIMUM_REACHED_MESSAGE}, so your cart has ${product.max_quantity} of ${product.name}.`);
    } else {
      line.quantity = Math.max(product.min_quantity, quantity);
      draft.text.push(`${product.name} updated cart quantity (now ${line.quantity}).`);
    }
    this.cartSummary(turn);
    draft.suggestions.push(...(turn.lines.length > 0 ? ['View cart', 'Checkout'] : startSuggestions(turn.lines)));
  }

  // ---------------------------------------------------------------------------------- cart

  private cartSummary(turn: Turn): void {
    if (turn.lines.length === 0) {
      turn.draft.text.push('Your cart is now empty.');
      return;
    }
    const subtotal = subtotalCents(turn.lines);
    const short = MINIMUM_CENTS - subtotal;
    turn.draft.text.push(`Cart subtotal: ${fmt(subtotal)}.${short > 0 ? ` Add ${fmt(short)} more to reach the minimum order of ${fmt(MINIMUM_CENTS)}.` : ''}`);
  }

  private showCart(turn: Turn, withSuggestions = true): void {
    const { draft, lines } = turn;
    if (lines.length === 0) {
      draft.text.push('Your cart is empty. Tell me what you need, for example "maize meal 2kg".');
      if (withSuggestions) draft.suggestions.push(...startSuggestions(lines));
      return;
    }
    draft.text.push(
      'Your cart:',
      ...lines.map((line) => `${line.quantity} x ${line.product.name}: ${fmt(lineTotal(unitCents(line.product), line.quantity))}`),
      `Subtotal: ${fmt(subtotalCents(lines))}. Delivery: free countrywide.`,
    );
    if (subtotalCents(lines) < MINIMUM_CENTS) draft.text.push(`${MINIMUM_ORDER_MESSAGE}: add ${fmt(MINIMUM_CENTS - subtotalCents(lines))} more to check out.`);
    if (withSuggestions) draft.suggestions.push('Checkout', ...lines.slice(0, 3).map((line) => `Remove ${line.product.name} from cart`));
  }

  private removeMenu(turn: Turn): void {
    const { draft, lines } = turn;
    if (lines.length === 0) {
      draft.text.push('Your cart is empty, so there is nothing to remove.');
      draft.suggestions.push(...startSuggestions(lines));
      return;
    }
    draft.text.push('Which product would you like to remove?');
    draft.suggestions.push(...lines.slice(0, 6).map((line) => `Remove ${line.product.name} from cart`));
  }

  // ---------------------------------------------------------------------------------- checkout

  /** Empty cart and minimum order first, then the counties. */
  private cartReady(turn: Turn): boolean {
    const { draft, lines } = turn;
    if (lines.length === 0) {
      draft.step = 'browsing';
      draft.text.push('Your cart is empty. Add something first, then say Checkout.');
      draft.suggestions.push(...startSuggestions(lines));
      return false;
    }
    const subtotal = subtotalCents(lines);
    if (subtotal < MINIMUM_CENTS) {
      draft.step = 'browsing';
      draft.text.push(`${MINIMUM_ORDER_MESSAGE}. Your cart comes to ${fmt(subtotal)}: add ${fmt(MINIMUM_CENTS - subtotal)} more to check out.`);
      draft.suggestions.push('What is on offer?', 'View cart');
      return false;
    }
    return true;
  }

  private async checkout(turn: Turn): Promise<void> {
    if (!this.cartReady(turn)) return;
    const { draft, state } = turn;
    delete state.countyId;
    delete state.subCountyId;
    draft.step = 'county';
    draft.counties = await this.upstream('customers', () => this.deps.customers.countyList());
    draft.text.push(`Your order comes to ${fmt(subtotalCents(turn.lines))} and delivery is free. Which county should we deliver to?`);
    draft.suggestions.push('Cancel');
  }

  private async place(turn: Turn, id: number): Promise<void> {
    const { draft, state } = turn;
    if (draft.step === 'county') return this.chooseCounty(turn, id);
    if (draft.step === 'subcounty' || draft.step === 'address') return this.chooseSubCounty(turn, id);
    const order = turn.conversation.step === 'payment' ? state.order : undefined;
    draft.text.push(
      order
        ? `Your order ${order.order_number} is waiting for payment. Say Pay to open the payment page again.`
        : `I'm not sure what ${id} refers to. To order, tell me a product (for example "add 2 maize meal 2kg"), then say Checkout.`,
    );
    draft.suggestions.push(...(order ? ['Pay'] : startSuggestions(turn.lines)));
  }

  private async chooseCounty(turn: Turn, id: number): Promise<void> {
    const { draft, state } = turn;
    if (!this.cartReady(turn)) return;
    const counties = await this.upstream('customers', () => this.deps.customers.countyList());
    const county = counties.find((candidate) => Number(candidate.id) === id);
    if (!county) {
      draft.step = 'county';
      draft.counties = counties;
      draft.text.push('Please choose a county from the list.');
      return;
    }
    const subCounties = (await this.upstream('customers', () => this.deps.customers.subCountyList(county.id))) ?? [];
    state.countyId = county.id;
    delete state.subCountyId;
    draft.step = 'subcounty';
    draft.subcounties = subCounties;
    draft.text.push(`${county.name}, great. Which sub-county?`);
    draft.suggestions.push('Cancel');
  }

  private async chooseSubCounty(turn: Turn, id: number): Promise<void> {
    const { draft, state } = turn;
    if (!this.cartReady(turn)) return;
    if (!state.countyId) {
      draft.step = 'county';
      draft.text.push('Which county should we deliver to?');
      return;
    }
    const subCounties = (await this.upstream('customers', () => this.deps.customers.subCountyList(state.countyId!))) ?? [];
    const subCounty = subCounties.find((candidate) => Number(candidate.id) === id);
    if (!subCounty) {
      draft.subcounties = subCounties;
      draft.step = 'subcounty';
      draft.text.push('Please choose a sub-county from the list.');
      return;
    }
    state.subCountyId = subCounty.id;
    draft.step = 'address';
    draft.text.push(`${subCounty.name}. Please fill in your delivery address: street and town are required, the apartment is optional.`);
    draft.suggestions.push('Cancel');
  }

  /** In the county or sub-county step, a place typed by name ('Nairobi', 'westlands') is chosen like its id. */
  private async placeByName(turn: Turn, text: string): Promise<boolean> {
    const step = turn.draft.step;
    if (step !== 'county' && step !== 'subcounty') return false;
    const places =
      step === 'county'
        ? await this.upstream('customers', () => this.deps.customers.countyList())
        : turn.state.countyId
          ? ((await this.upstream('customers', () => this.deps.customers.subCountyList(turn.state.countyId!))) ?? [])
          : [];
    const name = text.replace(/\b(county|sub-?county|kaunti|in|at|to|please|tafadhali)\b/gi, ' ').trim();
    if (!name) return false;
    const exact = places.find((place) => place.name.toLowerCase() === name.toLowerCase());
    const hit = exact ?? new Fuse(places, { keys: ['name'], threshold: 0.3, includeScore: true }).search(name, { limit: 1 })[0]?.item;
    if (!hit) return false;
    if (step === 'county') await this.chooseCounty(turn, Number(hit.id));
    else await this.chooseSubCounty(turn, Number(hit.id));
    return true;
  }

  private async address(turn: Turn, intent: Extract<Intent, { kind: 'address' }>): Promise<void> {
    const { draft, state } = turn;
    if (!this.cartReady(turn)) return;
    state.countyId = intent.countyId;
    state.subCountyId = intent.subCountyId;
    if (!intent.street || !intent.town) {
      draft.step = 'address';
      draft.text.push(CHAT_ADDRESS_MESSAGE);
      draft.suggestions.push('Cancel');
      return;
    }
    const contact = await this.contact(turn);
    if (!this.deps.orderLimit.take(turn.input.clientAddress)) {
      draft.step = 'address';
      draft.text.push('Many orders were placed from your connection in the last minute. Please wait a minute, then send your address again.');
      return;
    }
    const subtotal = subtotalCents(turn.lines);
    let placed;
    try {
      placed = await this.upstream('orders', () =>
        this.deps.orders.placeOrder(
          {
            first_name: contact.first_name,
            last_name: contact.last_name,
            phone: contact.phone,
            email: contact.email,
            street: intent.street.slice(0, 191),
            apartment: intent.apartment.slice(0, 120),
            county_id: intent.countyId,
            subcounty_id: intent.subCountyId,
            town: intent.town.slice(0, 120),
            depot_id: 1,
            order_notes: 'Placed through the shopping assistant.',
            coupon: '',
            cart_items: turn.lines.map((line) => ({
              id: line.product.id,
              quantity: line.quantity,
              price: fromCents(unitCents(line.product)),
              product_total: fromCents(lineTotal(unitCents(line.product), line.quantity)),
            })),
            total_amount: fromCents(subtotal),
            payment_method: 'hosted',
          },
          turn.input.token,
        ),
      );
    } catch (error) {
      if (error instanceof OrderRefused) {
        // The orders service's own words (spec section 8: order creation 422 shows the server message).
        draft.step = 'address';
        draft.text.push(error.message);
        draft.suggestions.push('Cancel');
        return;
      }
      throw error;
    }
    state.order = { id: placed.id, order_number: placed.order_number, total_amount: placed.total_amount, payment_url: null };
    delete state.countyId;
    delete state.subCountyId;
    turn.lines = [];
    draft.step = 'payment';
    draft.text.push(
      `Thank you${contact.first_name ? `, ${contact.first_name}` : ''}! Your order ${placed.order_number} of ${fmt(Math.round(placed.total_amount * 100))} is placed, with free delivery in 24-48 hours once it is paid.`,
    );
    await this.paymentPage(turn);
  }

  /** The contact of the order: the form's, completed from the signed-in customer's profile. */
  private async contact(turn: Turn): Promise<ChatContact> {
    const given = turn.input.contact ?? {};
    const contact: ChatContact = {
      first_name: given.first_name?.trim() ?? '',
      last_name: given.last_name?.trim() ?? '',
      phone: given.phone?.trim() ?? '',
      email: given.email?.trim() ?? '',
    };
    if (turn.input.token && (!contact.first_name || !contact.last_name || !contact.phone || !contact.email)) {
      const profile = await this.upstream('customers', () => this.deps.customers.profile(turn.input.token!));
      contact.first_name ||= profile.first_name ?? '';
      contact.last_name ||= profile.last_name ?? '';
      contact.phone ||= profile.phone ?? '';
      contact.email ||= profile.email ?? '';
    }
    return contact;
  }

  /** Opens (or opens again) the hosted payment page of the conversation's order. */
  private async paymentPage(turn: Turn): Promise<void> {
    const { draft, state } = turn;
    const order = state.order!;
    draft.step = 'payment';
    try {
      const payment = await this.upstream('orders', () => this.deps.orders.startPayment(order.id));
      order.payment_url = payment.redirect_url;
      draft.checkout = { order_number: order.order_number, total_amount: order.total_amount, payment_url: payment.redirect_url };
      draft.text.push('Pay securely on the payment page (M-Pesa, Airtel Money or card) to confirm it.');
    } catch (error) {
      if (error instanceof OrderRefused) {
        draft.text.push(error.message);
        return;
      }
      this.deps.logger.error({ err: error, order: order.order_number }, 'chat: the payment page could not be opened');
      draft.text.push('The payment page could not be opened just now. Say Pay in a moment to try again; your order is kept.');
      draft.suggestions.push('Pay');
    }
  }

  private async pay(turn: Turn): Promise<void> {
    if (turn.state.order && turn.lines.length === 0) {
      turn.draft.text.push(`Here is the payment page for your order ${turn.state.order.order_number}.`);
      return this.paymentPage(turn);
    }
    return this.checkout(turn);
  }

  /** Whatever step the reply ends in, the widget gets the lists it shows for it. */
  private async finishStep(turn: Turn): Promise<void> {
    const { draft, state } = turn;
    if (['county', 'subcounty', 'address'].includes(draft.step) && turn.lines.length === 0) {
      draft.step = 'browsing';
      return;
    }
    if (draft.step === 'county' && draft.counties.length === 0) draft.counties = await this.upstream('customers', () => this.deps.customers.countyList());
    if (draft.step === 'subcounty' && draft.subcounties.length === 0 && state.countyId) {
      draft.subcounties = (await this.upstream('customers', () => this.deps.customers.subCountyList(state.countyId!))) ?? [];
    }
  }
}

/** Query words without the ones that only sort or filter. */
function searchWords(text: string): string[] {
  return queryWords(text).filter((word) => !MODIFIER_WORDS.has(word));
}

const offerShare = (product: LookupProduct): number => (product.price_cents - unitCents(product)) / Math.max(1, product.price_cents);

/** Whether the first match is clearly the one meant (not one of several alike). */
function clearBest(matches: Match[]): boolean {
  const [first, second] = matches;
  if (!first) return false;
  if (!second) return true;
  if (first.score > second.score + 0.25) return true;
  return first.nameShare === 1 && second.nameShare < 1;
}

function needsIndex(intent: Intent, step: ChatStep): boolean {
  switch (intent.kind) {
    case 'add':
    case 'remove':
    case 'decrease':
    case 'set_quantity':
    case 'search':
      return true;
    case 'unknown':
      return step === 'browsing';
    default:
      return false;
  }
}
