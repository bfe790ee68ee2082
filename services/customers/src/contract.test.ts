import { expectRequestMatches, PUBLISHED_DOCUMENTS } from '@shop/api-types/openapi/contractCheck';
import { openApiDocument, publishedDocumentText } from '@shop/service-kit';
import { CUSTOMERS_CONTRACT } from './contract';

describe('the customers contract', () => {
  it('is published as generated from the schemas (run npm run openapi after changing one)', () => {
    expect(PUBLISHED_DOCUMENTS.customers).toEqual(JSON.parse(publishedDocumentText(openApiDocument(CUSTOMERS_CONTRACT))));
  });

  it('describes each operation with a request body', () => {
    for (const operation of CUSTOMERS_CONTRACT.operations.filter((item) => item.body))
      expect(() => expectRequestMatches(PUBLISHED_DOCUMENTS.customers, operation.method, operation.path, 'not an object')).toThrow(
        /must be object/,
      );
  });
});
