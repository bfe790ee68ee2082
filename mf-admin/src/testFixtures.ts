/**
 * Back-office fixtures shaped as packages/api-types/src/admin.ts says the services answer.
 * Only tests import this file.
 */
import type {
  AdminBrand,
  AdminCategory,
  AdminCoupon,
  AdminCustomer,
  AdminOrder,
  AdminProduct,
  Order,
  OrderStatus,
  Page,
  StaffMember,
} from '@shop/api-types';

export const STATUSES: OrderStatus[] = [
  { id: 1, name: 'Pending', color: '#faad14' },
  { id: 2, name: 'Paid', color: '#1677ff' },
  { id: 3, name: 'Processing', color: '#722ed1' },
  { id: 4, name: 'Dispatched', color: '#13c2c2' },
  { id: 5, name: 'Delivered', color: '#52c41a' },
  { id: 6, name: 'Cancelled', color: '#ff4d4f' },
];

export const BRANDS: AdminBrand[] = [
  {
    id: 1,
    name: 'Jogoo',
    slug: 'jogoo',
    image: '/media/brands/jogoo.png',
    company: 'Unga Ltd',
    color: '#d62828',
    products_count: 4,
    archived_at: null,
  },
  {
    id: 2,
    name: 'Pembe',
    slug: 'pembe',
    image: '/media/brands/pembe.png',
    company: 'Pembe Flour Mills',
    color: '#1f6f3a',
    products_count: 2,
    archived_at: null,
  },
];

export const CATEGORIES: AdminCategory[] = [
  { id: 1, name: 'Maize Flour', slug: 'maize-flour', products_count: 5, archived_at: null },
  { id: 2, name: 'Wheat Flour', slug: 'wheat-flour', products_count: 0, archived_at: null },
];

export const SKUS = [
  { id: 1, name: '2kg' },
  { id: 2, name: '5kg' },
];

export function product(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 7,
    name: 'Jogoo Maize Meal 2kg',
    slug: 'jogoo-maize-meal-2kg',
    brand_id: 1,
    category_id: 1,
    sku_id: 1,
    unit: '2kg',
    price: 235,
    offer: null,
    minimum_quantity: 1,
    maximum_quantity: 10,
    short_description: '<p>Sifted maize meal.</p>',
    description: '<p>Our classic <strong>sifted</strong> maize meal.</p>',
    image: '/media/products/jogoo-2kg.webp',
    status: 'published',
    is_featured: false,
    archived_at: null,
    brand: { id: 1, name: 'Jogoo' },
    category: { id: 1, name: 'Maize Flour' },
    sku: { id: 1, name: '2kg' },
    created_at: '2025-11-02T08:00:00.000Z',
    ...overrides,
  };
}

export const PRODUCTS: AdminProduct[] = [
  product(),
  product({
    id: 8,
    name: 'Pembe Home Baking Flour 2kg',
    slug: 'pembe-home-baking-flour-2kg',
    brand_id: 2,
    category_id: 2,
    brand: { id: 2, name: 'Pembe' },
    category: { id: 2, name: 'Wheat Flour' },
    price: 1930.5,
    offer: { offer_price: 1700, discount: { name: '11.94%', percent: 11.94 } },
    status: 'draft',
    is_featured: true,
  }),
];

/** The staff moves the orders service allows from each status (Pending → Cancelled; Paid → Processing | Cancelled; ...). */
export const ALLOWED_MOVES: Record<number, number[]> = { 1: [6], 2: [3, 6], 3: [4], 4: [5], 5: [], 6: [] };

export function order(id: number, overrides: Partial<AdminOrder> = {}): AdminOrder {
  const status = overrides.status ?? STATUSES[1]!;
  return {
    id,
    allowed_status_ids: ALLOWED_MOVES[status.id] ?? [],
    customer_id: 2,
    refund_due: null,
    refunded: null,
    order_number: `SHW-${String(1000 + id)}`,
    date: '2026-01-12T09:30:00.000Z',
    status: STATUSES[1]!,
    is_paid: 1,
    subtotal: 2350,
    discount: 0,
    points_discount: 0,
    total_amount: 2350,
    products_count: 2,
    order_notes: null,
    customer: { first_name: 'Juma', last_name: 'Otieno', email: 'customer@example.com', phone: '0712345678' },
    shipping_address: {
      first_name: 'Juma',
      last_name: 'Otieno',
      street_address: 'Waiyaki Way 14',
      apartment: 'Sarit Towers, 5th floor',
      town: 'Nairobi',
      county: { id: 47, name: 'Nairobi' },
      sub_county: { id: 4701, name: 'Westlands' },
      phone: '0712345678',
      email: 'customer@example.com',
    },
    order_items: [
      {
        id: 1,
        quantity: 5,
        price: 1175,
        product: {
          id: 7,
          name: 'Jogoo Maize Meal 2kg',
          price: 235,
          brand: 'Jogoo',
          category: 'Maize Flour',
          unit: '2kg',
          image: '/media/p.webp',
        },
      },
      {
        id: 2,
        quantity: 5,
        price: 1175,
        product: {
          id: 9,
          name: 'Jogoo Maize Meal 2kg (Fortified)',
          price: 235,
          brand: 'Jogoo',
          category: 'Maize Flour',
          unit: '2kg',
          image: '/media/q.webp',
        },
      },
    ],
    status_history: [
      { status: STATUSES[0]!, note: null, created_at: '2026-01-12T09:30:00.000Z' },
      { status: STATUSES[1]!, note: 'M-Pesa QK12ABC', created_at: '2026-01-12T09:32:00.000Z' },
    ],
    ...overrides,
  };
}

/** An order as the customers service's customer page lists it: without the back office's refund and status-move fields. */
export function customerOrder(id: number, overrides: Partial<Order> = {}): Order {
  const { customer_id: _customer, refund_due: _due, refunded: _refunded, allowed_status_ids: _moves, ...plain } = order(id, overrides);
  return plain;
}

export function page<T>(data: T[], current = 1, last = 1, total = data.length): Page<T> {
  return { current_page: current, last_page: last, per_page: 15, total, data };
}

export function customer(id: number, overrides: Partial<AdminCustomer> = {}): AdminCustomer {
  return {
    id,
    first_name: 'Juma',
    last_name: 'Otieno',
    email: `customer${id}@example.com`,
    phone: '0712345678',
    photo: null,
    orders_count: 3,
    loyalty_points: { current_balance: 150 },
    created_at: '2025-10-01T08:00:00.000Z',
    ...overrides,
  };
}

export function coupon(overrides: Partial<AdminCoupon> = {}): AdminCoupon {
  return {
    id: 3,
    name: 'Karibu',
    code: 'KARIBU10',
    valid_from: '2026-01-01',
    valid_to: '2026-03-31',
    discount: { name: 'Karibu 10%', discount_type: 'percent', discount_percent: 10, discount_value: null },
    usage_limit: 100,
    per_customer_limit: 1,
    redeems: 12,
    archived_at: null,
    ...overrides,
  };
}

export const STAFF_MEMBERS: StaffMember[] = [
  {
    id: 1,
    first_name: 'Amina',
    last_name: 'Wanjiru',
    email: 'admin@shwarimills.co.ke',
    active: true,
    created_at: '2025-09-01T08:00:00.000Z',
  },
  {
    id: 2,
    first_name: 'Otieno',
    last_name: 'Kamau',
    email: 'otieno@shwarimills.co.ke',
    active: true,
    created_at: '2025-10-01T08:00:00.000Z',
  },
];
