import { expectRequestMatches, PUBLISHED_DOCUMENTS } from '@shop/api-types/openapi/contractCheck';
import { openApiDocument, publishedDocumentText } from '@shop/service-kit';
import { CHAT_CONTRACT } from './contract';

describe('the chat contract', () => {
  it('is published as generated from the schemas (run npm run openapi after changing one)', () => {
    expect(PUBLISHED_DOCUMENTS.chat).toEqual(JSON.parse(publishedDocumentText(openApiDocument(CHAT_CONTRACT))));
  });

  it('describes each operation with a request body', () => {
    for (const operation of CHAT_CONTRACT.operations)
      expect(() => expectRequestMatches(PUBLISHED_DOCUMENTS.chat, operation.method, operation.path, 'not an object')).toThrow(
        /must be object/,
      );
  });
});
