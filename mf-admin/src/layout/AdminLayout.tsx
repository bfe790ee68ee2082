import { Suspense, useState } from 'react';
import { Breadcrumb, Flex, Grid, Layout, Menu, Space, Tag, Typography, Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { adminApi, useLogoutMutation } from '../api/adminApi';
import { useAdminDispatch, useAdminSelector } from '../api/hooks';
import { selectAdminName, signOutAdmin } from '../session/adminSession';
import { routeFor } from '../routes';
import { useAdminMeta } from '../common/meta';
import { Loading } from '../common/states';
import { LOG_OUT_KEY, MENU_GROUPS, menuItems } from './menu';
import { AdminSearch } from './AdminSearch';

const { Sider, Header, Content } = Layout;

/** Sidebar, header (title, search, staff name, Admin label), breadcrumbs and the page. */
export function AdminLayout(): JSX.Element {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAdminDispatch();
  const name = useAdminSelector(selectAdminName);
  const [logout] = useLogoutMutation();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(false);
  const route = routeFor(location.pathname);
  useAdminMeta(route.title);

  const logOut = async (): Promise<void> => {
    try {
      await logout().unwrap();
    } catch {
      // The token may already be gone server-side: signing out here is what matters.
    }
    dispatch(signOutAdmin());
    dispatch(adminApi.util.resetApiState());
    navigate('/admin/login', { replace: true });
  };

  const crumbs = [
    { key: 'dashboard', title: route.pattern === '/admin/dashboard' ? 'Dashboard' : <Link to="/admin/dashboard">Dashboard</Link> },
    ...(route.trail ?? []).map((crumb) => ({ key: crumb.title, title: crumb.to ? <Link to={crumb.to}>{crumb.title}</Link> : crumb.title })),
    ...(route.pattern === '/admin/dashboard' ? [] : [{ key: 'page', title: route.title }]),
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider
        width={232}
        breakpoint="lg"
        collapsedWidth={screens.md === false ? 0 : 64}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        theme="light"
        aria-label="Back office menu"
        style={{ borderRight: '1px solid #f0f0f0' }}
      >
        <Flex align="center" justify="center" style={{ height: 64, fontWeight: 700, color: '#1f6f3a' }}>
          {collapsed ? 'S' : 'Shwari Back Office'}
        </Flex>
        <nav aria-label="Back office">
          <Menu
            mode="inline"
            selectedKeys={[route.menuKey]}
            defaultOpenKeys={MENU_GROUPS}
            items={menuItems}
            onClick={({ key }) => {
              if (key === LOG_OUT_KEY) void logOut();
              else if (screens.md === false) setCollapsed(true);
            }}
          />
        </nav>
      </Sider>
      <Layout>
        <Header style={{ display: 'flex', alignItems: 'center', gap: 16, borderBottom: '1px solid #f0f0f0', flexWrap: 'nowrap' }}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 20, whiteSpace: 'nowrap' }}>
            {route.title}
          </Typography.Title>
          <div style={{ flex: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
            <AdminSearch />
          </div>
          <Space size="small" style={{ whiteSpace: 'nowrap' }} aria-label="Signed in as">
            <Avatar size="small" icon={<UserOutlined />} />
            {screens.sm !== false && <Typography.Text strong>{name}</Typography.Text>}
            <Tag color="green">Admin</Tag>
          </Space>
        </Header>
        <Content style={{ padding: screens.md === false ? 12 : 24 }}>
          <Breadcrumb items={crumbs} style={{ marginBottom: 16 }} />
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Content>
      </Layout>
    </Layout>
  );
}

export default AdminLayout;
