import type { ChatReply, ChatStep } from '@shop/api-types';
import { shownPayableCents } from '@shop/money';
import { HttpError, UpstreamUnavailable, type Logger } from '@shop/service-kit';
import type { CatalogClient } from '../clients/catalog';
import type { CustomersClient } from '../clients/customers';
import type { OrdersClient } from '../clients/orders';
import type { ConversationState, SessionsRepository } from '../db/sessions';
import { addToCart, changeLine, clearCart, removeMenu, showCart } from './cart-replies';
import { chatCartLine, chatProduct, keptCart, priceCart, priceChangeNotes } from './cart';
import type { CatalogueCache } from './catalogue';
import { CheckoutDialogue } from './checkout-dialogue';
import { COPY, UNAVAILABLE_MESSAGES } from './copy';
import { interpret, type Intent } from './intents';
import { chooseLanguage, DEFAULT_LANGUAGE, isWidgetMessage } from './language';
import type { LlmInterpreter } from './llm';
import type { OrderLimit } from './order-limit';
import type { ProductIndex } from './product-index';
import { nearestSize } from './resolve-product';
import { answerSearch, searchWords } from './search-replies';
import { acknowledge, answerPolicy, cancel, greet, help, notUnderstood, sayGoodbye, thank } from './talk-replies';
import { queryWords } from './text';
import { SHOWN, type ChatInput, type ShownCartLine, type Turn, type Upstream } from './turn';

export type { ChatInput } from './turn';

/**
 * The shopping assistant. Rules read each message (intents.ts), the catalogue answers which
 * products and at what price, the customers service the places, and the orders service takes the
 * order and opens the payment page; the conversation is kept in the database between messages.
 *
 * This module reads the message, prepares the turn (the cart priced now, the products the message
 * may name) and hands it to the reply for its intent: talk-replies, search-replies, cart-replies
 * and checkout-dialogue; the words themselves are in copy.ts.
 */
export class Assistant {
  private readonly checkoutDialogue: CheckoutDialogue;

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
  ) {
    this.checkoutDialogue = new CheckoutDialogue({
      catalog: deps.catalog,
      customers: deps.customers,
      orders: deps.orders,
      orderLimit: deps.orderLimit,
      logger: deps.logger,
      upstream: this.upstream,
    });
  }

  async reply(input: ChatInput): Promise<ChatReply> {
    const conversation = await this.deps.sessions.load(input.sessionId);
    const state: ConversationState = { ...conversation.state };
    const requested: ShownCartLine[] = input.frontendCart ?? state.cart ?? [];

    let intent = interpret(input.message);
    const greetingFirst = intent.kind === 'greeting' && intent.rest !== '' ? intent : null;
    if (greetingFirst && greetingFirst.kind === 'greeting') intent = interpret(greetingFirst.rest);

    const index =
      needsIndex(intent, conversation.step) || requested.length > 0
        ? await this.upstream('catalog', () => this.deps.catalogue.get())
        : null;
    if (index) await this.upstream('catalog', () => index.prepare(searchesOf(intent)));
    const candidateIds = index ? candidates(intent, index, state) : [];
    // The checkout prices from the catalogue as it is this moment; other replies may use prices remembered for the current revision.
    const fresh = intent.kind === 'checkout' || intent.kind === 'address' || intent.kind === 'pay';
    const products = await this.upstream('catalog', () =>
      this.deps.catalog.lookup([...requested.map((line) => line.id), ...candidateIds], { fresh }),
    );
    // The shopper's language, remembered for replies too short to tell ('sawa', 'ok') and for the widget's own buttons.
    const language = chooseLanguage(
      input.message,
      state.language ?? DEFAULT_LANGUAGE,
      isWidgetMessage(input.message, (name) => index?.exact(name) !== undefined),
    );
    state.language = language;
    const copy = COPY[language];
    const named = requested.map((line) => ({ ...line, name: line.name ?? index?.byId(line.id)?.name }));
    const priced = priceCart(named, products, copy.cart);

    const turn: Turn = {
      conversation,
      state,
      lines: priced.lines,
      products,
      index,
      input,
      language,
      copy,
      draft: {
        text: [],
        products: [],
        suggestions: [],
        step: conversation.step === 'payment' ? 'browsing' : conversation.step,
        counties: [],
        subcounties: [],
        checkout: null,
      },
    };
    if (greetingFirst && greetingFirst.kind === 'greeting') turn.draft.text.push(copy.talk.greetingFirst(greetingFirst.swahili));
    turn.draft.text.push(...priced.notes, ...priceChangeNotes(priced.lines, shownUnitCents(requested, state), copy.cart));

    await this.checkoutDialogue.followOrder(turn);
    await this.handle(turn, intent, true);
    await this.checkoutDialogue.finishStep(turn);

    const draft = turn.draft;
    const shown = [...new Map(draft.products.map((product) => [product.id, product])).values()].slice(0, SHOWN);
    if (shown.length > 0) state.lastProducts = shown.map((product) => product.id);
    state.cart = keptCart(turn.lines);
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
  private readonly upstream: Upstream = async (target, call) => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof UpstreamUnavailable) {
        this.deps.logger.error({ err: error }, `chat: the ${target} service is unreachable`);
        throw new HttpError(503, UNAVAILABLE_MESSAGES[target]);
      }
      throw error;
    }
  };

  private async handle(turn: Turn, intent: Intent, mayAskModel: boolean): Promise<void> {
    const checkout = this.checkoutDialogue;
    switch (intent.kind) {
      case 'greeting':
        return greet(turn, intent.swahili);
      case 'thanks':
        return thank(turn, intent.swahili);
      case 'goodbye':
        return sayGoodbye(turn, intent.swahili);
      case 'help':
        return help(turn);
      case 'policy':
        // 'Cancel my order' with this conversation's order unpaid: it is cancelled; otherwise the shop's policy.
        if (intent.topic === 'cancel_order' && (await checkout.cancelOrder(turn))) return;
        return answerPolicy(turn, intent.topic);
      case 'view_cart':
        return showCart(turn);
      case 'remove_menu':
        return removeMenu(turn);
      case 'clear_cart':
        return clearCart(turn);
      case 'checkout':
        return checkout.checkout(turn);
      case 'pay':
        return checkout.pay(turn);
      case 'cancel':
        return cancel(turn);
      case 'agree':
        // A bare 'yes' agrees only where the terms were asked; elsewhere it is an acknowledgement ('sawa', 'ok').
        if (intent.explicit || turn.draft.step === 'terms') return checkout.agree(turn);
        return acknowledge(turn);
      case 'place':
        return checkout.place(turn, intent.id);
      case 'address':
        return checkout.address(turn, intent);
      case 'add':
        return addToCart(turn, intent.name, intent.query, intent.quantity);
      case 'remove':
        return changeLine(turn, intent.name, () => 0);
      case 'decrease':
        return changeLine(turn, intent.name, (current) => current - intent.by);
      case 'set_quantity':
        return changeLine(turn, intent.name, () => intent.quantity);
      case 'search':
        if (await checkout.placeByName(turn, intent.query)) return;
        if (answerSearch(turn, intent)) return;
        return this.notUnderstood(turn, intent.query, mayAskModel);
      case 'unknown':
        if (await checkout.placeByName(turn, intent.text)) return;
        return this.notUnderstood(turn, intent.text, mayAskModel);
    }
  }

  /** A message the rules did not understand may go to the language model once; its reading is answered like a shopper's. */
  private async notUnderstood(turn: Turn, text: string, mayAskModel: boolean): Promise<void> {
    if (mayAskModel && this.deps.llm && text.trim().length >= 3) {
      const intent = await this.deps.llm.interpret(text);
      if (intent) {
        const before = turn.draft.text.length;
        // The model's product words are looked up like a shopper's; prices come from the lookup.
        if (turn.index === null && needsIndex(intent, turn.draft.step))
          turn.index = await this.upstream('catalog', () => this.deps.catalogue.get());
        if (turn.index) {
          const index = turn.index;
          await this.upstream('catalog', () => index.prepare(searchesOf(intent)));
          const ids = candidates(intent, turn.index, turn.state).filter((id) => !turn.products.has(id));
          if (ids.length > 0)
            for (const [id, product] of await this.upstream('catalog', () => this.deps.catalog.lookup(ids))) turn.products.set(id, product);
        }
        await this.handle(turn, intent, false);
        if (turn.draft.text.length > before) return;
      }
    }
    notUnderstood(turn, text);
  }
}

/**
 * The unit price the shopper was shown for each line: the storefront's line when it carries one,
 * else what this conversation last answered. Only for telling a change; never charged.
 */
function shownUnitCents(requested: ShownCartLine[], state: ConversationState): Map<number, number> {
  const shown = new Map<number, number>();
  for (const line of state.cart ?? []) if (line.unit_cents !== undefined) shown.set(line.id, line.unit_cents);
  for (const line of requested) {
    if (line.price === undefined) continue;
    shown.set(line.id, shownPayableCents({ price: line.price, offer: line.offer }));
  }
  return shown;
}

/** The searches a message's replies read (asked of the catalog before the reply is written). */
function searchesOf(intent: Intent): Array<{ words: string[]; text: string }> {
  switch (intent.kind) {
    case 'add':
      return [
        { words: queryWords(intent.name), text: intent.name },
        { words: queryWords(intent.query), text: intent.query },
      ];
    case 'remove':
    case 'decrease':
    case 'set_quantity':
      return [{ words: queryWords(intent.name), text: intent.name }];
    case 'search':
      return [{ words: searchWords(intent.query), text: intent.query }];
    default:
      return [];
  }
}

/** The products a message may need priced, besides the cart: what it names, or what was shown last. */
function candidates(intent: Intent, index: ProductIndex, state: ConversationState): number[] {
  const last = state.lastProducts ?? [];
  switch (intent.kind) {
    case 'add':
    case 'remove':
    case 'decrease':
    case 'set_quantity': {
      const name = intent.kind === 'add' ? intent.query : intent.name;
      const exact = index.exact(intent.name) ?? index.exact(name);
      if (exact) return [exact.id];
      const nearest = intent.kind === 'add' ? (nearestSize(index, name)?.products ?? []) : [];
      return [...last, ...index.search(queryWords(name), { limit: SHOWN }).matches.map((match) => match.product.id), ...nearest];
    }
    case 'search': {
      if (intent.offers) return index.products.filter((product) => product.offerPercent > 0).map((product) => product.id);
      const query = searchWords(intent.query);
      if (query.length === 0) return intent.sort ? index.products.map((product) => product.id) : last;
      const result = index.search(query);
      return intent.sort
        ? result.matches.map((match) => match.product.id)
        : result.matches.slice(0, SHOWN * 2).map((match) => match.product.id);
    }
    default:
      return [];
  }
}

/** Whether answering the intent needs the search index (built from the catalogue's product list). */
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
