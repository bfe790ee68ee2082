import { lazy, Suspense } from 'react';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminStoreProvider } from './api/adminStore';
import { RequireAdmin } from './layout/RequireAdmin';
import { ADMIN_ROUTES, NotFoundPage, relativePath } from './routes';
import { ADMIN_ICON_PREFIX, ADMIN_PREFIX, adminLocale, adminTheme } from './theme';

// The expose itself holds only the providers and the route table; the login page, the layout
// (menu, header search) and each page are chunks of their own.
const LoginPage = lazy(() => import(/* webpackChunkName: "admin-login" */ './auth/LoginPage'));
const AdminLayout = lazy(() => import(/* webpackChunkName: "admin-layout" */ './layout/AdminLayout'));

const pageLoading = (
  <div role="status" aria-label="Loading" style={{ display: 'flex', justifyContent: 'center', padding: 64 }}>
    <Spin size="large" />
  </div>
);

/**
 * The whole back office, mounted by the shell at /admin/* outside the storefront layout. antd lives
 * only here, under its own ConfigProvider and class prefix, so its styles never reach the shop.
 */
export default function AdminApp(): JSX.Element {
  return (
    <AdminStoreProvider>
      <ConfigProvider prefixCls={ADMIN_PREFIX} iconPrefixCls={ADMIN_ICON_PREFIX} theme={adminTheme} locale={adminLocale}>
        <AntApp className="shop-admin-root" message={{ maxCount: 5 }}>
          <Routes>
            <Route
              path="login"
              element={
                <Suspense fallback={pageLoading}>
                  <LoginPage />
                </Suspense>
              }
            />
            <Route
              element={
                <RequireAdmin>
                  <Suspense fallback={pageLoading}>
                    <AdminLayout />
                  </Suspense>
                </RequireAdmin>
              }
            >
              <Route index element={<Navigate to="/admin/dashboard" replace />} />
              {ADMIN_ROUTES.map(({ pattern, page: Page }) => (
                <Route key={pattern} path={relativePath(pattern)} element={<Page />} />
              ))}
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </AntApp>
      </ConfigProvider>
    </AdminStoreProvider>
  );
}
