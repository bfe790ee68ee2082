/**
 * Test helpers for storefront screens: a real store, and fetch answered by route handlers so
 * screens run their real RTK Query calls. Not exported from the package index: tests import
 * '@shop/store-kit/testing'.
 */
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { render } from '@testing-library/react';
import { createShopStore, type RootState } from './store';
import { api } from './api';
import { ToastHost } from './toasts';

export type RouteHandler = (request: Request, match: RegExpMatchArray) => unknown | Promise<unknown>;

export interface FakeResponse {
  status: number;
  body: unknown;
}

export const respond = (status: number, body: unknown): FakeResponse => ({ status, body });

/** Answers fetch from a table of `METHOD /path-regex` → handler; unknown calls answer 404. */
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
      const { status, body } =
        typeof result === 'object' && result !== null && 'status' in result && 'body' in result
          ? (result as FakeResponse)
          : { status: 200, body: result };
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
