/**
 * Writes each service's OpenAPI document (as GET /api/docs/<area> serves it) to
 * packages/api-types/openapi/<area>.json, where the remotes' contract tests read it. Each service's
 * tests fail while its committed document differs from what its schemas generate: run this after
 * changing a contract, and commit the result with the change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { openApiDocument, publishedDocumentText } from '@shop/service-kit';
import { CATALOG_CONTRACT } from '../services/catalog/src/contract';
import { CHAT_CONTRACT } from '../services/chat/src/contract';
import { CUSTOMERS_CONTRACT } from '../services/customers/src/contract';
import { ORDERS_CONTRACT } from '../services/orders/src/contract';

const folder = path.join(__dirname, '..', 'packages', 'api-types', 'openapi');
async function main(): Promise<void> {
  for (const contract of [CATALOG_CONTRACT, CUSTOMERS_CONTRACT, ORDERS_CONTRACT, CHAT_CONTRACT]) {
    const file = path.join(folder, `${contract.area}.json`);
    // Formatted as the repository's prettier check wants it; the services' tests compare the parsed JSON.
    const text = await format(publishedDocumentText(openApiDocument(contract)), { ...(await resolveConfig(file)), filepath: file });
    fs.writeFileSync(file, text);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
