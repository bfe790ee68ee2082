/**
 * Holds test data to the services' published OpenAPI documents (the JSON files beside this one,
 * written by `npm run openapi` from each service's zod schemas and checked against them by each
 * service's tests). A remote's fixture or a service's real answer that drifts from the document
 * fails with the fields that differ. Tests only: front ends never load this.
 */
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import catalog from './catalog.json';
import chat from './chat.json';
import customers from './customers.json';
import orders from './orders.json';

export interface PublishedDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
}

export const PUBLISHED_DOCUMENTS: Record<'catalog' | 'customers' | 'orders' | 'chat', PublishedDocument> = {
  catalog,
  customers,
  orders,
  chat,
};

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type Schema = Record<string, unknown>;

interface OperationShape {
  requestBody?: { content?: { 'application/json'?: { schema?: Schema } } };
  responses?: Record<string, { content?: { 'application/json'?: { schema?: Schema } } }>;
}

function operationOf(document: PublishedDocument, method: Method, path: string): OperationShape {
  const operation = document.paths[path]?.[method] as OperationShape | undefined;
  if (!operation) throw new Error(`${document.info.title} has no ${method.toUpperCase()} ${path}`);
  return operation;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });

function check(schema: Schema, value: unknown, what: string): void {
  const validate = ajv.compile(schema);
  if (validate(value)) return;
  const problems = (validate.errors ?? []).map((error: ErrorObject) => `${error.instancePath || '(root)'} ${error.message ?? ''}`);
  throw new Error(`${what} does not match the published contract:\n  ${problems.slice(0, 10).join('\n  ')}`);
}

/** The JSON schema of an operation's success answer (200, else 201), if it answers JSON. */
export function answerSchemaOf(document: PublishedDocument, method: Method, path: string): Schema | undefined {
  const responses = operationOf(document, method, path).responses ?? {};
  return (responses['200'] ?? responses['201'])?.content?.['application/json']?.schema;
}

/** The JSON schema of an operation's request body, if it takes one. */
export function requestSchemaOf(document: PublishedDocument, method: Method, path: string): Schema | undefined {
  return operationOf(document, method, path).requestBody?.content?.['application/json']?.schema;
}

/** Throws, naming each mismatch, unless `value` is a success answer the document allows for the operation. */
export function expectAnswerMatches(document: PublishedDocument, method: Method, path: string, value: unknown): void {
  const schema = answerSchemaOf(document, method, path);
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} has no described answer in ${document.info.title}`);
  check(schema, value, `The answer of ${method.toUpperCase()} ${path}`);
}

/** Throws, naming each mismatch, unless `value` is a request body the document allows for the operation. */
export function expectRequestMatches(document: PublishedDocument, method: Method, path: string, value: unknown): void {
  const schema = requestSchemaOf(document, method, path);
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} takes no described body in ${document.info.title}`);
  check(schema, value, `The body of ${method.toUpperCase()} ${path}`);
}
