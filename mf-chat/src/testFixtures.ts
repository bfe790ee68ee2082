/**
 * Test fixtures for the shopping assistant: products and places shaped as the API serves them, a
 * stand-in for POST /api/chat that answers as the contract says (packages/api-types/src/chat.ts)
 * and records every request, and a helper that mounts the widget or the page the way the shell
 * does. Only tests import this file.
 */
import { createElement, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type {
  ChatCartLine,
  ChatCheckout,
  ChatProduct,
  ChatReply,
  ChatRequestBody,
  County,
  CustomerProfile,
  SubCounty,
} from '@shop/api-types';
import { formatKsh, fromCents, lineTotal } from '@shop/money';
import {
  type createI18n,
  LanguageProvider,
  selectCartCount,
  unitPriceCents,
  useAppSelector,
  type CartProduct,
  type RootState,
} from '@shop/store-kit';
import { mockApi, renderWithStore, respond } from '@shop/store-kit/testing';
import ChatPage from './page/ChatPage';
import ChatWidget from './widget/ChatWidget';

export const MAIZE: CartProduct = {
  id: 1,
  name: 'Mlima Gold Sifted Maize Meal 2kg',
  slug: 'mlima-gold-sifted-maize-meal-2kg',
  image: '/media/products/mlima-gold-sifted-maize-meal-2kg.svg',
  unit: '2 kg',
  price: 179.5,
  offer: { offer_price: 165, discount: { name: '8.08%', percent: 8.08 } },
  limit: { minimum_quantity: 1, maximum_quantity: 5 },
};

export const FORTIFIED: CartProduct = {
  id: 4,
  name: 'Mlima Gold Fortified Maize Flour 1kg',
  slug: 'mlima-gold-fortified-maize-flour-1kg',
  image: '/media/products/mlima-gold-fortified-maize-flour-1kg.svg',
  unit: '1 kg',
  price: 95,
  offer: null,
  limit: { minimum_quantity: 1, maximum_quantity: 10 },
};

export const OIL: CartProduct = {
  id: 3,
  name: 'Pwani Bora Cooking Oil 3L',
  slug: 'pwani-bora-cooking-oil-3l',
  image: '/media/products/pwani-bora-cooking-oil-3l.svg',
  unit: '3 L',
  price: 1450,
  offer: null,
  limit: { minimum_quantity: 1, maximum_quantity: 3 },
};

const CATALOGUE = [MAIZE, FORTIFIED, OIL];

/** The spec's price text: 'KES 230.00', with ' On offer: KES 210.00' when on offer. */
const kes = (amount: number): string => formatKsh(amount).replace('KSh', 'KES');
export const priceText = (product: CartProduct): string =>
  `${kes(product.price)}${product.offer ? ` On offer: ${kes(product.offer.offer_price)}` : ''}`;

export const chatProduct = (product: CartProduct): ChatProduct => ({
  id: product.id,
  name: product.name,
  slug: product.slug,
  image: product.image,
  price: priceText(product),
});

export const line = (product: CartProduct, quantity: number): ChatCartLine => ({
  ...product,
  quantity,
  product_total: fromCents(lineTotal(unitPriceCents(product), quantity)),
});

/** Puts a cart in local storage the way the store kit keeps it, before the store is created. */
export const storeCart = (lines: ChatCartLine[]): void => localStorage.setItem('cart', JSON.stringify(lines));

export const MOMBASA: County = { id: 1, name: 'Mombasa' };
export const NAIROBI: County = { id: 47, name: 'Nairobi' };
export const NYALI: SubCounty = { id: 4, name: 'Nyali' };
export const MVITA: SubCounty = { id: 6, name: 'Mvita' };

export const ORDER_ID = 777;
export const ORDER_NUMBER = 'SH-260777';
/** The order's payment key the chat service hands the browser with its payment page. */
export const ORDER_PAYMENT_KEY = 'k3y-777-Qw7Er5Ty3Ui1Op0As8Df6Gh4Jk2LzXc';
export const PAYMENT_URL = 'http://localhost/api/site/v1/simulator/pay/tok_777';

export const PROFILE: CustomerProfile = {
  id: 2,
  first_name: 'Juma',
  last_name: 'Otieno',
  email: 'customer@example.com',
  phone: '0712345678',
  photo: null,
  loyalty_points: { current_balance: 150 },
};

/** Stores a session the way a successful login leaves it, before the store is created. */
export function storeSession(): void {
  localStorage.setItem('customer_token', 'tok_customer_1');
  localStorage.setItem('customer_name', 'Juma Otieno');
  localStorage.setItem('customer_email', 'customer@example.com');
}

export interface ChatCall {
  body: ChatRequestBody;
  authorization: string | null;
}

type Answer = (body: ChatRequestBody, call: number) => unknown;

/** A reply with the contract's every field; the cart is the request's cart unless the answer says otherwise. */
export const reply = (body: ChatRequestBody, fields: Partial<ChatReply>): ChatReply => ({
  text: '',
  products: [],
  cart: body.frontend_cart.map((sent) => {
    const product = CATALOGUE.find((candidate) => candidate.id === sent.id) ?? (sent as CartProduct);
    return line(product, sent.quantity);
  }),
  counties: [],
  subcounties: [],
  suggestions: [],
  session_id: body.session_id,
  step: 'browsing',
  show_address_form: false,
  checkout: null,
  ...fields,
});

const cartWith = (body: ChatRequestBody, product: CartProduct, change: number): ChatCartLine[] => {
  const lines = reply(body, {}).cart;
  const found = lines.find((candidate) => candidate.id === product.id);
  if (!found) return change > 0 ? [...lines, line(product, change)] : lines;
  const quantity = found.quantity + change;
  return quantity <= 0
    ? lines.filter((candidate) => candidate !== found)
    : lines.map((candidate) => (candidate === found ? line(product, quantity) : candidate));
};

const totalOf = (lines: ChatCartLine[]): number =>
  fromCents(lines.reduce((sum, item) => sum + lineTotal(unitPriceCents(item), item.quantity), 0));

/** The assistant as the contract describes it, for the messages the widget sends. */
export const assistant: Answer = (body) => {
  const message = body.message;
  if (message === 'Hello')
    return reply(body, {
      text: 'Hello! I am your shopping assistant. What would you like to buy today?',
      suggestions: ['Show maize flour', 'View cart'],
    });
  if (/maize/i.test(message) && !/^(Add|Remove|Decrease) /.test(message)) {
    return reply(body, {
      text: 'Here is our maize flour:',
      products: [chatProduct(MAIZE), chatProduct(FORTIFIED)],
      suggestions: ['View cart', 'Checkout'],
    });
  }
  const adding = /^Add (?:1 more )?(.+) to cart$/.exec(message);
  const decreasing = /^Decrease (.+) quantity by 1$/.exec(message);
  const removing = /^Remove (.+) from cart$/.exec(message);
  const named = (name: string | undefined) => CATALOGUE.find((product) => product.name === name);
  if (adding && named(adding[1]))
    return reply(body, {
      text: `${adding[1]} added to your cart.`,
      cart: cartWith(body, named(adding[1])!, 1),
      suggestions: ['View cart', 'Checkout'],
    });
  if (decreasing && named(decreasing[1])) return reply(body, { text: 'Done.', cart: cartWith(body, named(decreasing[1])!, -1) });
  if (removing && named(removing[1]))
    return reply(body, { text: `${removing[1]} removed from your cart.`, cart: cartWith(body, named(removing[1])!, -100) });
  if (message === 'Checkout')
    return reply(body, { text: 'Which county should we deliver to?', step: 'county', counties: [MOMBASA, NAIROBI] });
  if (message === String(MOMBASA.id)) return reply(body, { text: 'And the sub-county?', step: 'subcounty', subcounties: [NYALI, MVITA] });
  if (message === String(NYALI.id) || message === String(MVITA.id))
    return reply(body, { text: 'Please fill in your delivery details.', step: 'address', show_address_form: true });
  if (message.split(':').length === 5) {
    const cart = reply(body, {}).cart;
    const checkout: ChatCheckout = {
      order_id: ORDER_ID,
      order_number: ORDER_NUMBER,
      payment_key: ORDER_PAYMENT_KEY,
      total_amount: totalOf(cart),
      payment_url: PAYMENT_URL,
    };
    return reply(body, { text: `Your order ${ORDER_NUMBER} is ready. Pay to confirm it.`, step: 'payment', checkout });
  }
  return reply(body, { text: "Sorry, I didn't get that. Try 'maize flour'." });
};

/**
 * Answers POST /api/chat with `answer` (the assistant above by default) and GET /api/get-profile,
 * recording each chat request with its body and authorization header.
 */
export function chatServer(options: { answer?: Answer; profile?: CustomerProfile; hold?: Promise<void> } = {}): ChatCall[] {
  const calls: ChatCall[] = [];
  mockApi({
    'POST /chat': async (request) => {
      const body = JSON.parse(await request.text()) as ChatRequestBody;
      calls.push({ body, authorization: request.headers.get('authorization') });
      if (options.hold) await options.hold;
      return (options.answer ?? assistant)(body, calls.length);
    },
    'GET /get-profile': () => options.profile ?? respond(401, { message: 'Unauthenticated.' }),
  });
  return calls;
}

/** The header's cart count, as the shell shows it (from the store kit). */
function HeaderCount(): ReactElement {
  const count = useAppSelector(selectCartCount);
  return createElement('span', { 'data-testid': 'cart-count' }, String(count));
}

function Where(): ReactElement {
  const location = useLocation();
  return createElement('div', { 'data-testid': 'location' }, location.pathname);
}

type I18n = Awaited<ReturnType<typeof createI18n>>;

/** In the language of `i18n` (createI18n('sw', [chatCatalog])) when given, else English, as a page with no provider. */
const inLanguage = (i18n: I18n | undefined, ui: ReactNode): ReactElement =>
  i18n ? createElement(LanguageProvider, { i18n, children: ui }) : (ui as ReactElement);

/** The widget open on a shop page, as the shell mounts it, with the header's cart count. */
export function renderWidget(options: { onClose?: () => void; open?: boolean; preloadedState?: Partial<RootState>; i18n?: I18n } = {}) {
  const { onClose = () => undefined, open = true, preloadedState, i18n } = options;
  const ui = (isOpen: boolean) =>
    inLanguage(
      i18n,
      createElement(
        MemoryRouter,
        { initialEntries: ['/shop/all'], future: { v7_startTransition: true, v7_relativeSplatPath: true } },
        createElement(HeaderCount),
        createElement(Routes, null, createElement(Route, { path: '*', element: createElement('h1', null, 'A shop page') })),
        createElement(ChatWidget, { open: isOpen, onClose }),
        createElement(Where),
      ),
    );
  const result = renderWithStore(ui(open), preloadedState);
  return { ...result, reopen: (isOpen: boolean) => result.rerender(ui(isOpen)) };
}

/** /chat as the shell shows it. */
export function renderChatPage(options: { i18n?: I18n } = {}) {
  return renderWithStore(
    inLanguage(
      options.i18n,
      createElement(
        MemoryRouter,
        { initialEntries: ['/chat'], future: { v7_startTransition: true, v7_relativeSplatPath: true } },
        createElement(HeaderCount),
        createElement(Routes, null, createElement(Route, { path: '/chat', element: createElement(ChatPage) })),
      ),
    ),
  );
}
