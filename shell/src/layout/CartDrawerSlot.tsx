import { useEffect, useState } from 'react';
import { selectCartOpen, useAppSelector } from '@shop/store-kit';
import { isRemoteConfigured } from '../federation/remotes';
import { RemoteArea } from '../federation/RemoteArea';

export const CART_DRAWER_REMOTE = 'mf_checkout';

/**
 * Where the checkout area's cart drawer mounts. The remote is fetched the first time a shopper
 * opens the cart, not on the first page load (it is not needed for the first screen), and stays
 * mounted after that so it opens instantly.
 */
export function CartDrawerSlot(): JSX.Element | null {
  const open = useAppSelector(selectCartOpen);
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted || !isRemoteConfigured(CART_DRAWER_REMOTE)) return null;
  return <RemoteArea remote={CART_DRAWER_REMOTE} module="CartDrawer" area="cart" fallback={null} />;
}
