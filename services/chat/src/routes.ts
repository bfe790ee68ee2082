import { CHAT_MESSAGE_MAX_LENGTH, parseDigits, type ChatReply } from '@shop/api-types';
import { bearerToken, parseBody, type ServiceState, type AccessRoutes } from '@shop/service-kit';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { Assistant } from './engine/assistant';
import { CONTROL_CHARACTERS } from './engine/text';

/** What a session id may be: the widget's UUID, or any id of the same sort (letters, digits, '-', '_'). */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const MAX_CART_LINES = 100;

export const CHAT_MESSAGES = {
  body: 'The request body must be a JSON object.',
  messageRequired: 'The message field is required.',
  messageString: 'The message must be text.',
  messageTooLong: `The message may not be longer than ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  messageControl: 'The message contains characters that are not text.',
  sessionId: 'The session id must be 8 to 64 letters, digits, dashes or underscores (a UUID).',
  cart: 'The frontend cart must be a list of cart lines.',
  cartTooLong: `The frontend cart may hold at most ${MAX_CART_LINES} lines.`,
  cartId: 'Each cart line needs a product id.',
  cartQuantity: 'Each cart line needs a whole-number quantity.',
  contact: 'The contact must be an object with first_name, last_name, phone and email.',
  contactField: 'Each contact field must be text of at most 191 characters.',
} as const;

/** A KSh amount as the store kit keeps one (a finite, non-negative number of at most two decimals' worth). */
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 1e9;

/** Digits sent as text ('3') are read as the number; anything else is left for the schema to refuse. */
const numberFrom = (value: unknown): unknown => (typeof value === 'string' ? (parseDigits(value, 10) ?? value) : value);

const cartLine = z.object(
  {
    id: z.preprocess(
      numberFrom,
      z.number(CHAT_MESSAGES.cartId).int(CHAT_MESSAGES.cartId).positive(CHAT_MESSAGES.cartId).max(2_147_483_647, CHAT_MESSAGES.cartId),
    ),
    quantity: z.preprocess(
      numberFrom,
      z
        .number(CHAT_MESSAGES.cartQuantity)
        .int(CHAT_MESSAGES.cartQuantity)
        .min(-1000, CHAT_MESSAGES.cartQuantity)
        .max(100_000, CHAT_MESSAGES.cartQuantity),
    ),
    // Read only to name a product that is gone; never for prices.
    name: z
      .unknown()
      .optional()
      .transform((value) => (typeof value === 'string' ? value.slice(0, 200) : undefined)),
    // The price the shopper was shown (the store kit's line): read only to tell them when today's differs, never charged.
    price: z
      .unknown()
      .optional()
      .transform((value) => (isAmount(value) ? value : undefined)),
    offer: z
      .unknown()
      .optional()
      .transform((value) =>
        typeof value === 'object' && value !== null && isAmount((value as { offer_price?: unknown }).offer_price)
          ? { offer_price: (value as { offer_price: number }).offer_price }
          : null,
      ),
  },
  CHAT_MESSAGES.cartId,
);

const contactField = z.preprocess(
  (value) => (value === null ? undefined : value),
  z.string(CHAT_MESSAGES.contactField).max(191, CHAT_MESSAGES.contactField).optional(),
);

/** POST /api/chat (the contract's ChatRequestBody). */
export const chatBodySchema = z.object(
  {
    message: z
      .string({
        error: (issue) => (issue.input === undefined || issue.input === null ? CHAT_MESSAGES.messageRequired : CHAT_MESSAGES.messageString),
      })
      .refine((value) => !CONTROL_CHARACTERS.test(value), { message: CHAT_MESSAGES.messageControl, abort: true })
      .transform((value) => value.normalize('NFC').trim())
      .pipe(z.string().min(1, CHAT_MESSAGES.messageRequired).max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES.messageTooLong)),
    /** Missing: a new conversation with an id chosen here (answered in the reply). */
    session_id: z.preprocess(
      (value) => (value === null || value === '' ? undefined : value),
      z.string(CHAT_MESSAGES.sessionId).regex(SESSION_ID_PATTERN, CHAT_MESSAGES.sessionId).optional(),
    ),
    /** Missing: the cart this conversation last answered. */
    frontend_cart: z.preprocess(
      (value) => (value === null ? undefined : value),
      z.array(cartLine, CHAT_MESSAGES.cart).max(MAX_CART_LINES, CHAT_MESSAGES.cartTooLong).optional(),
    ),
    contact: z.preprocess(
      (value) => (value === null ? undefined : value),
      z
        .object({ first_name: contactField, last_name: contactField, phone: contactField, email: contactField }, CHAT_MESSAGES.contact)
        .optional(),
    ),
  },
  CHAT_MESSAGES.body,
);

export function chatRoutes(routes: AccessRoutes<ServiceState>, assistant: Assistant): void {
  const router = routes.under('/api');

  router.post('/chat', async (ctx) => {
    const body = parseBody(chatBodySchema, ctx.request.body);
    const reply: ChatReply = await assistant.reply({
      message: body.message,
      sessionId: body.session_id ?? randomUUID(),
      frontendCart: body.frontend_cart ?? null,
      contact: body.contact ?? null,
      token: bearerToken(ctx.get('authorization')),
      // The gateway overwrites x-forwarded-for with the address it saw; directly, the socket's.
      clientAddress: ctx.get('x-forwarded-for').split(',')[0]!.trim() || ctx.req.socket.remoteAddress || 'unknown',
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = reply;
  });
}
