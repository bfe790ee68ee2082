import { z } from 'zod';
import type {
  AdminBrand,
  AdminBrandDetail,
  AdminCategory,
  AdminCategoryDetail,
  AdminCoupon,
  AdminCouponDetail,
  AdminCustomer,
  AdminCustomerDetail,
  AdminOrder,
  AdminOrdersResponse,
  AdminProduct,
  AdminProductDetail,
  AuditEntry,
  CategoryReport,
  ColouredSeries,
  DashboardToday,
  LabelledSeries,
  MonthlySalesTotal,
  OrderReport,
  Page,
  ProductOrderLine,
  ProductReport,
  RefundDoneResponse,
  RevenueReport,
  StaffMember,
} from '../admin';
import type { SearchSynonym, SearchSynonymSaved } from '../synonyms';
import type { Agree, Same } from './answerChecks';
import { brandAnswerSchema, categoryAnswerSchema, skuAnswerSchema } from './catalogAnswers';
import { couponDiscountAnswerSchema, orderAnswerSchema, orderStatusAnswerSchema } from './ordersAnswers';

/**
 * The back office's answers (catalog, customers and orders services) as schemas, for the services'
 * OpenAPI documents and the contract tests. The types in ../admin.ts stay the one definition the
 * code uses: the checks at the end fail the typecheck when the two disagree.
 */
const id = z.number().int();
const money = z.number();
const named = z.strictObject({ id, name: z.string() });

/** The back office's page envelope (admin spec section 3). */
export const pageAnswerSchema = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    data: z.array(item),
  });

export const adminProductAnswerSchema = z.strictObject({
  id,
  name: z.string(),
  slug: z.string(),
  brand_id: id,
  category_id: id,
  sku_id: id,
  unit: z.string(),
  price: money,
  offer: z.strictObject({ offer_price: money, discount: z.strictObject({ name: z.string(), percent: z.number() }) }).nullable(),
  minimum_quantity: z.number().int(),
  maximum_quantity: z.number().int(),
  short_description: z.string(),
  description: z.string(),
  image: z.string(),
  status: z.enum(['published', 'draft']),
  is_featured: z.boolean(),
  archived_at: z.string().nullable(),
  brand: named,
  category: named,
  sku: skuAnswerSchema,
  created_at: z.string(),
});
export const productOrderLineAnswerSchema = z.strictObject({
  order_id: id,
  order_number: z.string(),
  customer_first_name: z.string(),
  amount: money,
  date: z.string(),
  status: orderStatusAnswerSchema,
  is_paid: z.union([z.literal(0), z.literal(1)]),
});
export const adminProductDetailAnswerSchema = adminProductAnswerSchema.extend({ order_items: z.array(productOrderLineAnswerSchema) });
/** GET /internal/products/{id}/order-lines on the orders service (the catalog's product page). */
export const productOrderLinesAnswerSchema = z.strictObject({ order_items: z.array(productOrderLineAnswerSchema) });
export type ProductOrderLinesResponse = z.infer<typeof productOrderLinesAnswerSchema>;

const listed = { products_count: z.number().int(), archived_at: z.string().nullable() };
export const adminCategoryAnswerSchema = categoryAnswerSchema.extend(listed);
export const adminBrandAnswerSchema = brandAnswerSchema.extend(listed);
export const adminCategoryDetailAnswerSchema = adminCategoryAnswerSchema.extend({ products: z.array(adminProductAnswerSchema) });
export const adminBrandDetailAnswerSchema = adminBrandAnswerSchema.extend({ products: z.array(adminProductAnswerSchema) });
export const adminProductSavedAnswerSchema = z.strictObject({ message: z.string(), product: adminProductAnswerSchema });
export const adminCategorySavedAnswerSchema = z.strictObject({ message: z.string(), category: adminCategoryAnswerSchema });
export const adminBrandSavedAnswerSchema = z.strictObject({ message: z.string(), brand: adminBrandAnswerSchema });

export const searchSynonymAnswerSchema = z.strictObject({
  id,
  phrase: z.string(),
  terms: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export const searchSynonymSavedAnswerSchema = z.strictObject({ message: z.string(), synonym: searchSynonymAnswerSchema });

export const auditEntryAnswerSchema = z.strictObject({
  id,
  actor: named,
  action: z.string(),
  entity: z.string(),
  entity_id: id.nullable(),
  summary: z.string(),
  created_at: z.string(),
});
export const auditPageAnswerSchema = pageAnswerSchema(auditEntryAnswerSchema);

export const adminCouponAnswerSchema = z.strictObject({
  id,
  name: z.string(),
  code: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  discount: couponDiscountAnswerSchema,
  usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  redeems: z.number().int(),
  archived_at: z.string().nullable(),
});
export const adminCouponDetailAnswerSchema = adminCouponAnswerSchema.extend({
  redemptions: z.array(
    z.strictObject({
      id,
      order_number: z.string(),
      customer: z.strictObject({ first_name: z.string(), last_name: z.string(), email: z.string() }),
      discount: z.string(),
      value: money,
      created_at: z.string(),
    }),
  ),
});
export const adminCouponSavedAnswerSchema = z.strictObject({ message: z.string(), coupon: adminCouponAnswerSchema });

export const adminOrderAnswerSchema = orderAnswerSchema.extend({
  customer_id: id.nullable(),
  refund_due: z.strictObject({ since: z.string(), amount: money }).nullable(),
  refunded: z.strictObject({ at: z.string(), amount: money, by: z.string() }).nullable(),
  allowed_status_ids: z.array(id),
});
export const adminOrdersAnswerSchema = z.strictObject({ orders: pageAnswerSchema(adminOrderAnswerSchema) });
/** GET /api/admin/orders/{id} and POST /api/admin/orders/{id}/status. */
export const adminOrderViewAnswerSchema = z.strictObject({ order: adminOrderAnswerSchema });
export const refundDoneAnswerSchema = z.strictObject({ message: z.string(), order: adminOrderAnswerSchema });

export const labelledSeriesAnswerSchema = z.strictObject({ labels: z.array(z.string()), data: z.array(z.number()) });
export const colouredSeriesAnswerSchema = labelledSeriesAnswerSchema.extend({ color: z.array(z.string()) });
export const monthlySalesTotalAnswerSchema = z.strictObject({
  labels: z.array(z.string()),
  datasets: z.array(z.strictObject({ label: z.string(), data: z.array(z.number()) })),
});
export const dashboardTodayAnswerSchema = z.strictObject({
  orders_today: z.number().int(),
  revenue_today: money,
  pending_payments: z.number().int(),
  pending_payments_value: money,
});

const totals = z.strictObject({
  orders: z.number().int(),
  net_sales: money,
  items_sold: z.number().int(),
  total_sales: money,
  average_order_value: money,
});
const graphRow = z.strictObject({
  date: z.string(),
  category_id: id.optional(),
  category_name: z.string().optional(),
  status_id: id.optional(),
  status_name: z.string().optional(),
  net_sales: money,
  items_sold: z.number().int(),
  orders: z.number().int().optional(),
});
const categorySales = z.strictObject({ category_id: id, category_name: z.string(), net_sales: money, items_sold: z.number().int() });

export const categoryReportAnswerSchema = z.strictObject({
  graph_data: z.array(graphRow),
  totals,
  all_categories: z.array(named),
  categories: z.array(categorySales),
});
export const productReportAnswerSchema = z.strictObject({
  graph_data: z.array(graphRow),
  totals,
  categories: z.array(named),
  brands: z.array(named),
  products: z.array(z.strictObject({ product_id: id, product_name: z.string(), net_sales: money, items_sold: z.number().int() })),
  category_sales: z.array(categorySales),
});
export const revenueReportAnswerSchema = z.strictObject({
  graph_data: z.array(graphRow),
  revenue_data: z.array(
    z.strictObject({ date: z.string(), orders: z.number().int(), gross_sales: money, net_sales: money, total_sales: money }),
  ),
  category_sales: z.array(categorySales),
  totals,
  categories: z.array(named),
  brands: z.array(named),
});
export const orderReportAnswerSchema = z.strictObject({
  graph_data: z.array(graphRow),
  orders: z.array(
    z.strictObject({
      order_number: z.string(),
      total_amount: money,
      date: z.string(),
      status_name: z.string(),
      customer_name: z.string(),
      items_count: z.number().int(),
      items_sold: z.number().int(),
    }),
  ),
  statuses: z.array(named),
  totals,
});

export const adminCustomerAnswerSchema = z.strictObject({
  id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  photo: z.string().nullable(),
  orders_count: z.number().int(),
  loyalty_points: z.strictObject({ current_balance: z.number().int() }),
  created_at: z.string(),
});
export const adminCustomerDetailAnswerSchema = adminCustomerAnswerSchema.extend({ orders: z.array(orderAnswerSchema) });
export const adminCustomersAnswerSchema = pageAnswerSchema(adminCustomerAnswerSchema);
/** POST /internal/customers/order-counts on the orders service: orders per customer id. */
export const customerOrderCountsAnswerSchema = z.strictObject({ counts: z.record(z.string().regex(/^\d+$/), z.number().int()) });
export type CustomerOrderCountsResponse = z.infer<typeof customerOrderCountsAnswerSchema>;

export const staffMemberAnswerSchema = z.strictObject({
  id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});
export const staffCreatedAnswerSchema = z.strictObject({ message: z.string(), user: staffMemberAnswerSchema });

export type AdminAnswersAgreeWithTypes = [
  Agree<Same<z.infer<typeof adminProductAnswerSchema>, AdminProduct>>,
  Agree<Same<z.infer<typeof productOrderLineAnswerSchema>, ProductOrderLine>>,
  Agree<Same<z.infer<typeof adminProductDetailAnswerSchema>, AdminProductDetail>>,
  Agree<Same<z.infer<typeof adminCategoryAnswerSchema>, AdminCategory>>,
  Agree<Same<z.infer<typeof adminBrandAnswerSchema>, AdminBrand>>,
  Agree<Same<z.infer<typeof adminCategoryDetailAnswerSchema>, AdminCategoryDetail>>,
  Agree<Same<z.infer<typeof adminBrandDetailAnswerSchema>, AdminBrandDetail>>,
  Agree<Same<z.infer<typeof searchSynonymAnswerSchema>, SearchSynonym>>,
  Agree<Same<z.infer<typeof searchSynonymSavedAnswerSchema>, SearchSynonymSaved>>,
  Agree<Same<z.infer<typeof auditPageAnswerSchema>, Page<AuditEntry>>>,
  Agree<Same<z.infer<typeof adminCouponAnswerSchema>, AdminCoupon>>,
  Agree<Same<z.infer<typeof adminCouponDetailAnswerSchema>, AdminCouponDetail>>,
  Agree<Same<z.infer<typeof adminOrderAnswerSchema>, AdminOrder>>,
  Agree<Same<z.infer<typeof adminOrdersAnswerSchema>, AdminOrdersResponse>>,
  Agree<Same<z.infer<typeof refundDoneAnswerSchema>, RefundDoneResponse>>,
  Agree<Same<z.infer<typeof labelledSeriesAnswerSchema>, LabelledSeries>>,
  Agree<Same<z.infer<typeof colouredSeriesAnswerSchema>, ColouredSeries>>,
  Agree<Same<z.infer<typeof monthlySalesTotalAnswerSchema>, MonthlySalesTotal>>,
  Agree<Same<z.infer<typeof dashboardTodayAnswerSchema>, DashboardToday>>,
  Agree<Same<z.infer<typeof categoryReportAnswerSchema>, CategoryReport>>,
  Agree<Same<z.infer<typeof productReportAnswerSchema>, ProductReport>>,
  Agree<Same<z.infer<typeof revenueReportAnswerSchema>, RevenueReport>>,
  Agree<Same<z.infer<typeof orderReportAnswerSchema>, OrderReport>>,
  Agree<Same<z.infer<typeof adminCustomerAnswerSchema>, AdminCustomer>>,
  Agree<Same<z.infer<typeof adminCustomerDetailAnswerSchema>, AdminCustomerDetail>>,
  Agree<Same<z.infer<typeof adminCustomersAnswerSchema>, Page<AdminCustomer>>>,
  Agree<Same<z.infer<typeof staffMemberAnswerSchema>, StaffMember>>,
];
