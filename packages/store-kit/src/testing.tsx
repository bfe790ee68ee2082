/**
 * Test helpers for storefront screens: a real store, and fetch answered by route handlers so
 * screens run their real RTK Query calls. Not exported from the package index: tests import
 * '@shop/store-kit/testing'.
 */
import type { ReactElement, ReactNode } from 'react';
import { ACCESS_TABLE, accessPathPattern } from '@shop/api-types';
import { answerSchemaOf, expectAnswerMatches, PUBLISHED_DOCUMENTS, type Method } from '@shop/api-types/openapi/contractCheck';
import { Provider } from 'react-redux';
import { render } from '@testing-library/react';
import { createShopStore, type RootState } from './store';
import { api } from './api';
import { ToastHost } from './toasts';

export type RouteHandler = (request: Request, match: RegExpMatchArray) => unknown | Promise<unknown>;

export interface FakeResponse {
  status: number;
  body: unknown;
  /** What no service answers on purpose (a proxy's HTML page...): not held to the contract. */
  offContract?: true;
}

export const respond = (status: number, body: unknown): FakeResponse => ({ status, body });
/** An answer that breaks the contract on purpose, to test how a screen copes with it (not checked). */
export const offContract = (status: number, body: unknown): FakeResponse => ({ status, body, offContract: true });

const ROUTES = ACCESS_TABLE.map((row) => ({ row, pattern: accessPathPattern(row.path) }));

/** Answers that drifted from their service's published contract in the running test (failed by the hook below). */
const drifted: string[] = [];

/**
 * A success answer a handler gives in place of a service must be one that service's published
 * OpenAPI document allows (packages/api-types/openapi): else the screen is tested against a shop
 * that does not exist. The route is found in the access table; its answer schema in the document.
 */
function checkAnswer(method: string, pathname: string, status: number, body: unknown): void {
  if (status < 200 || status > 299) return;
  const served = ROUTES.find(({ row, pattern }) => row.method === method && pattern.test(pathname));
  if (!served) return;
  const document = PUBLISHED_DOCUMENTS[served.row.service];
  const path = served.row.path.replace(/:(\w+)/g, '{$1}');
  const verb = method.toLowerCase() as Method;
  if (!answerSchemaOf(document, verb, path)) return;
  try {
    expectAnswerMatches(document, verb, path, body);
  } catch (error) {
    drifted.push(`${method} ${pathname}: ${(error as Error).message}`);
  }
}

/** The drifted answers given since the last call, cleared (the hook below fails a test that leaves any). */
export const takeContractDrift = (): string[] => drifted.splice(0);

// Registered for every test file that imports these helpers, as testing-library registers its cleanup.
if (typeof afterEach === 'function')
  afterEach(() => {
    const found = takeContractDrift();
    if (found.length) throw new Error(`A test answered a call as no service would:\n${found.join('\n')}`);
  });

/**
 * Answers fetch from a table of `METHOD /path-regex` → handler; unknown calls answer 404. Every
 * success answer is checked against the serving service's published contract (checkAnswer).
 */
export function mockApi(routes: Record<string, RouteHandler>): jest.SpyInstance {
  const table = Object.entries(routes).map(([key, handler]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    return { method, pattern: new RegExp(`^${pattern}$`), handler };
  });
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '') + url.search;
    for (const route of table) {
      const match = route.method === request.method ? path.match(route.pattern) : null;
      if (!match) continue;
      const result = await route.handler(request, match);
      const {
        status,
        body,
        offContract: unchecked,
      } = typeof result === 'object' && result !== null && 'status' in result && 'body' in result
        ? (result as FakeResponse)
        : { status: 200, body: result };
      if (!unchecked) checkAnswer(request.method, url.pathname, status, body);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ message: `No test route for ${request.method} ${path}` }), { status: 404 });
  });
}

export function renderWithStore(ui: ReactElement, preloadedState?: Partial<RootState>) {
  const store = createShopStore(preloadedState);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      {children}
      <ToastHost />
    </Provider>
  );
  const result = render(ui, { wrapper: Wrapper });
  return { store, ...result };
}

/** Between tests: forget cached queries and stored carts. */
export function resetShopState(): void {
  localStorage.clear();
  api.util.resetApiState();
  jest.restoreAllMocks();
}
