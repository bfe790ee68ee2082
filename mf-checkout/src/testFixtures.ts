/**
 * Test fixtures for the checkout screens, shaped as the API serves them (packages/api-types), and
 * one helper that renders the checkout remote's pages the way the shell mounts them: its routes,
 * the cart drawer on every page, and a stand-in that shows where the router ended up. Only tests
 * import this file.
 */
import { createElement, type ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Address, County, CustomerProfile, Order, Product, SubCounty } from '@shop/api-types';
import { lineTotal, fromCents } from '@shop/money';
import { unitPriceCents, type CartLine, type CartProduct, type RootState } from '@shop/store-kit';
import { renderWithStore } from '@shop/store-kit/testing';
import CartPage from './cart/CartPage';
import CheckoutPage from './checkout/CheckoutPage';
import CartDrawer from './drawer/CartDrawer';
import FailedPage from './failed/FailedPage';
import SuccessPage from './success/SuccessPage';

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

export const RICE: CartProduct = {
  id: 2,
  name: 'Nyota Basmati Rice 1kg',
  slug: 'nyota-basmati-rice-1kg',
  image: '/media/products/nyota-basmati-rice-1kg.svg',
  unit: '1 kg',
  price: 269.5,
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

export const line = (product: CartProduct, quantity: number): CartLine => ({
  ...product,
  quantity,
  product_total: fromCents(lineTotal(unitPriceCents(product), quantity)),
});

/** A cart product as the catalogue lists it (GET site/products), with what changed since it was put in the cart. */
export const listed = (product: CartProduct, changes: Partial<Product> = {}): Product => ({
  ...product,
  description: '',
  short_description: '',
  brand: { id: 1, name: 'Shwari Mills', slug: 'shwari-mills' },
  category: { id: 1, name: 'Flour', slug: 'flour' },
  sku: { id: 1, name: product.unit },
  created_at: '2025-11-01T08:00:00.000Z',
  ...changes,
});

/** Puts a cart in local storage the way the store kit keeps it, before the store is created. */
export function storeCart(lines: CartLine[]): void {
  localStorage.setItem('cart', JSON.stringify(lines));
}

/** KSh 3,065.00: above the minimum order. */
export const FULL_CART = [line(OIL, 2), line(MAIZE, 1)];
/** KSh 1,615.00: below the minimum order of 1930. */
export const SMALL_CART = [line(OIL, 1), line(MAIZE, 1)];
/** KSh 1,945.00: just above the minimum, so any discount takes it below. */
export const EDGE_CART = [line(OIL, 1), line(MAIZE, 3)];

export const TOKEN = 'tok_customer_1';

export const PROFILE: CustomerProfile = {
  id: 2,
  first_name: 'Juma',
  last_name: 'Otieno',
  email: 'customer@example.com',
  phone: '0712345678',
  photo: null,
  loyalty_points: { current_balance: 150 },
};

/** Real county and sub-county ids (the customers service's place list). */
export const MOMBASA: County = { id: 1, name: 'Mombasa' };
export const NAIROBI: County = { id: 47, name: 'Nairobi' };
export const COUNTIES: County[] = [MOMBASA, NAIROBI];
const SUB_COUNTIES: Record<number, SubCounty[]> = {
  1: [
    { id: 4, name: 'Nyali' },
    { id: 6, name: 'Mvita' },
  ],
  47: [
    { id: 274, name: 'Westlands' },
    { id: 278, name: 'Kibra' },
  ],
};
export const subCountiesOf = (countyId: number): SubCounty[] => SUB_COUNTIES[countyId] ?? [];

export const HOME_ADDRESS: Address = {
  id: 11,
  name: 'Juma Otieno',
  email: 'customer@example.com',
  phone: '0712345678',
  street_address: 'Waiyaki Way 14',
  apartment: 'Sarit Towers, 5th floor',
  town: 'Nairobi',
  county: NAIROBI,
  sub_county: { id: 274, name: 'Westlands' },
};

/** The place routes every checkout test needs (the county dropdowns load them). */
export const placeRoutes = {
  'GET /site/counties': () => COUNTIES,
  'GET /site/counties/subcounty/(\\d+)': (_request: Request, match: RegExpMatchArray) => subCountiesOf(Number(match[1])),
};

/** Stores a session the way a successful login leaves it, before the store is created. */
export function storeSession(): void {
  localStorage.setItem('customer_token', TOKEN);
  localStorage.setItem('customer_name', 'Juma Otieno');
  localStorage.setItem('customer_email', 'customer@example.com');
}

function LocationDisplay(): ReactElement {
  const location = useLocation();
  return createElement('div', { 'data-testid': 'location' }, `${location.pathname}${location.search}`);
}

const standIn = (text: string) => createElement('h1', null, text);

/**
 * The checkout remote's pages at `path`, as the shell mounts them: its routes, the cart drawer on
 * every page, stand-ins for the other areas' pages, and where the router is
 * (screen.getByTestId('location')).
 */
export function renderShop(path: string, preloadedState?: Partial<RootState>) {
  return renderWithStore(
    createElement(
      MemoryRouter,
      { initialEntries: [path], future: { v7_startTransition: true, v7_relativeSplatPath: true } },
      createElement(
        Routes,
        null,
        createElement(Route, { path: '/cart', element: createElement(CartPage) }),
        createElement(Route, { path: '/checkout', element: createElement(CheckoutPage) }),
        createElement(Route, { path: '/success', element: createElement(SuccessPage) }),
        createElement(Route, { path: '/failed', element: createElement(FailedPage) }),
        createElement(Route, { path: '/shop/all', element: standIn('Shop page') }),
        createElement(Route, { path: '*', element: standIn('Another page') }),
      ),
      createElement(CartDrawer),
      createElement(LocationDisplay),
    ),
    preloadedState,
  );
}

/** Where the router is now, with the query. */
export const currentPath = (): string => screen.getByTestId('location').textContent ?? '';

/** The JSON body of a request a handler received. */
export const jsonBody = async (request: Request): Promise<unknown> => JSON.parse(await request.text()) as unknown;

/** Texts of the toasts on screen now. */
export const toastTexts = (): string[] =>
  Array.from(document.querySelectorAll('.Toastify__toast')).map((toast) => (toast.textContent ?? '').trim());

/** Waits for a toast with exactly this text. */
export async function findToast(text: string): Promise<void> {
  await waitFor(() => expect(toastTexts()).toContain(text));
}

/** The message tied to a field by aria-describedby, as a screen reader announces it. */
export function describedText(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

export const type = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

export async function choose(name: 'County' | 'Sub-county', option: string): Promise<void> {
  const select = screen.getByRole('combobox', { name }) as HTMLSelectElement;
  const wanted = (await within(select).findByRole('option', { name: option })) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: wanted.value } });
}

/** A complete, valid set of details, typed as a shopper would. */
export async function fillDetails(
  values: Partial<Record<'first' | 'last' | 'phone' | 'email' | 'street' | 'town', string>> = {},
): Promise<void> {
  type('First name', values.first ?? 'Achieng');
  type('Last name', values.last ?? 'Atieno');
  type('Phone', values.phone ?? '0722000111');
  type('Email', values.email ?? 'achieng@example.com');
  type('Street', values.street ?? 'Moi Avenue 21');
  type('Town', values.town ?? 'Mombasa');
  await choose('County', 'Mombasa');
  await choose('Sub-county', 'Nyali');
}

/** A signed-in customer's order as GET /api/orders/view/{order_number} answers it: one line of maize meal, unpaid unless said. */
export function customerOrder(fields: Pick<Order, 'id' | 'order_number'> & Partial<Order>): Order {
  const pending = { id: 1, name: 'Pending', color: '#faad14' };
  return {
    date: '2026-01-12T09:30:00.000Z',
    status: pending,
    is_paid: 0,
    subtotal: 3065,
    discount: 0,
    points_discount: 0,
    total_amount: 3065,
    products_count: 1,
    order_notes: null,
    customer: { first_name: 'Achieng', last_name: 'Atieno', email: 'customer@example.com', phone: '0712345678' },
    shipping_address: {
      first_name: 'Achieng',
      last_name: 'Atieno',
      street_address: 'Oginga Odinga Street 3',
      apartment: null,
      town: 'Kisumu',
      county: { id: 42, name: 'Kisumu' },
      sub_county: { id: 240, name: 'Kisumu Central' },
      phone: '0712345678',
      email: 'customer@example.com',
    },
    order_items: [
      {
        id: 1,
        quantity: 1,
        price: 3065,
        product: {
          id: 1,
          name: 'Mlima Gold Sifted Maize Meal 24kg',
          price: 3065,
          brand: 'Mlima Gold',
          category: 'Maize Flour',
          unit: '24 kg',
          image: '/media/p/1.png',
        },
      },
    ],
    status_history: [{ status: pending, note: null, created_at: '2026-01-12T09:30:00.000Z' }],
    ...fields,
  };
}
