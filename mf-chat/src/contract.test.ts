import type { ChatRequestBody } from '@shop/api-types';
import { expectAnswerMatches, expectRequestMatches, PUBLISHED_DOCUMENTS } from '@shop/api-types/openapi/contractCheck';
import { assistant, line, MAIZE, OIL, PROFILE } from './testFixtures';

const ask = (message: string, cart = [line(MAIZE, 2), line(OIL, 1)]): ChatRequestBody => ({
  message,
  frontend_cart: cart.map(({ id, quantity }) => ({ id, quantity })),
  session_id: '6f1c1c1e-3b1a-4d7e-9a55-1f0c2b3d4e5f',
});

/**
 * The widget's tests answer with the stand-in assistant in place of the chat service: each of its
 * replies must be one the chat's published contract allows, and what the widget sends one it accepts.
 */
describe("the chat remote's fixtures follow the chat service's published contract", () => {
  const chat = PUBLISHED_DOCUMENTS.chat;

  it.each([
    'Hello',
    'Show maize flour',
    `Add ${MAIZE.name} to cart`,
    'Checkout',
    '1',
    '4',
    'Juma:Otieno:0712345678:juma@example.com:Waiyaki Way',
    'nonsense',
  ])('the reply to %p', (message) => {
    expect(() => expectAnswerMatches(chat, 'post', '/api/chat', assistant(ask(message), 1))).not.toThrow();
  });

  it('the request the widget sends', () => {
    expect(() => expectRequestMatches(chat, 'post', '/api/chat', ask('Hello'))).not.toThrow();
  });

  it('the profile it reads from the customers service', () => {
    expect(() => expectAnswerMatches(PUBLISHED_DOCUMENTS.customers, 'get', '/api/get-profile', PROFILE)).not.toThrow();
  });

  it('fails a reply that drifts (a step the widget does not know)', () => {
    expect(() => expectAnswerMatches(chat, 'post', '/api/chat', { ...(assistant(ask('Hello'), 1) as object), step: 'shipping' })).toThrow(
      /\/step must be equal to one of the allowed values/,
    );
  });
});
