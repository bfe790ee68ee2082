import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ChatRequestBody } from '@shop/api-types';
import { SESSION_STORAGE_KEYS, signedOut, STORAGE_KEYS } from '@shop/store-kit';
import { resetShopState } from '@shop/store-kit/testing';
import { assistant, chatServer, OIL, ORDER_NUMBER, PROFILE, renderWidget, storeSession } from '../testFixtures';
import { selectChat } from './chatSlice';

const GREETING = 'Hello! I am your shopping assistant. What would you like to buy today?';

afterEach(() => {
  resetShopState();
  sessionStorage.clear();
});

const conversation = () => screen.getByRole('log', { name: 'Conversation' });
const assistantSays = (text: string | RegExp) => within(conversation()).findByText(text);

async function type(text: string): Promise<void> {
  const box = screen.getByRole('textbox', { name: 'Message the shopping assistant' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.submit(box.closest('form')!);
}

/** A signed-in customer's conversation under way, with an order sent to the payment page from it. */
async function customerConversation() {
  storeSession();
  const calls = chatServer({ profile: PROFILE });
  const rendered = renderWidget();
  await assistantSays(GREETING);
  await type('maize flour');
  await assistantSays('Here is our maize flour:');
  localStorage.setItem(STORAGE_KEYS.chatOrderInPayment, JSON.stringify({ id: 777, order_number: ORDER_NUMBER, payment_key: 'k3y' }));
  const firstId = calls[0]!.body.session_id;
  expect(calls.map((call) => call.body.session_id)).toEqual([firstId, firstId]);
  expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.chatConversation)).toContain('Here is our maize flour');
  return { ...rendered, calls, firstId };
}

/** The customer's conversation is gone from the screen, the store and session storage; a new one starts under a new id. */
async function expectNewConversation(
  store: ReturnType<typeof renderWidget>['store'],
  calls: ReturnType<typeof chatServer>,
  firstId: string,
) {
  expect(within(conversation()).queryByText('Here is our maize flour:')).toBeNull();
  expect(screen.queryAllByTestId('shopper-message')).toHaveLength(0);
  expect(localStorage.getItem(STORAGE_KEYS.chatOrderInPayment)).toBeNull();

  // The widget is still open: it greets the next shopper in a conversation of their own.
  await assistantSays(GREETING);
  const hello = calls.at(-1)!;
  expect(hello.body).toMatchObject({ message: 'Hello', frontend_cart: [] });
  expect(hello.body.session_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(hello.body.session_id).not.toBe(firstId);
  expect(hello.authorization).toBeNull();
  const chat = selectChat(store.getState());
  expect(chat.sessionId).toBe(hello.body.session_id);
  expect(chat.entries.map((entry) => entry.text)).toEqual([GREETING]);
  // What is saved for a reload is the new conversation only.
  expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.chatSessionId)).toBe(hello.body.session_id);
  expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.chatConversation)).not.toContain('Here is our maize flour');
}

describe('the conversation is forgotten when the customer signs out', () => {
  it('on Log Out (signedOut): the messages, the session id and the order sent to pay go; the next message starts afresh', async () => {
    const { store, calls, firstId } = await customerConversation();
    act(() => {
      store.dispatch(signedOut());
    });
    await expectNewConversation(store, calls, firstId);

    await type('maize flour');
    await assistantSays('Here is our maize flour:');
    expect(calls.at(-1)!.body.session_id).toBe(calls.at(-2)!.body.session_id);
  });

  it('when another tab signs out (this tab hears of it through storage, not signedOut)', async () => {
    const { store, calls, firstId } = await customerConversation();
    act(() => {
      localStorage.removeItem('customer_token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'customer_token', oldValue: 'tok_customer_1', newValue: null }));
    });
    expect(store.getState().session.token).toBeNull();
    await expectNewConversation(store, calls, firstId);
  });

  it('a message still with the assistant at sign-out leaves nothing in the new conversation: no answer, no error, no cart', async () => {
    storeSession();
    let answerHeld: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answerHeld = resolve;
    });
    const calls = chatServer({
      profile: PROFILE,
      answer: async (body: ChatRequestBody, call: number) => {
        if (body.message.startsWith('Add ')) await held;
        return assistant(body, call);
      },
    });
    const { store } = renderWidget();
    await assistantSays(GREETING);
    await type(`Add ${OIL.name} to cart`);
    await screen.findByRole('status', { name: 'The assistant is typing' });
    const firstId = calls[0]!.body.session_id;

    act(() => {
      store.dispatch(signedOut());
    });
    await assistantSays(GREETING);
    await act(async () => {
      answerHeld();
      // Long enough for the answer to be read and handled (it takes a few turns of the event loop).
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(calls.map((call) => call.body.message)).toEqual(['Hello', `Add ${OIL.name} to cart`, 'Hello']);

    // The sign-out cut the call short or its answer came late: either way it belongs to the forgotten conversation.
    expect(selectChat(store.getState()).entries.map((entry) => entry.text)).toEqual([GREETING]);
    expect(within(conversation()).queryByText(`${OIL.name} added to your cart.`)).toBeNull();
    expect(store.getState().cart.items).toEqual([]);
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
    expect(selectChat(store.getState()).sessionId).not.toBe(firstId);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.chatConversation)).not.toContain(OIL.name);
  });
});
