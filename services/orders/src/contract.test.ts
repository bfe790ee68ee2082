import { expectRequestMatches, PUBLISHED_DOCUMENTS } from '@shop/api-types/openapi/contractCheck';
import { openApiDocument, publishedDocumentText } from '@shop/service-kit';
import { ORDERS_CONTRACT } from './contract';

describe('the orders contract', () => {
  it('is published as generated from the schemas (run npm run openapi after changing one)', () => {
    expect(PUBLISHED_DOCUMENTS.orders).toEqual(JSON.parse(publishedDocumentText(openApiDocument(ORDERS_CONTRACT))));
  });

  it('describes each operation with a request body', () => {
    for (const operation of ORDERS_CONTRACT.operations.filter((item) => item.body))
      expect(() => expectRequestMatches(PUBLISHED_DOCUMENTS.orders, operation.method, operation.path, 'not an object')).toThrow(
        /must be object/,
      );
  });
});
