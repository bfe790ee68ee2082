import { z } from 'zod';

/** Who may call an operation, as the gateway's access table names it. */
export type OperationAccess = 'public' | 'customer' | 'guest or customer' | 'staff' | 'order owner or payment key';

/** One route of a service's public contract, described from the zod schemas the route itself validates with. */
export interface ContractOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form: /api/site/products/view/{slug}. */
  path: string;
  summary: string;
  access: OperationAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success answer (200); omitted when the contract does not describe it yet. */
  answer?: z.ZodType;
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
  for (const operation of contract.operations) {
    const answer = operation.answer
      ? { description: 'Success.', content: { 'application/json': { schema: answerSchema(operation.answer) } } }
      : { description: 'Success (the answer is not described yet).' };
    const params = [...parameters('path', operation.params), ...parameters('query', operation.query)];
    (paths[operation.path] ??= {})[operation.method] = {
      summary: operation.summary,
      'x-access': operation.access,
      ...(params.length ? { parameters: params } : {}),
      ...(operation.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: requestSchema(operation.body) } } } }
        : {}),
      responses: { '200': answer, '4XX': ERROR_ANSWER },
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
