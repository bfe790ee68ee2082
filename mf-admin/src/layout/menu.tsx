import type { MenuProps } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  DeploymentUnitOutlined,
  DashboardOutlined,
  GiftOutlined,
  LogoutOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router-dom';

type MenuItem = Required<MenuProps>['items'][number];

const link = (to: string, label: string): MenuItem => ({ key: to, label: <Link to={to}>{label}</Link> });

export const LOG_OUT_KEY = 'log-out';
export const MENU_GROUPS = ['products-group', 'reports-group'];

/** The sidebar exactly as the spec groups it (admin spec section 2). */
export const menuItems: MenuItem[] = [
  { key: '/admin/dashboard', icon: <DashboardOutlined />, label: <Link to="/admin/dashboard">Dashboard</Link> },
  {
    key: 'products-group',
    icon: <AppstoreOutlined />,
    label: 'Products',
    children: [
      link('/admin/categories', 'Categories'),
      link('/admin/products', 'Products'),
      link('/admin/brands', 'Brands'),
      // Not in the spec's menu: the words in Swahili and the misspellings the shop's search understands.
      link('/admin/synonyms', 'Search synonyms'),
    ],
  },
  { key: '/admin/coupons', icon: <GiftOutlined />, label: <Link to="/admin/coupons">Coupons</Link> },
  { key: '/admin/orders', icon: <ShoppingCartOutlined />, label: <Link to="/admin/orders">Orders</Link> },
  { key: '/admin/customers', icon: <UserOutlined />, label: <Link to="/admin/customers">Customers</Link> },
  {
    key: 'reports-group',
    icon: <BarChartOutlined />,
    label: 'Reports',
    children: [
      link('/admin/reports/category', 'Category'),
      link('/admin/reports/products', 'Products'),
      link('/admin/reports/orders', 'Orders'),
      link('/admin/reports/revenue', 'Revenue'),
    ],
  },
  { key: '/admin/settings', icon: <SettingOutlined />, label: <Link to="/admin/settings">Settings</Link> },
  { key: '/admin/users', icon: <TeamOutlined />, label: <Link to="/admin/users">Administration</Link> },
  { key: '/admin/audit', icon: <AuditOutlined />, label: <Link to="/admin/audit">Audit log</Link> },
  // Not in the spec's menu: which release of each area is live, and whether it answers.
  { key: '/admin/versions', icon: <DeploymentUnitOutlined />, label: <Link to="/admin/versions">Versions</Link> },
  { key: LOG_OUT_KEY, icon: <LogoutOutlined />, label: 'Log Out', danger: true },
];
