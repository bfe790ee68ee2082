import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  CHAT_ADDRESS_MESSAGE,
  CHAT_ERROR_MESSAGE,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_TERMS_AGREE_MESSAGE,
  type ChatRequestBody,
} from '@shop/api-types';
import { addToCart, SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@shop/store-kit';
import { offContract, resetShopState, respond } from '@shop/store-kit/testing';
import {
  assistant,
  chatServer,
  FORTIFIED,
  line,
  MAIZE,
  MOMBASA,
  NYALI,
  OIL,
  ORDER_ID,
  ORDER_NUMBER,
  ORDER_PAYMENT_KEY,
  PAYMENT_URL,
  PROFILE,
  renderWidget,
  reply,
  storeCart,
  storeSession,
} from '../testFixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const GREETING = 'Hello! I am your shopping assistant. What would you like to buy today?';

beforeEach(() => {
  // The failed-call tests log the failure on purpose.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  resetShopState();
  sessionStorage.clear();
});

const widget = () => screen.getByRole('region', { name: 'Shopping Assistant' });
const messageBox = () => screen.getByRole('textbox', { name: 'Message the shopping assistant' });
const assistantSays = (text: string | RegExp) => within(screen.getByRole('log', { name: 'Conversation' })).findByText(text);

async function type(text: string): Promise<void> {
  fireEvent.change(messageBox(), { target: { value: text } });
  fireEvent.submit(messageBox().closest('form')!);
}

async function greeted(): Promise<void> {
  await assistantSays(GREETING);
}

describe('ChatWidget', () => {
  it("is titled as a shopping assistant, starts a conversation with a session id and 'Hello', and shows the greeting", async () => {
    const calls = chatServer();
    renderWidget();
    expect(within(widget()).getByRole('heading', { name: 'Shopping Assistant' })).toBeTruthy();
    await greeted();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ message: 'Hello', frontend_cart: [], session_id: expect.stringMatching(UUID) });
    expect(calls[0]!.authorization).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.chatSessionId)).toBe(calls[0]!.body.session_id);
    // The opening 'Hello' is the widget's, not the shopper's: no bubble for it.
    expect(screen.queryAllByTestId('shopper-message')).toHaveLength(0);
    // The input has the focus and the assistant's limit.
    expect(document.activeElement).toBe(messageBox());
    expect(messageBox().getAttribute('maxlength')).toBe(String(CHAT_MESSAGE_MAX_LENGTH));
  });

  it('says nothing until it is first opened, then greets once however often it is opened', async () => {
    const calls = chatServer();
    const { reopen } = renderWidget({ open: false });
    await act(async () => undefined);
    expect(calls).toHaveLength(0);
    reopen(true);
    await greeted();
    reopen(false);
    reopen(true);
    await act(async () => undefined);
    expect(calls).toHaveLength(1);
  });

  it('continues the same conversation after a reload: same session id, no second Hello, earlier messages kept', async () => {
    const calls = chatServer();
    const first = renderWidget();
    await greeted();
    await type('maize flour');
    await screen.findByText('Here is our maize flour:');
    first.unmount();

    renderWidget();
    expect(await screen.findByText('Here is our maize flour:')).toBeTruthy();
    expect(screen.getByText(GREETING)).toBeTruthy();
    expect(screen.getAllByTestId('chat-product')).toHaveLength(2);
    await type('Checkout');
    await screen.findByText('Which county should we deliver to?');
    expect(calls.map((call) => call.body.message)).toEqual(['Hello', 'maize flour', 'Checkout']);
    expect(new Set(calls.map((call) => call.body.session_id)).size).toBe(1);
  });

  it("shows product cards with image, name and price text; 'Add to cart' sends 'Add {name} to cart' and the reply's cart replaces the store's", async () => {
    const calls = chatServer();
    const { store } = renderWidget();
    await greeted();
    await type('I want maize flour');
    await assistantSays('Here is our maize flour:');
    expect(screen.getAllByTestId('shopper-message').map((bubble) => bubble.textContent)).toEqual(['You: I want maize flour']);

    const cards = screen.getAllByTestId('chat-product');
    expect(cards).toHaveLength(2);
    const maize = cards[0]!;
    expect(maize.querySelector('img')?.getAttribute('src')).toBe(MAIZE.image);
    expect(within(maize).getByRole('link', { name: MAIZE.name }).getAttribute('href')).toBe(`/product/${MAIZE.slug}`);
    expect(within(maize).getByText(/^KES 179\.50/).textContent).toBe('KES 179.50 On offer: KES 165.00');
    expect(within(cards[1]!).getByText('KES 95.00')).toBeTruthy();

    expect(screen.getByTestId('cart-count').textContent).toBe('0');
    // Named by the words it shows, then the product (WCAG 2.5.3: a voice command "Add to cart" finds it).
    expect(within(maize).getByRole('button', { name: `Add to cart: ${MAIZE.name}` }).textContent).toBe('Add to cart');
    fireEvent.click(within(maize).getByRole('button', { name: `Add to cart: ${MAIZE.name}` }));
    await assistantSays(`${MAIZE.name} added to your cart.`);
    expect(calls.at(-1)!.body).toMatchObject({ message: `Add ${MAIZE.name} to cart`, frontend_cart: [] });
    // The header's count follows the chat, and the cart is kept as the store kit keeps it.
    expect(screen.getByTestId('cart-count').textContent).toBe('1');
    expect(store.getState().cart.items).toEqual([line(MAIZE, 1)]);
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([line(MAIZE, 1)]);

    fireEvent.click(within(screen.getAllByTestId('chat-product')[1]!).getByRole('button', { name: `Add to cart: ${FORTIFIED.name}` }));
    await assistantSays(`${FORTIFIED.name} added to your cart.`);
    // The request carried the cart as it was; the reply's cart replaced it.
    expect(calls.at(-1)!.body.frontend_cart).toEqual([line(MAIZE, 1)]);
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
  });

  it('sends the cart changed on the shop with the next message, and the cart view follows the store', async () => {
    storeCart([line(OIL, 1)]);
    const calls = chatServer();
    const { store } = renderWidget();
    await greeted();
    expect(calls[0]!.body.frontend_cart).toEqual([line(OIL, 1)]);

    // The shopper adds maize from a product page while the widget is open.
    act(() => {
      store.dispatch(addToCart(MAIZE));
    });
    fireEvent.click(within(widget()).getByRole('button', { name: 'Cart (2)' }));
    const cart = screen.getByTestId('chat-cart');
    expect(within(cart).getByRole('heading', { name: 'Your cart (2)' })).toBeTruthy();
    expect(
      within(cart)
        .getAllByTestId('chat-cart-line')
        .map((item) => item.querySelector('span')?.textContent),
    ).toEqual([OIL.name, MAIZE.name]);
    expect(within(cart).getByTestId('chat-cart-subtotal').textContent).toBe('KSh 1,615.00');

    fireEvent.click(within(cart).getByRole('button', { name: `Add 1 more ${OIL.name} to cart` }));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('3'));
    expect(calls.at(-1)!.body).toMatchObject({ message: `Add 1 more ${OIL.name} to cart`, frontend_cart: [line(OIL, 1), line(MAIZE, 1)] });
    expect(within(cart).getByTestId('chat-cart-subtotal').textContent).toBe('KSh 3,065.00');

    fireEvent.click(within(cart).getByRole('button', { name: `Decrease ${OIL.name} quantity by 1` }));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('2'));
    expect(calls.at(-1)!.body.message).toBe(`Decrease ${OIL.name} quantity by 1`);

    fireEvent.click(within(cart).getByRole('button', { name: `Remove ${MAIZE.name} from cart` }));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('1'));
    expect(calls.at(-1)!.body.message).toBe(`Remove ${MAIZE.name} from cart`);
    expect(within(cart).getAllByTestId('chat-cart-line')).toHaveLength(1);

    // Checkout goes back to the conversation, where the assistant asks for the county.
    fireEvent.click(within(cart).getByRole('button', { name: 'Checkout' }));
    await assistantSays('Which county should we deliver to?');
    expect(calls.at(-1)!.body.message).toBe('Checkout');
    expect(screen.queryByTestId('chat-cart')).toBeNull();
  });

  it("an empty cart says 'Cart is empty' and cannot be checked out", async () => {
    chatServer();
    renderWidget();
    await greeted();
    fireEvent.click(within(widget()).getByRole('button', { name: 'Cart (0)' }));
    const cart = screen.getByTestId('chat-cart');
    expect(within(cart).getByText('Cart is empty')).toBeTruthy();
    expect((within(cart).getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '← Back to the conversation' }));
    expect(screen.getByRole('log', { name: 'Conversation' })).toBeTruthy();
  });

  it('county → sub-county → address form (prefilled from the checkout details) → a clear payment link with the order number', async () => {
    storeCart([line(OIL, 2), line(MAIZE, 1)]);
    localStorage.setItem(
      'checkout',
      JSON.stringify({
        first_name: 'Achieng',
        last_name: 'Atieno',
        phone: '0722000111',
        email: 'achieng@example.com',
        street: 'Moi Avenue 21',
        apartment: '',
        town: 'Mombasa',
        depot_id: 1,
      }),
    );
    const calls = chatServer();
    renderWidget();
    await greeted();
    await type('Checkout');
    await assistantSays('Which county should we deliver to?');

    // The county dropdown lists the reply's counties; choosing one sends its id, and the bubble shows its name.
    expect(screen.queryByRole('combobox', { name: 'Sub-county' })).toBeNull();
    const county = screen.getByRole('combobox', { name: 'County' });
    expect(
      within(county)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select your county', 'Mombasa', 'Nairobi']);
    fireEvent.change(county, { target: { value: String(MOMBASA.id) } });
    await assistantSays('And the sub-county?');
    expect(calls.at(-1)!.body.message).toBe('1');
    expect(screen.getAllByTestId('shopper-message').at(-1)!.textContent).toBe('You: Mombasa');
    expect(screen.queryByRole('form', { name: 'Delivery address' })).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'Sub-county' }), { target: { value: String(NYALI.id) } });
    await assistantSays('Please fill in your delivery details.');
    expect(calls.at(-1)!.body.message).toBe('4');

    // The address form, revealed after the sub-county, prefilled from the checkout's saved details.
    const form = screen.getByRole('form', { name: 'Delivery address' });
    const field = (name: string | RegExp) => within(form).getByRole('textbox', { name }) as HTMLInputElement;
    expect(field(/^First name/).value).toBe('Achieng');
    expect(field(/^Phone/).value).toBe('0722000111');
    expect(field(/^Email/).value).toBe('achieng@example.com');
    expect(field(/^Street address/).value).toBe('Moi Avenue 21');
    expect(field(/^Town/).value).toBe('Mombasa');
    fireEvent.change(field('Apartment (optional)'), { target: { value: 'Block B: flat 4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm address' }));

    await assistantSays(`Your order ${ORDER_NUMBER} is ready. Pay to confirm it.`);
    expect(calls.at(-1)!.body).toEqual({
      message: '1:4:Moi Avenue 21:Mombasa:Block B flat 4',
      frontend_cart: [line(OIL, 2), line(MAIZE, 1)],
      session_id: calls[0]!.body.session_id,
      contact: { first_name: 'Achieng', last_name: 'Atieno', phone: '0722000111', email: 'achieng@example.com' },
    });
    expect(screen.getAllByTestId('shopper-message').at(-1)!.textContent).toBe('You: Moi Avenue 21, Block B: flat 4, Mombasa, Nyali');

    // The order number and one clear link to the hosted payment page, in this window.
    expect(screen.getByTestId('chat-order-number').textContent).toBe(ORDER_NUMBER);
    const pay = screen.getByRole('link', { name: 'Pay KSh 3,065.00 now' });
    expect(pay.getAttribute('href')).toBe(PAYMENT_URL);
    expect(pay.getAttribute('target')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Delivery address' })).toBeNull();
  });

  it("a signed-in customer's contact comes from the profile, and the request carries the customer's token", async () => {
    storeSession();
    storeCart([line(OIL, 2)]);
    const calls = chatServer({ profile: PROFILE });
    renderWidget();
    await greeted();
    expect(calls[0]!.authorization).toBe('Bearer tok_customer_1');
    await type('Checkout');
    fireEvent.change(await screen.findByRole('combobox', { name: 'County' }), { target: { value: '1' } });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Sub-county' }), { target: { value: '6' } });
    const form = await screen.findByRole('form', { name: 'Delivery address' });
    const field = (name: RegExp) => within(form).getByRole('textbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(field(/^First name/).value).toBe('Juma'));
    expect(field(/^Last name/).value).toBe('Otieno');
    expect(field(/^Phone/).value).toBe('0712345678');
    expect(field(/^Email/).value).toBe('customer@example.com');
    expect(field(/^Street address/).value).toBe('');
    fireEvent.change(field(/^Street address/), { target: { value: 'Nyerere Road 5' } });
    fireEvent.change(field(/^Town/), { target: { value: 'Mombasa' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm address' }));
    await screen.findByRole('link', { name: 'Pay KSh 2,900.00 now' });
    expect(calls.at(-1)!.body).toMatchObject({
      message: '1:6:Nyerere Road 5:Mombasa:',
      contact: { first_name: 'Juma', last_name: 'Otieno', phone: '0712345678', email: 'customer@example.com' },
    });
  });

  it(`missing required address fields show '${CHAT_ADDRESS_MESSAGE}' and send nothing`, async () => {
    const calls = chatServer();
    renderWidget();
    await greeted();
    await type('Checkout');
    fireEvent.change(await screen.findByRole('combobox', { name: 'County' }), { target: { value: '1' } });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Sub-county' }), { target: { value: '4' } });
    const form = await screen.findByRole('form', { name: 'Delivery address' });
    const field = (name: string | RegExp) => within(form).getByRole('textbox', { name }) as HTMLInputElement;
    const sent = calls.length;

    fireEvent.click(within(form).getByRole('button', { name: 'Confirm address' }));
    expect(within(form).getByRole('alert').textContent).toBe(CHAT_ADDRESS_MESSAGE);
    expect(field(/^Street address/).getAttribute('aria-invalid')).toBe('true');
    expect(field('Apartment (optional)').getAttribute('aria-invalid')).toBeNull();

    // Everything but the town: still the same message.
    fireEvent.change(field(/^First name/), { target: { value: 'Wanjiku' } });
    fireEvent.change(field(/^Last name/), { target: { value: 'Kamau' } });
    fireEvent.change(field(/^Phone/), { target: { value: '0711222333' } });
    fireEvent.change(field(/^Email/), { target: { value: 'wanjiku@example.com' } });
    fireEvent.change(field(/^Street address/), { target: { value: 'Ngong Road 12' } });
    fireEvent.change(field(/^Town/), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm address' }));
    expect(within(form).getByRole('alert').textContent).toBe(CHAT_ADDRESS_MESSAGE);
    expect(field(/^Town/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Street address/).getAttribute('aria-invalid')).toBeNull();

    // A phone that is not 10 digits is caught here too.
    fireEvent.change(field(/^Town/), { target: { value: 'Mombasa' } });
    fireEvent.change(field(/^Phone/), { target: { value: '07112' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm address' }));
    expect(within(form).getByRole('alert').textContent).toBe('Phone number must be 10 digits');
    await act(async () => undefined);
    expect(calls).toHaveLength(sent);
  });

  it('ignores empty and blank messages', async () => {
    const calls = chatServer();
    renderWidget();
    await greeted();
    const send = within(widget()).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await type('');
    await type('    ');
    fireEvent.change(messageBox(), { target: { value: '  \n ' } });
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    await act(async () => undefined);
    expect(calls).toHaveLength(1);
    expect(screen.queryAllByTestId('shopper-message')).toHaveLength(0);

    // A real message is trimmed, sent, and the box is emptied.
    await type('  rice  ');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body.message).toBe('rice');
    expect((messageBox() as HTMLInputElement).value).toBe('');
  });

  it('suggestion buttons send their text', async () => {
    const calls = chatServer();
    renderWidget();
    await greeted();
    const suggestions = screen.getByRole('group', { name: 'Suggestions' });
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Show maize flour', 'View cart']);
    fireEvent.click(within(suggestions).getByRole('button', { name: 'Show maize flour' }));
    await assistantSays('Here is our maize flour:');
    expect(calls.at(-1)!.body.message).toBe('Show maize flour');
  });

  it('shows that the assistant is typing while a reply is on its way, and sends nothing else meanwhile', async () => {
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = chatServer({ hold });
    renderWidget();
    expect(await screen.findByRole('status', { name: 'The assistant is typing' })).toBeTruthy();
    fireEvent.change(messageBox(), { target: { value: 'rice' } });
    expect((within(widget()).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(messageBox().closest('form')!);
    await act(async () => {
      release();
    });
    await greeted();
    expect(screen.queryByRole('status', { name: 'The assistant is typing' })).toBeNull();
    expect(calls).toHaveLength(1);
    // What the shopper typed meanwhile is still there to send.
    expect((messageBox() as HTMLInputElement).value).toBe('rice');
  });

  it(`a failed call shows '${CHAT_ERROR_MESSAGE}', and 'Try again' sends the same message`, async () => {
    let failing = true;
    const calls = chatServer({
      answer: (body) => (failing ? respond(503, { message: 'The chat service is not available right now.' }) : assistant(body, 0)),
    });
    const { store } = renderWidget();
    storeCart([]);
    expect(await assistantSays(CHAT_ERROR_MESSAGE)).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await greeted();
    expect(calls.map((call) => call.body.message)).toEqual(['Hello', 'Hello']);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    // A failed 'Add to cart' leaves the cart alone; trying again adds it, with one bubble only.
    await type('maize');
    await assistantSays('Here is our maize flour:');
    failing = true;
    fireEvent.click(screen.getAllByRole('button', { name: `Add to cart: ${MAIZE.name}` })[0]!);
    await waitFor(() => expect(screen.getAllByText(CHAT_ERROR_MESSAGE)).toHaveLength(2));
    expect(store.getState().cart.items).toEqual([]);
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await assistantSays(`${MAIZE.name} added to your cart.`);
    expect(screen.getByTestId('cart-count').textContent).toBe('1');
    expect(screen.getAllByTestId('shopper-message').map((bubble) => bubble.textContent)).toEqual([
      'You: maize',
      `You: Add ${MAIZE.name} to cart`,
    ]);
  });

  it('a reply that is not a chat reply (a network error, HTML) is a failure too', async () => {
    chatServer({ answer: () => offContract(200, '<html>Bad gateway</html>') });
    renderWidget();
    expect(await assistantSays(CHAT_ERROR_MESSAGE)).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEYS.chatConversation) ?? '{}').entries).toHaveLength(1);
  });

  it('adopts the session id of a reply that started a new conversation', async () => {
    const calls = chatServer({
      answer: (body, call) =>
        reply(body, { text: call === 1 ? 'Welcome back!' : 'OK', session_id: '0b0c6f7e-2f4b-4c7a-9f1e-2d3c4b5a6978' }),
    });
    renderWidget();
    await assistantSays('Welcome back!');
    await type('rice');
    await assistantSays('OK');
    expect(calls[1]!.body.session_id).toBe('0b0c6f7e-2f4b-4c7a-9f1e-2d3c4b5a6978');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.chatSessionId)).toBe('0b0c6f7e-2f4b-4c7a-9f1e-2d3c4b5a6978');
  });

  it('asks for the terms before the order: a link to read them and one button that agrees, sent as the agreement', async () => {
    storeCart([line(OIL, 2)]);
    const terms = 'Before I take your order, please read our terms and conditions (/terms): do you agree to them?';
    const calls = chatServer({
      answer: (body, call) => {
        if (body.message === 'Checkout')
          return reply(body, { text: terms, step: 'terms', suggestions: [CHAT_TERMS_AGREE_MESSAGE, 'Cancel'] });
        return assistant(body.message === CHAT_TERMS_AGREE_MESSAGE ? { ...body, message: 'Checkout' } : body, call);
      },
    });
    renderWidget();
    await greeted();
    await type('Checkout');
    await assistantSays(terms);

    const agreement = screen.getByRole('group', { name: 'Terms and conditions' });
    const link = within(agreement).getByRole('link', { name: 'terms and conditions' });
    expect(link.getAttribute('href')).toBe('/terms');
    expect(link.getAttribute('target')).toBe('_blank');
    // One agree button (the suggestion with the same words is not shown twice); Cancel stays a suggestion.
    expect(screen.getAllByRole('button', { name: CHAT_TERMS_AGREE_MESSAGE })).toHaveLength(1);
    expect(within(screen.getByRole('group', { name: 'Suggestions' })).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    // Nothing about where to deliver until the shopper agrees.
    expect(screen.queryByRole('combobox', { name: 'County' })).toBeNull();

    fireEvent.click(within(agreement).getByRole('button', { name: CHAT_TERMS_AGREE_MESSAGE }));
    await assistantSays('Which county should we deliver to?');
    expect(calls.at(-1)!.body.message).toBe(CHAT_TERMS_AGREE_MESSAGE);
    expect(screen.getAllByTestId('shopper-message').at(-1)!.textContent).toBe(`You: ${CHAT_TERMS_AGREE_MESSAGE}`);
    expect(screen.queryByRole('group', { name: 'Terms and conditions' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'County' })).toBeTruthy();
  });

  it('keeps the cart after the order is placed; Try again asks for another payment of the same order; paid empties it', async () => {
    storeCart([line(OIL, 2)]);
    const paid = (body: ChatRequestBody) => reply(body, { text: `Your order ${ORDER_NUMBER} is paid: thank you!`, cart: [] });
    let orderPaid = false;
    const calls = chatServer({
      answer: (body, call) => {
        if (body.message === 'Try again')
          return reply(body, {
            text: `Here is the payment page for your order ${ORDER_NUMBER} again: the same order, with the same total.`,
            step: 'payment',
            checkout: {
              order_id: ORDER_ID,
              order_number: ORDER_NUMBER,
              payment_key: ORDER_PAYMENT_KEY,
              total_amount: 2900,
              payment_url: `${PAYMENT_URL}-2`,
            },
          });
        if (orderPaid) return paid(body);
        return assistant(body, call);
      },
    });
    renderWidget();
    await greeted();
    await type(`${MOMBASA.id}:${NYALI.id}:Moi Avenue 21:Mombasa:`);
    await assistantSays(`Your order ${ORDER_NUMBER} is ready. Pay to confirm it.`);
    // Placed but not paid: the cart is still the shopper's, in the chat and in the header.
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    fireEvent.click(within(widget()).getByRole('button', { name: 'Cart (2)' }));
    expect(screen.getAllByTestId('chat-cart-line')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '← Back to the conversation' }));

    // The payment was declined: Try again in the payment box asks the assistant for a new attempt on the same order.
    const box = screen.getByRole('group', { name: `Payment for order ${ORDER_NUMBER}` });
    fireEvent.click(within(box).getByRole('button', { name: 'Try again' }));
    await assistantSays(/^Here is the payment page for your order/);
    expect(calls.at(-1)!.body).toMatchObject({ message: 'Try again', frontend_cart: [line(OIL, 2)] });
    expect(screen.getAllByRole('link', { name: 'Pay KSh 2,900.00 now' }).at(-1)!.getAttribute('href')).toBe(`${PAYMENT_URL}-2`);
    expect(screen.getByTestId('cart-count').textContent).toBe('2');

    // Paid: the next reply's cart is empty, and so is the shop's.
    orderPaid = true;
    await type('Hello again');
    await assistantSays(`Your order ${ORDER_NUMBER} is paid: thank you!`);
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
  });

  it("Pay remembers the order it sends to the payment page, with its key, for every tab: the storefront's /failed pays that same order", async () => {
    storeCart([line(OIL, 2)]);
    chatServer();
    renderWidget();
    await greeted();
    await type(`${MOMBASA.id}:${NYALI.id}:Moi Avenue 21:Mombasa:`);
    await assistantSays(`Your order ${ORDER_NUMBER} is ready. Pay to confirm it.`);
    expect(localStorage.getItem(STORAGE_KEYS.chatOrderInPayment)).toBeNull();
    // jsdom cannot open the payment page: the click is handled, the navigation stopped.
    const stayHere = (event: Event) => event.preventDefault();
    document.addEventListener('click', stayHere);
    fireEvent.click(screen.getByRole('link', { name: 'Pay KSh 2,900.00 now' }));
    document.removeEventListener('click', stayHere);
    // Local storage: a tab where this conversation is gone (another tab, a closed one) reads it too.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.chatOrderInPayment) ?? 'null')).toEqual({
      id: ORDER_ID,
      order_number: ORDER_NUMBER,
      payment_key: ORDER_PAYMENT_KEY,
    });
    expect(sessionStorage.getItem('chat_order_in_payment')).toBeNull();
  });

  it('never links a payment address that is not http(s)', async () => {
    chatServer({
      answer: (body) =>
        reply(body, {
          text: 'Pay now.',
          step: 'payment',
          checkout: {
            order_id: ORDER_ID,
            order_number: ORDER_NUMBER,
            payment_key: ORDER_PAYMENT_KEY,
            total_amount: 2000,
            payment_url: 'javascript:alert(1)',
          },
        }),
    });
    renderWidget();
    await assistantSays('Pay now.');
    expect(screen.queryByRole('link', { name: /^Pay KSh/ })).toBeNull();
    expect(screen.getByText(/The payment page could not be opened/)).toBeTruthy();
  });

  it('closes with its close button or Escape, and links to the full /chat page', async () => {
    chatServer();
    const onClose = jest.fn();
    renderWidget({ onClose });
    await greeted();
    fireEvent.click(within(widget()).getByRole('button', { name: 'Close chat' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(messageBox(), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    const full = within(widget()).getByRole('link', { name: 'Open the assistant on a full page' });
    expect(full.getAttribute('href')).toBe('/chat');
    fireEvent.click(full);
    expect(screen.getByTestId('location').textContent).toBe('/chat');
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
