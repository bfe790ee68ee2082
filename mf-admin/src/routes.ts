import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';

export interface Crumb {
  title: string;
  to?: string;
}

/** Route metadata: one entry per back-office page; the title feeds the header and document.title. */
export interface AdminRoute {
  /** Full path pattern, e.g. /admin/product/:id */
  pattern: string;
  title: string;
  /** Breadcrumb trail after Dashboard (the page itself comes last, without a link). */
  trail?: Crumb[];
  /** The sidebar entry to highlight. */
  menuKey: string;
  page: LazyExoticComponent<ComponentType>;
}

// One lazy chunk per page: the login page never downloads the charts or the editor.
const Dashboard = lazy(() => import(/* webpackChunkName: "admin-dashboard" */ './dashboard/DashboardPage'));
const Categories = lazy(() => import(/* webpackChunkName: "admin-categories" */ './catalog/CategoriesPage'));
const Category = lazy(() => import(/* webpackChunkName: "admin-category" */ './catalog/CategoryPage'));
const Brands = lazy(() => import(/* webpackChunkName: "admin-brands" */ './catalog/BrandsPage'));
const Brand = lazy(() => import(/* webpackChunkName: "admin-brand" */ './catalog/BrandPage'));
const Synonyms = lazy(() => import(/* webpackChunkName: "admin-synonyms" */ './catalog/SynonymsPage'));
const Products = lazy(() => import(/* webpackChunkName: "admin-products" */ './products/ProductsPage'));
const Product = lazy(() => import(/* webpackChunkName: "admin-product" */ './products/ProductPage'));
const Orders = lazy(() => import(/* webpackChunkName: "admin-orders" */ './orders/OrdersPage'));
const Order = lazy(() => import(/* webpackChunkName: "admin-order" */ './orders/OrderPage'));
const Customers = lazy(() => import(/* webpackChunkName: "admin-customers" */ './customers/CustomersPage'));
const Customer = lazy(() => import(/* webpackChunkName: "admin-customer" */ './customers/CustomerPage'));
const Staff = lazy(() => import(/* webpackChunkName: "admin-staff" */ './staff/StaffPage'));
const Settings = lazy(() => import(/* webpackChunkName: "admin-settings" */ './settings/SettingsPage'));
const Audit = lazy(() => import(/* webpackChunkName: "admin-audit" */ './audit/AuditPage'));
const CategoryReport = lazy(() => import(/* webpackChunkName: "admin-report-category" */ './reports/CategoryReportPage'));
const ProductReport = lazy(() => import(/* webpackChunkName: "admin-report-products" */ './reports/ProductReportPage'));
const OrderReport = lazy(() => import(/* webpackChunkName: "admin-report-orders" */ './reports/OrderReportPage'));
const RevenueReport = lazy(() => import(/* webpackChunkName: "admin-report-revenue" */ './reports/RevenueReportPage'));
const Coupons = lazy(() => import(/* webpackChunkName: "admin-coupons" */ './coupons/CouponsPage'));
const Coupon = lazy(() => import(/* webpackChunkName: "admin-coupon" */ './coupons/CouponPage'));
const Versions = lazy(() => import(/* webpackChunkName: "admin-versions" */ './versions/VersionsPage'));
export const NotFoundPage = lazy(() => import(/* webpackChunkName: "admin-not-found" */ './common/NotFoundPage'));

const reports: Crumb = { title: 'Reports' };

export const ADMIN_ROUTES: AdminRoute[] = [
  { pattern: '/admin/dashboard', title: 'Dashboard', menuKey: '/admin/dashboard', page: Dashboard },
  { pattern: '/admin/categories', title: 'Categories', menuKey: '/admin/categories', page: Categories },
  {
    pattern: '/admin/category/:id',
    title: 'Category',
    trail: [{ title: 'Categories', to: '/admin/categories' }],
    menuKey: '/admin/categories',
    page: Category,
  },
  { pattern: '/admin/brands', title: 'Brands', menuKey: '/admin/brands', page: Brands },
  { pattern: '/admin/brand/:id', title: 'Brand', trail: [{ title: 'Brands', to: '/admin/brands' }], menuKey: '/admin/brands', page: Brand },
  { pattern: '/admin/products', title: 'Products', menuKey: '/admin/products', page: Products },
  { pattern: '/admin/synonyms', title: 'Search Synonyms', menuKey: '/admin/synonyms', page: Synonyms },
  {
    pattern: '/admin/product/:id',
    title: 'Product',
    trail: [{ title: 'Products', to: '/admin/products' }],
    menuKey: '/admin/products',
    page: Product,
  },
  { pattern: '/admin/orders', title: 'Orders', menuKey: '/admin/orders', page: Orders },
  {
    pattern: '/admin/orders/:id',
    title: 'Order',
    trail: [{ title: 'Orders', to: '/admin/orders' }],
    menuKey: '/admin/orders',
    page: Order,
  },
  { pattern: '/admin/customers', title: 'Customers', menuKey: '/admin/customers', page: Customers },
  {
    pattern: '/admin/customer/:id',
    title: 'Customer',
    trail: [{ title: 'Customers', to: '/admin/customers' }],
    menuKey: '/admin/customers',
    page: Customer,
  },
  { pattern: '/admin/users', title: 'Administration', menuKey: '/admin/users', page: Staff },
  { pattern: '/admin/settings', title: 'Settings', menuKey: '/admin/settings', page: Settings },
  { pattern: '/admin/audit', title: 'Audit Log', menuKey: '/admin/audit', page: Audit },
  { pattern: '/admin/versions', title: 'Versions', menuKey: '/admin/versions', page: Versions },
  {
    pattern: '/admin/reports/category',
    title: 'Category Report',
    trail: [reports],
    menuKey: '/admin/reports/category',
    page: CategoryReport,
  },
  {
    pattern: '/admin/reports/products',
    title: 'Product Report',
    trail: [reports],
    menuKey: '/admin/reports/products',
    page: ProductReport,
  },
  { pattern: '/admin/reports/orders', title: 'Order Report', trail: [reports], menuKey: '/admin/reports/orders', page: OrderReport },
  { pattern: '/admin/reports/revenue', title: 'Revenue Report', trail: [reports], menuKey: '/admin/reports/revenue', page: RevenueReport },
  { pattern: '/admin/coupons', title: 'Coupons', menuKey: '/admin/coupons', page: Coupons },
  {
    pattern: '/admin/coupons/:id',
    title: 'Coupon',
    trail: [{ title: 'Coupons', to: '/admin/coupons' }],
    menuKey: '/admin/coupons',
    page: Coupon,
  },
];

export const NOT_FOUND_ROUTE: AdminRoute = { pattern: '*', title: 'NotFound', menuKey: '', page: NotFoundPage };

/** The route a full path belongs to (NotFound for anything else). */
export function routeFor(pathname: string): AdminRoute {
  return ADMIN_ROUTES.find((route) => matchPath(route.pattern, pathname)) ?? NOT_FOUND_ROUTE;
}

/** The path inside the admin app's own <Routes> (they are relative to /admin). */
export const relativePath = (pattern: string): string => pattern.replace(/^\/admin\//, '');
