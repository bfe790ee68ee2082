/**
 * The assistant's product answers on the search evaluation set: each query sent as a shopper's
 * first message to the chat service (with the real catalog, customers and orders services behind
 * it, on SQLite), the first product shown must be one of those that must come first.
 */
import { randomUUID } from 'node:crypto';
import { testDatabases } from '@shop/service-kit/testing';
import { evaluate, type EvaluationResult } from '../../services/catalog/src/search/evaluation/evaluate';
import { startChatHarness } from '../../services/chat/src/testing/harness';

export async function benchAssistantAnswers(): Promise<EvaluationResult> {
  // The services' request lines would bury the table.
  process.env.LOG_LEVEL ??= 'warn';
  const h = await startChatHarness(testDatabases('bench-assistant')[0]!);
  try {
    const slugs = new Map(h.shop.products.map((product) => [product.name, product.slug]));
    return await evaluate(async (query) => {
      const answer = await h.post({ message: query, session_id: randomUUID() });
      const first = answer.body.products[0]?.name;
      return first === undefined ? null : (slugs.get(first) ?? null);
    });
  } finally {
    await h.close();
  }
}
