import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetShopState } from '@shop/store-kit/testing';
import { chatServer, FORTIFIED, line, MAIZE, OIL, renderChatPage, storeCart } from '../testFixtures';

afterEach(() => {
  resetShopState();
  sessionStorage.clear();
});

describe('ChatPage (/chat)', () => {
  it("is the shopping assistant's page: its title and description, and 'Hello' to start", async () => {
    const calls = chatServer();
    renderChatPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Assistant' })).toBeTruthy();
    await screen.findByText('Hello! I am your shopping assistant. What would you like to buy today?');
    expect(calls.map((call) => call.body.message)).toEqual(['Hello']);
    expect(document.title).toBe('Shopping Assistant | Shwari Shop');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/shopping assistant/i);
  });

  it('shows the cart beside the conversation, following the chat: add two products and check out from it', async () => {
    storeCart([line(OIL, 1)]);
    const calls = chatServer();
    renderChatPage();
    const cart = within(screen.getByRole('complementary', { name: 'Your cart' }));
    expect(cart.getByRole('heading', { level: 2, name: 'Your cart (1)' })).toBeTruthy();
    await screen.findByText(/What would you like to buy today/);

    fireEvent.change(screen.getByRole('textbox', { name: 'Message the shopping assistant' }), { target: { value: 'maize flour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(await screen.findByRole('button', { name: `Add to cart: ${MAIZE.name}` }));
    await screen.findByText(`${MAIZE.name} added to your cart.`);
    fireEvent.click(screen.getByRole('button', { name: `Add to cart: ${FORTIFIED.name}` }));
    await screen.findByText(`${FORTIFIED.name} added to your cart.`);
    expect(cart.getByRole('heading', { name: 'Your cart (3)' })).toBeTruthy();
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    expect(cart.getAllByTestId('chat-cart-line').map((item) => item.querySelector('span')?.textContent)).toEqual([
      OIL.name,
      MAIZE.name,
      FORTIFIED.name,
    ]);

    fireEvent.click(cart.getByRole('button', { name: 'Checkout' }));
    await screen.findByRole('combobox', { name: 'County' });
    expect(calls.map((call) => call.body.message)).toEqual([
      'Hello',
      'maize flour',
      `Add ${MAIZE.name} to cart`,
      `Add ${FORTIFIED.name} to cart`,
      'Checkout',
    ]);
    await waitFor(() => expect(cart.getByTestId('chat-cart-subtotal').textContent).toBe('KSh 1,710.00'));
    expect(cart.getByText('Minimum order amount is 1930')).toBeTruthy();
  });
});
