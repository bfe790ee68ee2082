import { ACCESS_TABLE, accessKey } from '../src/access';
import {
  answerSchemaOf,
  expectAnswerMatches,
  expectRequestMatches,
  PUBLISHED_DOCUMENTS,
  type Method,
  type PublishedDocument,
} from './contractCheck';

/** The access table's `/x/:id` as the documents spell it: `/x/{id}`. */
const documentPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

interface Responses {
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }>; headers?: { Location?: unknown } }>;
}

/** What a route's success answer is described as: a JSON schema, another media type, a redirect, or nothing. */
function successOf(document: PublishedDocument, method: Method, path: string): string {
  const operation = document.paths[path]?.[method] as Responses | undefined;
  if (!operation) return 'no operation';
  const [status, answer] = Object.entries(operation.responses ?? {}).find(([code]) => /^2\d\d$/.test(code)) ?? [];
  if (!status || !answer) return 'no success answer';
  if (answer.content?.['application/json']?.schema) return 'json';
  if (answer.content && Object.values(answer.content).some((media) => media.schema)) return 'file';
  if (/^30[237]$/.test(status) || answer.headers?.Location) return 'redirect';
  return 'no success answer';
}

describe('every route of the access table has its answer in its service document', () => {
  it.each(ACCESS_TABLE.map((row) => [accessKey(row), row] as const))('%s', (_key, row) => {
    const document = PUBLISHED_DOCUMENTS[row.service];
    const method = row.method.toLowerCase() as Method;
    const success = successOf(document, method, documentPath(row.path));
    expect(['json', 'file', 'redirect']).toContain(success);
    // Refusals are described too, in the one error shape every service answers with.
    const refusal = (document.paths[documentPath(row.path)]?.[method] as Responses).responses?.['4XX']?.content?.['application/json']
      ?.schema;
    expect(refusal).toMatchObject({ required: ['message'] });
  });

  it('describes no route the access table does not serve', () => {
    const served = new Set(ACCESS_TABLE.map((row) => `${row.service} ${row.method.toLowerCase()} ${documentPath(row.path)}`));
    const described = Object.entries(PUBLISHED_DOCUMENTS).flatMap(([service, document]) =>
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${service} ${method} ${path}`),
      ),
    );
    expect(described.filter((operation) => !served.has(operation))).toEqual([]);
  });
});

describe('the contract check', () => {
  const brand = {
    id: 1,
    name: 'Mlima Gold',
    slug: 'mlima-gold',
    image: '/media/brands/mlima-gold.svg',
    company: 'Mlima Mills',
    color: '#c8102e',
  };

  it('passes a fixture that matches the answer', () => {
    expect(() => expectAnswerMatches(PUBLISHED_DOCUMENTS.catalog, 'get', '/api/site/brands', [brand])).not.toThrow();
  });

  it('fails a fixture with a field renamed, naming the field', () => {
    const { slug, ...renamed } = brand;
    expect(() => expectAnswerMatches(PUBLISHED_DOCUMENTS.catalog, 'get', '/api/site/brands', [{ ...renamed, brand_slug: slug }])).toThrow(
      /\/0 must have required property 'slug'[\s\S]*\/0 must NOT have additional properties/,
    );
  });

  it('fails a fixture whose field has the wrong type', () => {
    const profile = {
      id: 7,
      first_name: 'Wanjiku',
      last_name: 'Kamau',
      email: 'w@example.com',
      phone: null,
      photo: null,
      loyalty_points: { current_balance: '150' },
    };
    expect(() => expectAnswerMatches(PUBLISHED_DOCUMENTS.customers, 'get', '/api/get-profile', profile)).toThrow(
      /\/loyalty_points\/current_balance must be integer/,
    );
  });

  it('reads 201 answers (what a call creates)', () => {
    expect(answerSchemaOf(PUBLISHED_DOCUMENTS.orders, 'post', '/api/site/orders/store')).toBeDefined();
    expect(() => expectAnswerMatches(PUBLISHED_DOCUMENTS.orders, 'post', '/api/site/orders/store', { data: { id: 1 } })).toThrow(
      /\/data must have required property 'order_number'/,
    );
  });

  it('fails a request body the route would refuse', () => {
    expect(() => expectRequestMatches(PUBLISHED_DOCUMENTS.catalog, 'post', '/internal/products/lookup', { ids: ['7'] })).toThrow(
      /\/ids\/0 must be/,
    );
  });

  it('names a route the document does not have', () => {
    expect(() => expectAnswerMatches(PUBLISHED_DOCUMENTS.catalog, 'get', '/api/site/brandz', [])).toThrow(/has no GET \/api\/site\/brandz/);
  });
});
