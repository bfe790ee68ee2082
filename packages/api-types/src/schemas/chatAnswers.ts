import { z } from 'zod';
import type { ChatReply } from '../chat';
import type { Agree, Same } from './answerChecks';
import { countyAnswerSchema } from './accountsAnswers';
import { productAnswerSchema } from './catalogAnswers';

/**
 * The assistant's answer (POST /api/chat) as a schema, for its OpenAPI document (GET /api/docs/chat)
 * and the contract tests. ChatReply in ../chat.ts stays the one definition the code uses: the check
 * at the end fails the typecheck when the two disagree.
 */
export const chatReplyAnswerSchema = z.strictObject({
  text: z.string(),
  products: z.array(z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string(), image: z.string(), price: z.string() })),
  cart: z.array(
    productAnswerSchema
      .pick({ id: true, name: true, slug: true, image: true, unit: true, price: true, offer: true, limit: true })
      .extend({ quantity: z.number().int(), product_total: z.number() }),
  ),
  counties: z.array(countyAnswerSchema),
  subcounties: z.array(countyAnswerSchema),
  suggestions: z.array(z.string()),
  session_id: z.string(),
  step: z.enum(['browsing', 'terms', 'county', 'subcounty', 'address', 'payment']),
  show_address_form: z.boolean(),
  checkout: z
    .strictObject({
      order_id: z.number().int(),
      order_number: z.string(),
      payment_key: z.string().nullable(),
      total_amount: z.number(),
      payment_url: z.string(),
    })
    .nullable(),
});

export type ChatAnswersAgreeWithTypes = [Agree<Same<z.infer<typeof chatReplyAnswerSchema>, ChatReply>>];
