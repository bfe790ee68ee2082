import { createApi } from '@reduxjs/toolkit/query/react';
import {
  ADMIN_PAGE_SIZE,
  type AdminBrand,
  type AdminBrandDetail,
  type AdminCategory,
  type AdminCategoryDetail,
  type AdminCoupon,
  type AdminCouponDetail,
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminOrder,
  type AdminOrdersResponse,
  type AdminProduct,
  type AdminProductDetail,
  type AdminProductSort,
  type AuditEntry,
  type CategoryReport,
  type ColouredSeries,
  type CouponFormBody,
  type DashboardToday,
  type LabelledSeries,
  type AdminSessionResponse,
  type AdminVersionsResponse,
  type MessageResponse,
  type MonthlySalesTotal,
  type OrderReport,
  type OrderStatus,
  type OrderStatusChangeBody,
  type Page,
  type ProductReport,
  type RefundDoneResponse,
  type RevenueReport,
  type SearchSynonym,
  type SearchSynonymSaved,
  type Sku,
  type StaffMember,
} from '@shop/api-types';
import { adminBaseQuery } from './baseQuery';

export interface AdminLoginBody {
  email: string;
  password: string;
  remember: boolean;
}

export interface ProductListArgs {
  q?: string;
  sort?: AdminProductSort;
  brand_id?: number;
  /** Also list archived products (the list hides them by default). */
  archived?: boolean;
}

export interface OrderListArgs {
  page: number;
  per_page?: number;
  status_ids?: number[];
  from?: string;
  to?: string;
  q?: string;
}

export interface CustomerListArgs {
  page: number;
  per_page?: number;
  q?: string;
}

/** Report filters as the query string carries them (admin.ts): ids comma-separated, empty = all. */
export interface ReportArgs {
  daterange: string;
  category_ids?: number[];
  brand_ids?: number[];
  status_ids?: number[];
}

export interface CategoryBody {
  name: string;
}

/** A search synonym as the form sends it: the terms one text, comma-separated (the server splits them). */
export interface SynonymBody {
  phrase: string;
  terms: string;
}

export interface BrandBody {
  name: string;
  company: string;
  color: string;
}

export interface StaffBody {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

/** The three services that keep an audit log of staff changes (GET /api/admin/audit/{area}). */
export const AUDIT_AREAS = ['catalog', 'customers', 'orders'] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

type Tag = 'Product' | 'Category' | 'Brand' | 'Synonym' | 'Coupon' | 'Order' | 'Customer' | 'Staff' | 'Audit' | 'Report' | 'Dashboard';
/** Reload what a save touched only when it succeeded (RTK Query would also invalidate on a 422). */
const onSuccess =
  (...tags: Tag[]) =>
  (_result: unknown, error: unknown): Tag[] =>
    error ? [] : tags;

const ids = (list?: number[]): string | undefined => (list && list.length ? list.join(',') : undefined);

/** Query parameters without the empty ones, so "no filter" never sends `brand_id=`. */
export function cleanParams(params: Record<string, string | number | boolean | undefined>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || value === false) continue;
    out[key] = value === true ? 1 : value;
  }
  return out;
}

export const reportParams = (args: ReportArgs) =>
  cleanParams({
    daterange: args.daterange,
    category_ids: ids(args.category_ids),
    brand_ids: ids(args.brand_ids),
    status_ids: ids(args.status_ids),
  });

export const orderListParams = (args: Omit<OrderListArgs, 'page'> & { page?: number }) =>
  cleanParams({
    page: args.page,
    per_page: args.per_page,
    status_ids: ids(args.status_ids),
    from: args.from,
    to: args.to,
    q: args.q?.trim(),
  });

/** A list the server answers as an array (the spec's "list of ..."), tolerant of a `{data: []}` envelope. */
function asList<T>(response: unknown): T[] {
  if (Array.isArray(response)) return response as T[];
  const data = (response as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

/**
 * The back office's own RTK Query api: reducerPath 'adminApi', the staff session cookie, and its own
 * 401/403 handling, so it never touches the shopper's session or cache. Injected into the shell's
 * store by AdminStoreProvider (rootReducer.inject plus a scoped middleware, see adminStore.tsx).
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: adminBaseQuery,
  tagTypes: ['Product', 'Category', 'Brand', 'Synonym', 'Coupon', 'Order', 'Customer', 'Staff', 'Audit', 'Report', 'Dashboard', 'Versions'],
  // Back-office data changes under other staff's hands: refetch a screen when it is opened again.
  refetchOnMountOrArgChange: 30,
  endpoints: (build) => ({
    login: build.mutation<AdminSessionResponse, AdminLoginBody>({ query: (body) => ({ url: 'admin/session', method: 'POST', body }) }),
    logout: build.mutation<MessageResponse, void>({ query: () => ({ url: 'admin/logout', method: 'POST' }) }),

    // Dashboard.
    depotReport: build.query<ColouredSeries, void>({ query: () => 'admin/dashboard/depot', providesTags: ['Dashboard'] }),
    statusReport: build.query<ColouredSeries, void>({ query: () => 'admin/dashboard/statusReport', providesTags: ['Dashboard'] }),
    revenueChart: build.query<LabelledSeries, void>({ query: () => 'admin/dashboard/revenueChart', providesTags: ['Dashboard'] }),
    monthlySalesTotal: build.query<MonthlySalesTotal, void>({
      query: () => 'admin/dashboard/monthlySalesTotal',
      providesTags: ['Dashboard'],
    }),
    today: build.query<DashboardToday, void>({ query: () => 'admin/dashboard/today', providesTags: ['Dashboard'] }),

    // Reports.
    categoryReport: build.query<CategoryReport, ReportArgs>({
      query: (args) => ({ url: 'admin/dashboard/category_report', params: reportParams(args) }),
      providesTags: ['Report'],
    }),
    productReport: build.query<ProductReport, ReportArgs>({
      query: (args) => ({ url: 'admin/dashboard/product_report', params: reportParams(args) }),
      providesTags: ['Report'],
    }),
    revenueReport: build.query<RevenueReport, ReportArgs>({
      query: (args) => ({ url: 'admin/dashboard/revenue_report', params: reportParams(args) }),
      providesTags: ['Report'],
    }),
    orderReport: build.query<OrderReport, ReportArgs>({
      query: (args) => ({ url: 'admin/dashboard/order_report', params: reportParams(args) }),
      providesTags: ['Report'],
    }),

    // Products.
    products: build.query<AdminProduct[], ProductListArgs>({
      query: ({ q, sort, brand_id, archived }) => ({
        url: 'admin/products',
        params: cleanParams({ q: q?.trim(), sort: sort === 'default' ? undefined : sort, brand_id, archived }),
      }),
      transformResponse: (response: unknown) => asList<AdminProduct>(response),
      providesTags: ['Product'],
    }),
    product: build.query<AdminProductDetail, number>({
      query: (id) => `admin/products/view/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    saveProduct: build.mutation<MessageResponse, { id?: number; form: FormData }>({
      query: ({ id, form }) => ({ url: id ? `admin/products/update/${id}` : 'admin/products/store', method: 'POST', body: form }),
      invalidatesTags: onSuccess('Product', 'Category', 'Brand'),
    }),
    archiveProduct: build.mutation<MessageResponse, { id: number; restore?: boolean }>({
      query: ({ id, restore }) => ({ url: `admin/products/${restore ? 'restore' : 'archive'}/${id}`, method: 'POST' }),
      invalidatesTags: onSuccess('Product', 'Category', 'Brand'),
    }),
    skus: build.query<Sku[], void>({ query: () => 'site/skus', transformResponse: (response: unknown) => asList<Sku>(response) }),

    // Categories and brands.
    categories: build.query<AdminCategory[], void>({
      query: () => 'admin/categories',
      transformResponse: (response: unknown) => asList<AdminCategory>(response),
      providesTags: ['Category'],
    }),
    category: build.query<AdminCategoryDetail, number>({ query: (id) => `admin/categories/view/${id}`, providesTags: ['Category'] }),
    saveCategory: build.mutation<MessageResponse, { id?: number; body: CategoryBody }>({
      query: ({ id, body }) => ({ url: id ? `admin/categories/update/${id}` : 'admin/categories/store', method: 'POST', body }),
      invalidatesTags: onSuccess('Category', 'Product'),
    }),
    archiveCategory: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `admin/categories/archive/${id}`, method: 'POST' }),
      invalidatesTags: onSuccess('Category', 'Product'),
    }),
    brands: build.query<AdminBrand[], void>({
      query: () => 'admin/brands',
      transformResponse: (response: unknown) => asList<AdminBrand>(response),
      providesTags: ['Brand'],
    }),
    brand: build.query<AdminBrandDetail, number>({ query: (id) => `admin/brands/view/${id}`, providesTags: ['Brand'] }),
    saveBrand: build.mutation<MessageResponse, { id?: number; body: BrandBody }>({
      query: ({ id, body }) => ({ url: id ? `admin/brands/update/${id}` : 'admin/brands/store', method: 'POST', body }),
      invalidatesTags: onSuccess('Brand', 'Product'),
    }),
    archiveBrand: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `admin/brands/archive/${id}`, method: 'POST' }),
      invalidatesTags: onSuccess('Brand', 'Product'),
    }),

    // Search synonyms (the catalog service's table: Swahili words and misspellings the searches understand).
    synonyms: build.query<SearchSynonym[], void>({
      query: () => 'admin/products/synonyms',
      transformResponse: (response: unknown) => asList<SearchSynonym>(response),
      providesTags: ['Synonym'],
    }),
    saveSynonym: build.mutation<SearchSynonymSaved, { id?: number; body: SynonymBody }>({
      query: ({ id, body }) => ({
        url: id ? `admin/products/synonyms/update/${id}` : 'admin/products/synonyms/store',
        method: 'POST',
        body,
      }),
      invalidatesTags: onSuccess('Synonym', 'Audit'),
    }),
    deleteSynonym: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `admin/products/synonyms/delete/${id}`, method: 'POST' }),
      invalidatesTags: onSuccess('Synonym', 'Audit'),
    }),

    // Coupons.
    coupons: build.query<AdminCoupon[], void>({
      query: () => 'admin/coupons',
      transformResponse: (response: unknown) => asList<AdminCoupon>(response),
      providesTags: ['Coupon'],
    }),
    coupon: build.query<AdminCouponDetail, number>({ query: (id) => `admin/coupons/view/${id}`, providesTags: ['Coupon'] }),
    saveCoupon: build.mutation<MessageResponse, { id?: number; body: CouponFormBody }>({
      query: ({ id, body }) => ({ url: id ? `admin/coupons/update/${id}` : 'admin/coupons/store', method: 'POST', body }),
      invalidatesTags: onSuccess('Coupon'),
    }),

    // Orders.
    orders: build.query<AdminOrdersResponse, OrderListArgs>({
      query: (args) => ({ url: 'admin/orders', params: orderListParams({ per_page: ADMIN_PAGE_SIZE, ...args }) }),
      providesTags: ['Order'],
    }),
    order: build.query<{ order: AdminOrder }, number>({
      query: (id) => `admin/orders/${id}`,
      // The spec answers {order}; a bare order is taken as well.
      transformResponse: (response: { order?: AdminOrder } | AdminOrder) =>
        'order' in response && response.order ? { order: response.order } : { order: response as AdminOrder },
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
    orderStatuses: build.query<OrderStatus[], void>({
      query: () => 'admin/order-statuses',
      transformResponse: (response: unknown) =>
        Array.isArray(response)
          ? (response as OrderStatus[])
          : asList<OrderStatus>((response as { statuses?: unknown })?.statuses ?? response),
    }),
    changeOrderStatus: build.mutation<unknown, { id: number; body: OrderStatusChangeBody }>({
      query: ({ id, body }) => ({ url: `admin/orders/${id}/status`, method: 'POST', body }),
      invalidatesTags: onSuccess('Order', 'Dashboard', 'Report', 'Customer'),
    }),
    markRefundMade: build.mutation<RefundDoneResponse, number>({
      query: (id) => ({ url: `admin/orders/${id}/refund-done`, method: 'POST' }),
      invalidatesTags: onSuccess('Order', 'Audit'),
    }),

    // Customers.
    customers: build.query<Page<AdminCustomer>, CustomerListArgs>({
      query: ({ page, per_page = ADMIN_PAGE_SIZE, q }) => ({
        url: 'admin/customers',
        params: cleanParams({ page, per_page, q: q?.trim() }),
      }),
      providesTags: ['Customer'],
    }),
    customer: build.query<AdminCustomerDetail, number>({ query: (id) => `admin/customers/view/${id}`, providesTags: ['Customer'] }),

    // Staff and audit.
    staff: build.query<StaffMember[], void>({
      query: () => 'admin/users',
      transformResponse: (response: unknown) => asList<StaffMember>(response),
      providesTags: ['Staff'],
    }),
    addStaff: build.mutation<MessageResponse, StaffBody>({
      query: (body) => ({ url: 'admin/users', method: 'POST', body }),
      invalidatesTags: onSuccess('Staff', 'Audit'),
    }),
    deactivateStaff: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `admin/users/${id}/deactivate`, method: 'POST' }),
      invalidatesTags: onSuccess('Staff', 'Audit'),
    }),
    // Asked anew each time the page opens or staff press Check again: it is about what is live now.
    versions: build.query<AdminVersionsResponse, void>({ query: () => 'admin/versions', keepUnusedDataFor: 0, providesTags: ['Versions'] }),
    audit: build.query<Page<AuditEntry>, { area: AuditArea; page: number }>({
      query: ({ area, page }) => ({ url: `admin/audit/${area}`, params: { page } }),
      providesTags: ['Audit'],
    }),
  }),
});

export const {
  useVersionsQuery,
  useLoginMutation,
  useLogoutMutation,
  useDepotReportQuery,
  useStatusReportQuery,
  useRevenueChartQuery,
  useMonthlySalesTotalQuery,
  useTodayQuery,
  useCategoryReportQuery,
  useProductReportQuery,
  useRevenueReportQuery,
  useOrderReportQuery,
  useProductsQuery,
  useProductQuery,
  useSaveProductMutation,
  useArchiveProductMutation,
  useSkusQuery,
  useCategoriesQuery,
  useCategoryQuery,
  useSaveCategoryMutation,
  useArchiveCategoryMutation,
  useBrandsQuery,
  useBrandQuery,
  useSaveBrandMutation,
  useArchiveBrandMutation,
  useSynonymsQuery,
  useSaveSynonymMutation,
  useDeleteSynonymMutation,
  useCouponsQuery,
  useCouponQuery,
  useSaveCouponMutation,
  useOrdersQuery,
  useOrderQuery,
  useOrderStatusesQuery,
  useChangeOrderStatusMutation,
  useMarkRefundMadeMutation,
  useCustomersQuery,
  useCustomerQuery,
  useStaffQuery,
  useAddStaffMutation,
  useDeactivateStaffMutation,
  useAuditQuery,
  useLazyProductsQuery,
  useLazyOrdersQuery,
  useLazyCustomersQuery,
} = adminApi;
