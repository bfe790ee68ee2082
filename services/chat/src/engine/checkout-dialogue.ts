import Fuse from 'fuse.js';
import { CHAT_ADDRESS_MESSAGE, type ChatContact, type County, type SubCounty } from '@shop/api-types';
import { fromCents, lineTotal } from '@shop/money';
import type { Logger } from '@shop/service-kit';
import type { CustomersClient } from '../clients/customers';
import { OrderRefused, type OrdersClient } from '../clients/orders';
import { MINIMUM_ORDER_CENTS, subtotalCents, unitCents } from './cart';
import { CHECKOUT, SUGGESTIONS } from './copy';
import type { Intent } from './intents';
import type { OrderLimit } from './order-limit';
import { suggestStart, type Turn, type Upstream } from './turn';

/**
 * The checkout as a conversation: the cart checked against the minimum order, a county, a
 * sub-county, the address form, then the order placed with the orders service and its payment
 * page opened. Each step is kept in the conversation, so any message may continue it.
 */
export class CheckoutDialogue {
  constructor(
    private readonly deps: {
      customers: CustomersClient;
      orders: OrdersClient;
      orderLimit: OrderLimit;
      logger: Logger;
      upstream: Upstream;
    },
  ) {}

  async checkout(turn: Turn): Promise<void> {
    if (!this.cartReady(turn)) return;
    const { draft, state } = turn;
    delete state.countyId;
    delete state.subCountyId;
    draft.step = 'county';
    draft.counties = await this.countyList();
    draft.text.push(CHECKOUT.askCounty(subtotalCents(turn.lines)));
    draft.suggestions.push(SUGGESTIONS.cancel);
  }

  /** A number: the county or sub-county picked in those steps; elsewhere it only makes sense as the order awaiting payment. */
  async place(turn: Turn, id: number): Promise<void> {
    const { draft, state } = turn;
    if (draft.step === 'county') return this.chooseCounty(turn, id);
    if (draft.step === 'subcounty' || draft.step === 'address') return this.chooseSubCounty(turn, id);
    const order = turn.conversation.step === 'payment' ? state.order : undefined;
    if (order) {
      draft.text.push(CHECKOUT.waitingForPayment(order.order_number));
      draft.suggestions.push(SUGGESTIONS.pay);
    } else {
      draft.text.push(CHECKOUT.unknownNumber(id));
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
    if (step === 'county') await this.chooseCounty(turn, Number(hit.id));
    else await this.chooseSubCounty(turn, Number(hit.id));
    return true;
  }

  /** The address form sent back: the order is placed and its payment page opened. */
  async address(turn: Turn, intent: Extract<Intent, { kind: 'address' }>): Promise<void> {
    const { draft, state } = turn;
    if (!this.cartReady(turn)) return;
    state.countyId = intent.countyId;
    state.subCountyId = intent.subCountyId;
    if (!intent.street || !intent.town) {
      draft.step = 'address';
      draft.text.push(CHAT_ADDRESS_MESSAGE);
      draft.suggestions.push(SUGGESTIONS.cancel);
      return;
    }
    const contact = await this.contact(turn);
    if (!this.deps.orderLimit.take(turn.input.clientAddress)) {
      draft.step = 'address';
      draft.text.push(CHECKOUT.tooManyOrders);
      return;
    }
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
          },
          turn.input.token,
        ),
      );
    } catch (error) {
      if (error instanceof OrderRefused) {
        // The orders service's own words (spec section 8: order creation 422 shows the server message).
        draft.step = 'address';
        draft.text.push(error.message);
        draft.suggestions.push(SUGGESTIONS.cancel);
        return;
      }
      throw error;
    }
    state.order = { id: placed.id, order_number: placed.order_number, total_amount: placed.total_amount, payment_url: null };
    delete state.countyId;
    delete state.subCountyId;
    turn.lines = [];
    draft.step = 'payment';
    draft.text.push(CHECKOUT.placed(contact.first_name, placed.order_number, Math.round(placed.total_amount * 100)));
    await this.paymentPage(turn);
  }

  /** 'Pay' opens the payment page of the order placed, or, with a cart to order, starts the checkout. */
  async pay(turn: Turn): Promise<void> {
    if (turn.state.order && turn.lines.length === 0) {
      turn.draft.text.push(CHECKOUT.paymentPageAgain(turn.state.order.order_number));
      return this.paymentPage(turn);
    }
    return this.checkout(turn);
  }

  /** Whatever step the reply ends in, the widget gets the lists it shows for it. */
  async finishStep(turn: Turn): Promise<void> {
    const { draft, state } = turn;
    if (['county', 'subcounty', 'address'].includes(draft.step) && turn.lines.length === 0) {
      draft.step = 'browsing';
      return;
    }
    if (draft.step === 'county' && draft.counties.length === 0) draft.counties = await this.countyList();
    if (draft.step === 'subcounty' && draft.subcounties.length === 0 && state.countyId)
      draft.subcounties = await this.subCountyList(state.countyId);
  }

  /** Empty cart and minimum order first, then the counties. */
  private cartReady(turn: Turn): boolean {
    const { draft, lines } = turn;
    if (lines.length === 0) {
      draft.step = 'browsing';
      draft.text.push(CHECKOUT.emptyCart);
      suggestStart(turn);
      return false;
    }
    const subtotal = subtotalCents(lines);
    if (subtotal < MINIMUM_ORDER_CENTS) {
      draft.step = 'browsing';
      draft.text.push(CHECKOUT.belowMinimum(subtotal, MINIMUM_ORDER_CENTS - subtotal));
      draft.suggestions.push(SUGGESTIONS.offers, SUGGESTIONS.viewCart);
      return false;
    }
    return true;
  }

  private async chooseCounty(turn: Turn, id: number): Promise<void> {
    const { draft, state } = turn;
    if (!this.cartReady(turn)) return;
    const counties = await this.countyList();
    const county = counties.find((candidate) => Number(candidate.id) === id);
    if (!county) {
      draft.step = 'county';
      draft.counties = counties;
      draft.text.push(CHECKOUT.chooseCounty);
      return;
    }
    const subCounties = await this.subCountyList(county.id);
    state.countyId = county.id;
    delete state.subCountyId;
    draft.step = 'subcounty';
    draft.subcounties = subCounties;
    draft.text.push(CHECKOUT.askSubCounty(county.name));
    draft.suggestions.push(SUGGESTIONS.cancel);
  }

  private async chooseSubCounty(turn: Turn, id: number): Promise<void> {
    const { draft, state } = turn;
    if (!this.cartReady(turn)) return;
    if (!state.countyId) {
      draft.step = 'county';
      draft.text.push(CHECKOUT.askCountyAgain);
      return;
    }
    const subCounties = await this.subCountyList(state.countyId);
    const subCounty = subCounties.find((candidate) => Number(candidate.id) === id);
    if (!subCounty) {
      draft.subcounties = subCounties;
      draft.step = 'subcounty';
      draft.text.push(CHECKOUT.chooseSubCounty);
      return;
    }
    state.subCountyId = subCounty.id;
    draft.step = 'address';
    draft.text.push(CHECKOUT.askAddress(subCounty.name));
    draft.suggestions.push(SUGGESTIONS.cancel);
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
    return contact;
  }

  /** Opens (or opens again) the hosted payment page of the conversation's order. */
  private async paymentPage(turn: Turn): Promise<void> {
    const { draft, state } = turn;
    const order = state.order!;
    draft.step = 'payment';
    try {
      const payment = await this.deps.upstream('orders', () => this.deps.orders.startPayment(order.id));
      order.payment_url = payment.redirect_url;
      draft.checkout = { order_number: order.order_number, total_amount: order.total_amount, payment_url: payment.redirect_url };
      draft.text.push(CHECKOUT.payOnPage);
    } catch (error) {
      if (error instanceof OrderRefused) {
        draft.text.push(error.message);
        return;
      }
      this.deps.logger.error({ err: error, order: order.order_number }, 'chat: the payment page could not be opened');
      draft.text.push(CHECKOUT.paymentPageFailed);
      draft.suggestions.push(SUGGESTIONS.pay);
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
