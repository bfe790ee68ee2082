import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAdminSelector } from '../api/hooks';
import { selectAdminSignedIn } from '../session/adminSession';

/** Pages only need a signed-in staff session; without one (never had, logged out, 401/403) it is the login page. */
export function RequireAdmin({ children }: { children: ReactNode }): JSX.Element {
  const signedIn = useAdminSelector(selectAdminSignedIn);
  const location = useLocation();
  if (!signedIn) return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
