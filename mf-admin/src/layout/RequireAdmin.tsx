import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAdminSelector } from '../api/hooks';
import { selectAdminToken } from '../session/adminSession';

/** Pages only need a stored admin token; without one (never had, logged out, 401/403) it is the login page. */
export function RequireAdmin({ children }: { children: ReactNode }): JSX.Element {
  const token = useAdminSelector(selectAdminToken);
  const location = useLocation();
  if (!token) return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
