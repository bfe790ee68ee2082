import { Navigate, Route, Routes } from 'react-router-dom';
import { selectIsSignedIn, useAppSelector } from '@shop/store-kit';
import { NotFound } from '@shop/storefront-ui';
import { AddressesPage } from '../addresses/AddressesPage';
import { OrderPage } from '../orders/OrderPage';
import { OrdersPage } from '../orders/OrdersPage';
import { PointsPage } from '../points/PointsPage';
import { MyAccountPage } from './MyAccountPage';
import { ProfileLayout } from './ProfileLayout';

/**
 * Everything under /profile/*. Signed-out visitors, and customers whose token the server
 * refused (a 401 signs them out), are sent to /login.
 */
export default function ProfileArea(): JSX.Element {
  const signedIn = useAppSelector(selectIsSignedIn);
  if (!signedIn) return <Navigate to="/login" replace />;
  return (
    <Routes>
      <Route element={<ProfileLayout />}>
        <Route index element={<Navigate to="my-account" replace />} />
        <Route path="my-account" element={<MyAccountPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="order/:orderNumber" element={<OrderPage />} />
        <Route path="addresses" element={<AddressesPage />} />
        <Route path="points" element={<PointsPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
