import { randomUUID } from 'node:crypto';
import type { ChatReply } from '@shop/api-types';
import { testDatabases } from '@shop/service-kit/testing';
import { startChatHarness, type ChatHarness } from '../testing/harness';

/**
 * The assistant searches with the catalogue's own synonym table (the one the site search uses),
 * read with the product list and again when staff change it: over real HTTP, with the real
 * catalog, customers and orders services.
 */
describe.each(testDatabases('chat-synonyms'))('the assistant and the catalogue synonyms on $dialect', (database) => {
  let h: ChatHarness;

  beforeAll(async () => {
    h = await startChatHarness(database);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const say = async (message: string): Promise<ChatReply> => {
    const answer = await h.post({ message, frontend_cart: [], session_id: randomUUID() });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const shown = (reply: ChatReply): string[] => reply.products.map((product) => product.name).sort();
  const namesWith = (word: string): string[] =>
    h.shop.products
      .filter((product) => product.name.includes(word))
      .map((product) => product.name)
      .sort();

  it('finds rice for "nataka mchele", and green grams for a word only the synonym table knows', async () => {
    expect(shown(await say('nataka mchele'))).toEqual(namesWith('Rice'));
    expect(shown(await say('nataka pojo'))).toEqual(['Nyota Green Grams (Ndengu) 1kg']);
    expect(shown(await say('mna chakula cha vifaranga?'))).toEqual(['Shamba Bora Chick Mash 10kg']);
  });

  it("follows a staff change of the table on the next message (the catalogue's revision moves)", async () => {
    expect(shown(await say('nataka mchele wa nazi'))).not.toEqual(['Nyota Basmati Rice 1kg']);
    // As the catalog's staff route does (its own tests cover it over HTTP): the row and an audit row in one transaction.
    await h.shop.changeCatalogue((trx) => trx('search_synonyms').insert({ phrase: 'nazi', terms: JSON.stringify(['basmati']) }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shown(await say('nataka mchele wa nazi'))).toEqual(['Nyota Basmati Rice 1kg']);

    await h.shop.changeCatalogue((trx) => trx('search_synonyms').where({ phrase: 'nazi' }).delete());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shown(await say('nataka mchele wa nazi'))).not.toEqual(['Nyota Basmati Rice 1kg']);
  });
});
