import { ACCESS_TABLE, type AccessRow } from '@shop/api-types';
import { z } from 'zod';

/**
 * A success answer that is not JSON: a file (the orders' CSV export, the payment simulator's page)
 * or a redirect (the payment provider's callback sends the shopper's browser on).
 */
export type OtherAnswer = { mediaType: 'text/csv' | 'text/html'; description: string } | { redirect: 302 | 303; description: string };

/** One route of a service's public contract, described from the zod schemas the route itself validates with. */
export interface ContractOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form: /api/site/products/view/{slug}. */
  path: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success answer: a zod schema of the JSON the route answers, or what else it answers. */
  answer: z.ZodType | OtherAnswer;
  /** The success statuses, 200 unless said (201 for what a call creates; both for an idempotent create). */
  statuses?: ReadonlyArray<200 | 201>;
}

export interface ServiceContract {
  /** The area's name in /api/docs/<area>. */
  area: string;
  title: string;
  /** The service's release (its package.json version). */
  version: string;
  operations: ContractOperation[];
}

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
};

// Requests are described as a client may send them (before coercion and defaults), answers as the
// service sends them. Refinements JSON Schema cannot say (a transform's output) become {}.
const requestSchema = (schema: z.ZodType) => withoutDialect(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
const answerSchema = (schema: z.ZodType) => withoutDialect(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));

/** OpenAPI 3.1's dialect is JSON Schema 2020-12 already; the per-schema $schema is noise there. */
function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

function parameters(where: 'path' | 'query', schema: z.ZodObject | undefined): unknown[] {
  if (!schema) return [];
  const json = requestSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** The access table's row of an operation; who may call it is said there once (x-access). */
function accessRowOf(area: string, operation: Pick<ContractOperation, 'method' | 'path'>): AccessRow {
  const path = operation.path.replace(/\{(\w+)\}/g, ':$1');
  const row = ACCESS_TABLE.find((item) => item.service === area && item.method === operation.method.toUpperCase() && item.path === path);
  if (!row)
    throw new Error(
      `${operation.method.toUpperCase()} ${operation.path} is described in the ${area} contract but has no row in the access table`,
    );
  return row;
}

function successAnswer(answer: ContractOperation['answer']): Record<string, unknown> {
  if (answer instanceof z.ZodType) return { description: 'Success.', content: { 'application/json': { schema: answerSchema(answer) } } };
  if ('redirect' in answer) return { description: answer.description, headers: { Location: { schema: { type: 'string' } } } };
  return { description: answer.description, content: { [answer.mediaType]: { schema: { type: 'string' } } } };
}

/** The answer of GET /api/docs/<area> itself: an OpenAPI 3.1 document. */
const DOCUMENT_ANSWER = z.strictObject({
  openapi: z.literal('3.1.0'),
  info: z.strictObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

const ERROR_ANSWER = {
  description: 'The request was refused: a message, and per-field messages for invalid input.',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['message'],
      },
    },
  },
};

/**
 * The OpenAPI 3.1 document of a service's contract, generated from the zod schemas its routes
 * validate with (zod 4's JSON Schema output, whose 2020-12 dialect is OpenAPI 3.1's own), so the
 * document cannot say something other than what the service checks.
 */
export function openApiDocument(contract: ServiceContract): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const operations: ContractOperation[] = [
    { method: 'get', path: `/api/docs/${contract.area}`, summary: "This document: the service's contract.", answer: DOCUMENT_ANSWER },
    ...contract.operations,
  ];
  for (const operation of operations) {
    const answer = successAnswer(operation.answer);
    const params = [...parameters('path', operation.params), ...parameters('query', operation.query)];
    (paths[operation.path] ??= {})[operation.method] = {
      summary: operation.summary,
      'x-access': accessRowOf(contract.area, operation).caller,
      ...(params.length ? { parameters: params } : {}),
      ...(operation.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: requestSchema(operation.body) } } } }
        : {}),
      responses: { ...Object.fromEntries((operation.statuses ?? [200]).map((status) => [String(status), answer])), '4XX': ERROR_ANSWER },
    };
  }
  return { openapi: '3.1.0', info: { title: contract.title, version: contract.version }, paths };
}

/**
 * The document as committed in packages/api-types/openapi/<area>.json. The release is left out:
 * a version bump alone must not make the published contract differ.
 */
export function publishedDocumentText(document: OpenApiDocument): string {
  return `${JSON.stringify({ ...document, info: { ...document.info, version: 'see GET /api/docs/<area>' } }, null, 2)}\n`;
}
