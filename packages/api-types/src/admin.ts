/**
 * The back office's part of the public contract (admin spec sections 3 and 7). Every call carries
 * the staff token; a customer token answers 403. Types and constants only: request schemas live in
 * schemas/admin.ts.
 */
import type { Brand, Category, Sku } from './catalog';
import type { CouponDiscount, DiscountType, Order, OrderStatus } from './orders';

/** Orders and customers come 15 a page. */
export const ADMIN_PAGE_SIZE = 15;

/** Laravel-style page envelope (admin spec section 3). */
export interface Page<T> {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  data: T[];
}

export type ProductState = 'published' | 'draft';

/** A product as staff see it: also drafts and archived ones, with ids for the edit form. */
export interface AdminProduct {
  id: number;
  name: string;
  slug: string;
  brand_id: number;
  category_id: number;
  sku_id: number;
  unit: string;
  price: number;
  offer: { offer_price: number; discount: { name: string; percent: number } } | null;
  minimum_quantity: number;
  maximum_quantity: number;
  short_description: string;
  description: string;
  image: string;
  status: ProductState;
  is_featured: boolean;
  archived_at: string | null;
  brand: Pick<Brand, 'id' | 'name'>;
  category: Pick<Category, 'id' | 'name'>;
  sku: Sku;
  created_at: string;
}

/** One order line containing a product, for the product detail page. */
export interface ProductOrderLine {
  order_id: number;
  order_number: string;
  customer_first_name: string;
  amount: number;
  date: string;
  status: OrderStatus;
  is_paid: 0 | 1;
}

/** GET /api/admin/products/view/{id}. */
export interface AdminProductDetail extends AdminProduct {
  order_items: ProductOrderLine[];
}

/** GET /api/admin/products: sort and brand filter work (the spec's were static). */
export const ADMIN_PRODUCT_SORTS = ['default', 'price-low-high', 'price-high-low', 'newest', 'most-popular', 'top-rated'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/**
 * POST /api/admin/products/store and /update/{id}: multipart form fields. `image` is a file
 * (JPEG, PNG or WebP, at most 2 MB), required on create and optional on update.
 * `status` 'draft' is Save Draft; `is_featured` '1' feeds the storefront's best sellers.
 */
export const PRODUCT_FORM_FIELDS = [
  'name',
  'brand_id',
  'category_id',
  'sku_id',
  'unit',
  'price',
  'offer_price',
  'offer_percent',
  'short_description',
  'description',
  'minimum_quantity',
  'maximum_quantity',
  'status',
  'is_featured',
] as const;
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PRODUCT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Categories and brands with their product counts (list) and products (view). */
export interface AdminCategory extends Category {
  products_count: number;
  archived_at: string | null;
}
export interface AdminBrand extends Brand {
  products_count: number;
  archived_at: string | null;
}
export interface AdminCategoryDetail extends AdminCategory {
  products: AdminProduct[];
}
export interface AdminBrandDetail extends AdminBrand {
  products: AdminProduct[];
}

/** A coupon as staff manage it (admin spec section 3). */
export interface AdminCoupon {
  id: number;
  name: string;
  code: string;
  valid_from: string;
  valid_to: string;
  discount: CouponDiscount;
  usage_limit: number | null;
  per_customer_limit: number | null;
  redeems: number;
  archived_at: string | null;
}

export interface CouponRedemption {
  id: number;
  order_number: string;
  customer: { first_name: string; last_name: string; email: string };
  discount: string;
  /** KSh taken off that order. */
  value: number;
  created_at: string;
}

export interface AdminCouponDetail extends AdminCoupon {
  redemptions: CouponRedemption[];
}

/** POST /api/admin/coupons/store and /update/{id} (JSON or multipart with the same names). */
export interface CouponFormBody {
  name: string;
  code: string;
  /** The discount's display name, e.g. 'Karibu 10%'. */
  discount: string;
  discount_type: DiscountType;
  discount_percent?: number;
  discount_value?: number;
  /** 'YYYY-MM-DD - YYYY-MM-DD' (the spec's one date-range field), or the two fields below. */
  date?: string;
  valid_from?: string;
  valid_to?: string;
  usage_limit?: number | null;
  per_customer_limit?: number | null;
}

/** The orders list row (admin spec: number, customer, product count, amount, date, status, payment). */
/**
 * A refund is due when a provider confirmed a payment the order cannot keep: one that arrived after
 * the unpaid order was cancelled (the order stays Cancelled and unpaid, `is_paid` 0), or a second
 * payment for an order already paid (the order stays as it is, `is_paid` 1). `amount` is the sum of
 * every such payment not refunded yet (KSh); `since` is when the oldest of them arrived.
 */
export interface RefundDue {
  since: string;
  amount: number;
}

/** What staff marked as refunded on this order (POST /api/admin/orders/:id/refund-done): the sum, the last time, by whom. */
export interface RefundMade {
  at: string;
  amount: number;
  by: string;
}

export type AdminOrder = Order & {
  customer_id: number | null;
  refund_due: RefundDue | null;
  refunded: RefundMade | null;
  /** The statuses staff may move this order to now (the lifecycle's edges); empty when final. */
  allowed_status_ids: number[];
};

/** POST /api/admin/orders/:id/refund-done (no body): 200 with the order, or 409 when nothing is due. */
export interface RefundDoneResponse {
  message: string;
  order: AdminOrder;
}

/** GET /api/admin/orders?page=&per_page=15&status_ids=&from=&to=&q= */
export interface AdminOrdersResponse {
  orders: Page<AdminOrder>;
}

/** POST /api/admin/orders/{id}/status: move an order along; recorded in its status history. */
export interface OrderStatusChangeBody {
  status_id: number;
  note?: string;
}

export interface AdminCustomer {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  photo: string | null;
  orders_count: number;
  loyalty_points: { current_balance: number };
  created_at: string;
}

export interface AdminCustomerDetail extends AdminCustomer {
  orders: Order[];
}

export interface StaffMember {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  created_at: string;
}

export interface AuditEntry {
  id: number;
  actor: { id: number; name: string };
  /** e.g. 'product.created', 'order.status_changed', 'staff.deactivated'. */
  action: string;
  entity: string;
  entity_id: number | null;
  summary: string;
  created_at: string;
}

// ---------------------------------------------------------------------------------------------
// Dashboard (GET /api/admin/dashboard/...) and reports.

export interface LabelledSeries {
  labels: string[];
  data: number[];
}

/** depot and statusReport: values in `data`, one colour per bar in `color` (not swapped). */
export interface ColouredSeries extends LabelledSeries {
  color: string[];
}

/** monthlySalesTotal: the monthly number of orders. */
export interface MonthlySalesTotal {
  labels: string[];
  datasets: Array<{ label: string; data: number[] }>;
}

/** The dashboard's third card (a placeholder in the spec). */
export interface DashboardToday {
  orders_today: number;
  revenue_today: number;
  pending_payments: number;
  pending_payments_value: number;
}

export interface ReportTotals {
  orders: number;
  net_sales: number;
  items_sold: number;
  total_sales: number;
  average_order_value: number;
}

export interface ReportGraphRow {
  /** A Nairobi day 'YYYY-MM-DD'; a Nairobi month 'YYYY-MM' in the order report over more than 92 days. */
  date: string;
  category_id?: number;
  category_name?: string;
  status_id?: number;
  status_name?: string;
  net_sales: number;
  items_sold: number;
  orders?: number;
}

/** GET /api/admin/dashboard/category_report?daterange=YYYY-MM-DD - YYYY-MM-DD&category_ids=1,2 */
export interface CategoryReport {
  graph_data: ReportGraphRow[];
  totals: ReportTotals;
  all_categories: Array<Pick<Category, 'id' | 'name'>>;
  categories: Array<{ category_id: number; category_name: string; net_sales: number; items_sold: number }>;
}

/** GET /api/admin/dashboard/product_report?daterange=&category_ids=&brand_ids= */
export interface ProductReport {
  graph_data: ReportGraphRow[];
  totals: ReportTotals;
  categories: Array<Pick<Category, 'id' | 'name'>>;
  brands: Array<Pick<Brand, 'id' | 'name'>>;
  products: Array<{ product_id: number; product_name: string; net_sales: number; items_sold: number }>;
  /** Net sales per category of the filtered lines over the whole range, largest first (the "Sales per Category" chart). */
  category_sales: CategorySales[];
}

/** One category's paid lines over a report's range (after the report's filters), largest net sales first. */
export interface CategorySales {
  category_id: number;
  category_name: string;
  net_sales: number;
  items_sold: number;
}

/** GET /api/admin/dashboard/revenue_report?daterange=&category_ids=&brand_ids= */
export interface RevenueReport {
  graph_data: ReportGraphRow[];
  revenue_data: Array<{ date: string; orders: number; gross_sales: number; net_sales: number; total_sales: number }>;
  /** Net sales per category of the filtered lines over the whole range, largest first (the "Sales per Category" chart). */
  category_sales: CategorySales[];
  totals: ReportTotals;
  categories: Array<Pick<Category, 'id' | 'name'>>;
  brands: Array<Pick<Brand, 'id' | 'name'>>;
}

/** GET /api/admin/dashboard/order_report?daterange=&status_ids= */
export interface OrderReport {
  graph_data: ReportGraphRow[];
  orders: Array<{
    order_number: string;
    total_amount: number;
    date: string;
    status_name: string;
    customer_name: string;
    items_count: number;
    items_sold: number;
  }>;
  statuses: Array<Pick<OrderStatus, 'id' | 'name'>>;
  totals: ReportTotals;
}

/**
 * Report arithmetic, one definition for the service, the screens and the tests:
 * gross sales = sum of line totals before discounts; net sales = gross minus coupon and points
 * discounts; total sales = net (delivery is free); orders count only paid orders (is_paid = 1)
 * whose paid date falls in the range (Africa/Nairobi days); items sold = sum of quantities.
 */
export const REPORT_RULES = 'paid orders by paid date (Nairobi time); net = gross - discounts; delivery free';

export const ADMIN_MESSAGES = {
  productSaved: 'Product successfully saved.',
  productUpdated: 'Product successfully updated.',
  couponSaved: 'Coupon successfully saved.',
  couponUpdated: 'Coupon successfully updated.',
  noCategoryData: 'No data available for selected date range and categories.',
  noStatusData: 'No data available for selected date range and status.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  refundMarkedMade: 'Refund marked as made.',
  noRefundDue: 'No refund is due on this order.',
} as const;

/** One running instance of a service, as its /healthz answered the gateway (GET /api/admin/versions). */
export interface LiveServiceVersion {
  /** The service's name, as its /healthz says (catalog, customers, orders, chat, gateway). */
  service: string;
  /** The shop area it serves, as the gateway routes it. */
  area: string;
  /** The instance's origin as the gateway reaches it ('self' for the gateway answering). */
  instance: string;
  status: 'ok' | 'unreachable';
  /** Its package.json version; null when it did not answer. */
  version: string | null;
}

/** A remote the shell loads, as its manifest answered (GET /api/admin/versions). */
export interface LiveRemoteVersion {
  /** Its federation name (mf_catalog...). */
  name: string;
  /** Its manifest's URL, as /remotes.json gives it. */
  entry: string;
  status: 'ok' | 'unreachable';
  /** The manifest's build version (the remote's package.json version); null when it did not answer. */
  version: string | null;
}

/** GET /api/admin/versions (staff): which release of every area is live, and whether it answers. */
export interface AdminVersionsResponse {
  checked_at: string;
  services: LiveServiceVersion[];
  remotes: LiveRemoteVersion[];
}
