import { z } from 'zod';
import { requestJson, type Logger } from '@shop/service-kit';
import type { LlmSettings } from '../config';
import type { Intent, PolicyTopic } from './intents';

/**
 * An optional language model (any OpenAI-compatible chat-completions endpoint) that reads a
 * message the rules did not understand into one of the assistant's intents, as JSON. It never
 * answers the shopper itself and never sees or decides a price: the intent is carried out by the
 * same code as a rule-read one, with the catalogue's, customers' and orders' answers. A slow,
 * failing or nonsensical model is ignored (the rules' polite answer stands), and after a failure
 * it is left alone for a while so shoppers do not wait on it message after message.
 */

const TOPICS = [
  'delivery',
  'payment',
  'returns',
  'track',
  'person',
  'cancel_order',
  'minimum',
  'account',
  'points',
  'coupon',
] as const satisfies readonly PolicyTopic[];

const SYSTEM_PROMPT = [
  'You read messages sent to the shopping assistant of a Kenyan online shop selling flour and groceries',
  '(maize meal, wheat flour, chapati and baking flour, porridge flour, rice, cooking oil, animal feeds, beans and pulses).',
  'Shoppers write English, Swahili or Sheng. Answer ONLY with one JSON object, no prose, of this shape:',
  '{"intent": one of "search","add","remove","view_cart","checkout","help","greeting","thanks","policy","unknown",',
  ' "product": the product words in English as a shop search would use them (e.g. "maize meal 2kg"), or "",',
  ' "quantity": a whole number (1 if not said), "sort": "cheapest", "dearest" or null, "offers": true when they ask about offers or discounts,',
  ` "topic": for intent "policy" one of ${TOPICS.map((topic) => `"${topic}"`).join(', ')}, else null}.`,
  'Use "unknown" when the message has nothing to do with shopping here.',
].join(' ');

const answerSchema = z.object({
  intent: z.enum(['search', 'add', 'remove', 'view_cart', 'checkout', 'help', 'greeting', 'thanks', 'policy', 'unknown']),
  product: z.string().max(200).nullish(),
  quantity: z.coerce.number().int().min(1).max(1000).nullish(),
  sort: z.enum(['cheapest', 'dearest']).nullish(),
  offers: z.boolean().nullish(),
  topic: z.enum(TOPICS).nullish(),
});

interface CompletionAnswer {
  choices?: Array<{ message?: { content?: unknown } }>;
}

/** The first JSON object in a model's text (some models wrap it in prose or a code fence). */
function firstObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}

export class LlmInterpreter {
  private quietUntil = 0;

  constructor(
    private readonly settings: LlmSettings,
    private readonly logger: Logger,
    private readonly cooldownMs = 30_000,
  ) {}

  /** The intent the model reads, or null (no model answer in time, an answer that is not one of ours). */
  async interpret(message: string): Promise<Intent | null> {
    if (Date.now() < this.quietUntil) return null;
    const { url, model, apiKey, timeoutMs } = this.settings;
    try {
      const answer = await requestJson<CompletionAnswer>('POST', url, {
        body: {
          model,
          temperature: 0,
          max_tokens: 120,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: message },
          ],
        },
        headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
        timeoutMs,
        maxBytes: 200_000,
      });
      if (answer.status !== 200) throw new Error(`the model answered ${answer.status}`);
      const content = answer.body?.choices?.[0]?.message?.content;
      const parsed = answerSchema.safeParse(typeof content === 'string' ? firstObject(content) : null);
      if (!parsed.success) {
        this.logger.warn('chat: the language model answered something that is not an intent (ignored)');
        return null;
      }
      return toIntent(parsed.data);
    } catch (error) {
      this.quietUntil = Date.now() + this.cooldownMs;
      this.logger.warn({ err: error }, 'chat: the language model did not answer; using the rules alone for a while');
      return null;
    }
  }
}

function toIntent(answer: z.infer<typeof answerSchema>): Intent | null {
  const product = (answer.product ?? '').trim();
  const quantity = answer.quantity ?? 1;
  switch (answer.intent) {
    case 'search':
      if (!product && !answer.offers && !answer.sort) return null;
      return { kind: 'search', query: product, sort: answer.sort ?? null, offers: answer.offers ?? false, priceQuestion: false };
    case 'add':
      return product ? { kind: 'add', name: product, query: product, quantity } : null;
    case 'remove':
      return product ? { kind: 'remove', name: product } : null;
    case 'view_cart':
      return { kind: 'view_cart' };
    case 'checkout':
      return { kind: 'checkout' };
    case 'help':
      return { kind: 'help' };
    case 'greeting':
      return { kind: 'greeting', swahili: false, rest: '' };
    case 'thanks':
      return { kind: 'thanks', swahili: false };
    case 'policy':
      return answer.topic ? { kind: 'policy', topic: answer.topic } : null;
    default:
      return null;
  }
}
