import Fuse from 'fuse.js';
import { normaliseKenyanPhone, ORDER_MESSAGES, type ChatContact, type County, type SubCounty } from '@shop/api-types';
import { fromCents, lineTotal, meetsMinimum, shortOfMinimum } from '@shop/money';
import type { Logger } from '@shop/service-kit';
import type { CatalogClient } from '../clients/catalog';
import type { CustomersClient } from '../clients/customers';
import { OrderRefused, type OrderAccess, type OrdersClient } from '../clients/orders';
import type { ConversationOrder } from '../db/sessions';
import { priceCart, priceChangeNotes, sameCart, subtotalCents, unitCents } from './cart';
import { CHECKOUT } from './copy';
import type { Intent } from './intents';
import type { OrderLimit } from './order-limit';
import { suggestStart, type Turn, type Upstream } from './turn';

/** The start of the orders service's refusal when the cart's prices are not today's (services/orders pricing.ts). */
const PRICES_CHANGED = 'Prices have changed';

/**
 * The checkout as a conversation: the cart checked against the minimum order, the terms agreed
 * to, a county, a sub-county, the address form, then the order placed with the orders service and
 * its payment page opened. Each step is kept in the conversation, so any message may continue it.
 *
 * The cart stays until the order is paid: 'Pay' (or 'Try again') after a declined or cancelled
 * payment is a new payment attempt on the same order, with its payment key, which only this
 * service holds. A cart changed after an unpaid order is a new order that replaces it (the orders
 * service cancels the old one first and frees what it held). Each message first asks where the
 * conversation's unpaid order stands: paid empties the cart, cancelled forgets the order.
 */
export class CheckoutDialogue {
  constructor(
    private readonly deps: {
      catalog: CatalogClient;
      customers: CustomersClient;
      orders: OrdersClient;
      orderLimit: OrderLimit;
      logger: Logger;
      upstream: Upstream;
    },
  ) {}

  /**
   * Where the conversation's unpaid order stands, asked before each message is answered: paid
   * empties the cart (it was bought) and asks for the terms again next time; cancelled (not paid in
   * time, or by staff) forgets it and keeps the cart. An orders service that cannot answer just now
   * leaves things as they are: the message is still answered.
   */
  async followOrder(turn: Turn): Promise<void> {
    const order = turn.state.order;
    if (!order) return;
    let status;
    try {
      status = await this.deps.orders.paymentState(order.id, this.access(turn, order));
    } catch (error) {
      this.deps.logger.warn({ err: error, order: order.order_number }, 'chat: where the order stands could not be asked');
      return;
    }
    if (status === 'pending') return;
    if (status === 'paid') this.orderPaid(turn, order);
    else if (status === 'cancelled') turn.draft.text.push(turn.copy.checkout.cancelledUnpaid(order.order_number));
    // null: the orders service does not know it for this conversation (an order from before payment keys); nothing to pay.
    delete turn.state.order;
  }

  async checkout(turn: Turn): Promise<void> {
    if (!this.cartReady(turn)) return;
    const { draft, state } = turn;
    const order = state.order;
    if (order && this.isOrderOf(turn, order)) {
      // The same cart again: that order is paid, not a second one placed beside it.
      draft.text.push(turn.copy.checkout.sameCartAwaitingPayment(order.order_number));
      draft.suggestions.push(turn.copy.suggestions.cancelOrder);
      return this.paymentPage(turn);
    }
    delete state.countyId;
    delete state.subCountyId;
    if (!state.termsAccepted) return this.askTerms(turn);
    return this.askCounty(turn);
  }

  /** 'I agree to the terms and conditions' (or a yes where they were asked): the checkout goes on. */
  async agree(turn: Turn): Promise<void> {
    if (!this.cartReady(turn)) return;
    const { draft, state } = turn;
    state.termsAccepted = true;
    draft.text.push(turn.copy.checkout.termsAccepted);
    if (state.countyId && state.subCountyId) {
      // The address was sent before the terms were agreed to: only the form is left.
      draft.step = 'address';
      draft.text.push(turn.copy.checkout.confirmAddress);
      draft.suggestions.push(turn.copy.suggestions.cancel);
      return;
    }
    return this.askCounty(turn);
  }

  /** The shopper abandons the conversation's unpaid order; the cart is kept. False when there is none. */
  async cancelOrder(turn: Turn): Promise<boolean> {
    const { draft, state } = turn;
    const order = state.order;
    if (!order) return false;
    try {
      await this.deps.upstream('orders', () => this.deps.orders.cancelOrder(order.id, this.access(turn, order)));
    } catch (error) {
      if (!(error instanceof OrderRefused)) throw error;
      if (error.status === 409) {
        // Paid meanwhile: nothing to cancel, and the cart was bought.
        this.orderPaid(turn, order);
        delete state.order;
        return true;
      }
      // 404: the orders service no longer knows it for this conversation; there is nothing left to cancel.
    }
    delete state.order;
    draft.step = 'browsing';
    draft.text.push(turn.copy.checkout.cancelledByShopper(order.order_number));
    suggestStart(turn);
    return true;
  }

  /** A number: the county or sub-county picked in those steps; elsewhere it only makes sense as the order awaiting payment. */
  async place(turn: Turn, id: number): Promise<void> {
    const { draft, state } = turn;
    if (draft.step === 'county') return this.chooseCounty(turn, id);
    if (draft.step === 'subcounty' || draft.step === 'address') return this.chooseSubCounty(turn, id);
    const order = turn.conversation.step === 'payment' ? state.order : undefined;
    if (order) {
      draft.text.push(turn.copy.checkout.waitingForPayment(order.order_number));
      draft.suggestions.push(turn.copy.suggestions.pay);
    } else {
      draft.text.push(turn.copy.checkout.unknownNumber(id));
      suggestStart(turn);
    }
  }

  /** In the county or sub-county step, a place typed by name ('Nairobi', 'westlands') is chosen like its id. */
  async placeByName(turn: Turn, text: string): Promise<boolean> {
    const step = turn.draft.step;
    if (step !== 'county' && step !== 'subcounty') return false;
    const countyId = turn.state.countyId;
    const places = step === 'county' ? await this.countyList() : countyId ? await this.subCountyList(countyId) : [];
    const name = text.replace(/\b(county|sub-?county|kaunti|in|at|to|please|tafadhali)\b/gi, ' ').trim();
    if (!name) return false;
    const exact = places.find((place) => place.name.toLowerCase() === name.toLowerCase());
    const hit = exact ?? new Fuse(places, { keys: ['name'], threshold: 0.3, includeScore: true }).search(name, { limit: 1 })[0]?.item;
    if (!hit) return false;
    if (step === 'county') await this.chooseCounty(turn, hit.id);
    else await this.chooseSubCounty(turn, hit.id);
    return true;
  }

  /** The address form sent back: the order is placed (replacing an unpaid one) and its payment page opened. */
  async address(turn: Turn, intent: Extract<Intent, { kind: 'address' }>): Promise<void> {
    const { draft, state } = turn;
    if (!this.cartReady(turn)) return;
    state.countyId = intent.countyId;
    state.subCountyId = intent.subCountyId;
    if (!intent.street || !intent.town) {
      draft.step = 'address';
      draft.text.push(turn.copy.checkout.addressIncomplete);
      draft.suggestions.push(turn.copy.suggestions.cancel);
      return;
    }
    if (!state.termsAccepted) {
      // As the checkout page: no order before the terms are agreed to.
      draft.step = 'terms';
      draft.text.push(turn.copy.checkout.termsRequired);
      draft.suggestions.push(turn.copy.suggestions.agreeToTerms, turn.copy.suggestions.cancel);
      return;
    }
    const contact = await this.contact(turn);
    if (!this.deps.orderLimit.take(turn.input.clientAddress)) {
      draft.step = 'address';
      draft.text.push(turn.copy.checkout.tooManyOrders);
      return;
    }
    const abandoned = state.order;
    const subtotal = subtotalCents(turn.lines);
    let placed;
    try {
      placed = await this.deps.upstream('orders', () =>
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
            order_notes: CHECKOUT.orderNotes,
            coupon: '',
            cart_items: turn.lines.map((line) => ({
              id: line.product.id,
              quantity: line.quantity,
              price: fromCents(unitCents(line.product)),
              product_total: fromCents(lineTotal(unitCents(line.product), line.quantity)),
            })),
            total_amount: fromCents(subtotal),
            payment_method: 'hosted',
            ...(abandoned
              ? { replaces: { order_id: abandoned.id, ...(abandoned.payment_key ? { payment_key: abandoned.payment_key } : {}) } }
              : {}),
          },
          turn.input.token,
        ),
      );
    } catch (error) {
      if (!(error instanceof OrderRefused)) throw error;
      if (abandoned && error.status === 409 && error.message === ORDER_MESSAGES.orderAlreadyPaid) {
        // The unpaid order was paid meanwhile (another tab): nothing is placed; what it bought leaves the cart.
        delete state.order;
        draft.step = 'browsing';
        if (this.isOrderOf(turn, abandoned)) this.orderPaid(turn, abandoned);
        else draft.text.push(turn.copy.checkout.alreadyPaid(abandoned.order_number));
        return;
      }
      if (abandoned && error.status === 404 && error.message === ORDER_MESSAGES.orderNotFound) {
        // The order it replaced is unknown to the orders service now: forget it, and the next try places the order alone.
        delete state.order;
      }
      draft.step = 'address';
      draft.suggestions.push(turn.copy.suggestions.cancel);
      const refusal = [error.message, ...Object.values(error.errors).flat()].find((text) => text.startsWith(PRICES_CHANGED));
      if (refusal) return this.reprice(turn);
      // The orders service's own words (spec section 8: order creation 422 shows the server message), in the shopper's language.
      draft.text.push(turn.copy.checkout.refusal(error.message));
      return;
    }
    state.order = {
      id: placed.id,
      order_number: placed.order_number,
      total_amount: placed.total_amount,
      payment_url: null,
      payment_key: placed.payment_key,
      cart: turn.lines.map((line) => ({ id: line.product.id, quantity: line.quantity })),
    };
    delete state.countyId;
    delete state.subCountyId;
    // The cart stays until the order is paid: a declined payment is tried again on this same order.
    draft.step = 'payment';
    draft.text.push(turn.copy.checkout.placed(contact.first_name, placed.order_number, Math.round(placed.total_amount * 100)));
    await this.paymentPage(turn);
  }

  /**
   * 'Pay' or 'Try again': a new payment attempt on the conversation's unpaid order while the cart is
   * the one it was placed for; a cart changed since is checked out again (the new order replaces it).
   */
  async pay(turn: Turn): Promise<void> {
    const order = turn.state.order;
    if (order && (turn.lines.length === 0 || this.isOrderOf(turn, order))) {
      turn.draft.text.push(turn.copy.checkout.paymentPageAgain(order.order_number));
      return this.paymentPage(turn);
    }
    if (order && this.cartReady(turn)) turn.draft.text.push(turn.copy.checkout.cartChangedSinceOrder(order.order_number));
    return this.checkout(turn);
  }

  /** Whatever step the reply ends in, the widget gets the lists it shows for it. */
  async finishStep(turn: Turn): Promise<void> {
    const { draft, state } = turn;
    if (['terms', 'county', 'subcounty', 'address'].includes(draft.step) && turn.lines.length === 0) {
      draft.step = 'browsing';
      return;
    }
    if (draft.step === 'county' && draft.counties.length === 0) draft.counties = await this.countyList();
    if (draft.step === 'subcounty' && draft.subcounties.length === 0 && state.countyId)
      draft.subcounties = await this.subCountyList(state.countyId);
  }

  private askTerms(turn: Turn): void {
    const { draft } = turn;
    draft.step = 'terms';
    draft.text.push(turn.copy.checkout.askTerms(subtotalCents(turn.lines)));
    draft.suggestions.push(turn.copy.suggestions.agreeToTerms, turn.copy.suggestions.cancel);
  }

  private async askCounty(turn: Turn): Promise<void> {
    const { draft } = turn;
    draft.step = 'county';
    draft.counties = await this.countyList();
    draft.text.push(turn.copy.checkout.askCounty(subtotalCents(turn.lines)));
    draft.suggestions.push(turn.copy.suggestions.cancel);
  }

  /** The order is paid: thanks, and the cart it bought is emptied; the next purchase asks for the terms again. */
  private orderPaid(turn: Turn, order: ConversationOrder): void {
    turn.draft.text.push(turn.copy.checkout.paid(order.order_number));
    if (turn.lines.length === 0 || this.isOrderOf(turn, order)) turn.lines = [];
    else turn.draft.text.push(turn.copy.checkout.alreadyPaid(order.order_number));
    delete turn.state.termsAccepted;
    if (turn.draft.step === 'payment') turn.draft.step = 'browsing';
  }

  /** Whether the cart now is the one the order was placed for. */
  private isOrderOf(turn: Turn, order: ConversationOrder): boolean {
    const placedFor = order.cart ?? [];
    return sameCart(
      placedFor,
      turn.lines.map((line) => ({ id: line.product.id, quantity: line.quantity })),
    );
  }

  /** Who may pay the order: its payment key, and the customer's token when signed in. */
  private access(turn: Turn, order: ConversationOrder): OrderAccess {
    return { paymentKey: order.payment_key ?? null, token: turn.input.token };
  }

  /**
   * The orders service found prices that are not today's (a staff change between our lookup and its
   * own): the cart is priced afresh from the catalogue, the shopper told what changed and the new
   * total, and the address form stays for the next try, which goes through at today's prices.
   */
  private async reprice(turn: Turn): Promise<void> {
    const { draft } = turn;
    const before = new Map(turn.lines.map((line) => [line.product.id, unitCents(line.product)]));
    const requested = turn.lines.map((line) => ({ id: line.product.id, quantity: line.quantity, name: line.product.name }));
    const products = await this.deps.upstream('catalog', () =>
      this.deps.catalog.lookup(
        requested.map((line) => line.id),
        { fresh: true },
      ),
    );
    for (const [id, product] of products) turn.products.set(id, product);
    const priced = priceCart(requested, products, turn.copy.cart);
    turn.lines = priced.lines;
    const changes = priceChangeNotes(priced.lines, before, turn.copy.cart);
    draft.text.push(...(changes.length > 0 ? changes : [turn.copy.checkout.pricesChanged]), ...priced.notes);
    if (!this.cartReady(turn)) return;
    draft.step = 'address';
    draft.text.push(turn.copy.checkout.repriced(subtotalCents(turn.lines)));
  }

  /** Empty cart and minimum order first, then the counties. */
  private cartReady(turn: Turn): boolean {
    const { draft, lines } = turn;
    if (lines.length === 0) {
      draft.step = 'browsing';
      draft.text.push(turn.copy.checkout.emptyCart);
      suggestStart(turn);
      return false;
    }
    const subtotal = subtotalCents(lines);
    if (!meetsMinimum(subtotal)) {
      draft.step = 'browsing';
      draft.text.push(turn.copy.checkout.belowMinimum(subtotal, shortOfMinimum(subtotal)));
      draft.suggestions.push(turn.copy.suggestions.offers, turn.copy.suggestions.viewCart);
      return false;
    }
    return true;
  }

  private async chooseCounty(turn: Turn, id: number): Promise<void> {
    const { draft, state } = turn;
    if (!this.cartReady(turn)) return;
    const counties = await this.countyList();
    const county = counties.find((candidate) => candidate.id === id);
    if (!county) {
      draft.step = 'county';
      draft.counties = counties;
      draft.text.push(turn.copy.checkout.chooseCounty);
      return;
    }
    const subCounties = await this.subCountyList(county.id);
    state.countyId = county.id;
    delete state.subCountyId;
    draft.step = 'subcounty';
    draft.subcounties = subCounties;
    draft.text.push(turn.copy.checkout.askSubCounty(county.name));
    draft.suggestions.push(turn.copy.suggestions.cancel);
  }

  private async chooseSubCounty(turn: Turn, id: number): Promise<void> {
    const { draft, state } = turn;
    if (!this.cartReady(turn)) return;
    if (!state.countyId) {
      draft.step = 'county';
      draft.text.push(turn.copy.checkout.askCountyAgain);
      return;
    }
    const subCounties = await this.subCountyList(state.countyId);
    const subCounty = subCounties.find((candidate) => candidate.id === id);
    if (!subCounty) {
      draft.subcounties = subCounties;
      draft.step = 'subcounty';
      draft.text.push(turn.copy.checkout.chooseSubCounty);
      return;
    }
    state.subCountyId = subCounty.id;
    draft.step = 'address';
    draft.text.push(turn.copy.checkout.askAddress(subCounty.name));
    draft.suggestions.push(turn.copy.suggestions.cancel);
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
    const token = turn.input.token;
    if (token && (!contact.first_name || !contact.last_name || !contact.phone || !contact.email)) {
      const profile = await this.deps.upstream('customers', () => this.deps.customers.profile(token));
      contact.first_name ||= profile.first_name ?? '';
      contact.last_name ||= profile.last_name ?? '';
      contact.phone ||= profile.phone ?? '';
      contact.email ||= profile.email ?? '';
    }
    // '+254 712 345 678', '254...', '0712 345 678': the form the shop stores. What is not a phone goes as typed, for the orders service's message.
    contact.phone = normaliseKenyanPhone(contact.phone) ?? contact.phone;
    return contact;
  }

  /** Opens (or opens again) the hosted payment page of the conversation's order. */
  private async paymentPage(turn: Turn): Promise<void> {
    const { draft, state } = turn;
    const order = state.order!;
    draft.step = 'payment';
    try {
      const payment = await this.deps.upstream('orders', () => this.deps.orders.startPayment(order.id, this.access(turn, order)));
      order.payment_url = payment.redirect_url;
      draft.checkout = {
        order_id: order.id,
        order_number: order.order_number,
        payment_key: order.payment_key ?? null,
        total_amount: order.total_amount,
        payment_url: payment.redirect_url,
      };
      draft.text.push(turn.copy.checkout.payOnPage);
    } catch (error) {
      if (error instanceof OrderRefused) {
        // Paid or cancelled since (another tab, the reconciler): say so rather than the bare refusal.
        const before = draft.text.length;
        await this.followOrder(turn);
        if (draft.text.length === before) draft.text.push(turn.copy.checkout.refusal(error.message));
        if (!turn.state.order) draft.step = 'browsing';
        return;
      }
      this.deps.logger.error({ err: error, order: order.order_number }, 'chat: the payment page could not be opened');
      draft.text.push(turn.copy.checkout.paymentPageFailed);
      draft.suggestions.push(turn.copy.suggestions.pay);
    }
  }

  private countyList(): Promise<County[]> {
    return this.deps.upstream('customers', () => this.deps.customers.countyList());
  }

  /** A county's sub-counties; none when the customers service knows no such county. */
  private async subCountyList(countyId: number): Promise<SubCounty[]> {
    return (await this.deps.upstream('customers', () => this.deps.customers.subCountyList(countyId))) ?? [];
  }
}
