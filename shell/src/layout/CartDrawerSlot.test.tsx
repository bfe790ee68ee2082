import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { cartDrawerToggled, createShopStore } from '@shop/store-kit';
import { resetShopState } from '@shop/store-kit/testing';
import { registerConfiguredRemotes } from '../federation/remotes';
import { CartDrawerSlot } from './CartDrawerSlot';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

afterEach(() => resetShopState());

it('fetches the cart drawer only when the shopper first opens the cart, then keeps it', async () => {
  jest.mocked(loadRemote).mockResolvedValue({ default: () => <aside>Shopping Cart (0)</aside> });
  jest
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify({ remotes: [{ name: 'mf_checkout', entry: '/remotes/mf-checkout/mf-manifest.json' }] })),
    );
  await registerConfiguredRemotes();
  const store = createShopStore();
  render(
    <Provider store={store}>
      <CartDrawerSlot />
    </Provider>,
  );
  expect(loadRemote).not.toHaveBeenCalled();
  act(() => {
    store.dispatch(cartDrawerToggled(true));
  });
  expect(await screen.findByText('Shopping Cart (0)')).toBeTruthy();
  expect(loadRemote).toHaveBeenCalledWith('mf_checkout/CartDrawer');
  act(() => {
    store.dispatch(cartDrawerToggled(false));
  });
  expect(screen.getByText('Shopping Cart (0)')).toBeTruthy();
});
