import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Provider, useStore } from 'react-redux';
import type { Action, Dispatch, Middleware, MiddlewareAPI, Store } from '@reduxjs/toolkit';
import { rootReducer } from '@shop/store-kit';
import { injectedAdminSession, type AdminSessionState } from '../session/adminSession';
import { adminApi } from './adminApi';

// The admin's cache lives in the shell's one store, under state.adminApi (RTK 2 combineSlices().inject).
export const adminRootReducer = rootReducer.inject(adminApi);
void injectedAdminSession;

type AnyThunk = (dispatch: Dispatch, getState: () => unknown, extra: unknown) => unknown;

/**
 * RTK Query needs its middleware in the dispatch chain, and the shell's store was configured with
 * the storefront api's middleware only (store-kit has no dynamic middleware). So the admin area gets
 * a scoped view of the same store: same state and subscriptions, but a dispatch that runs thunks
 * itself and passes every action through adminApi.middleware before the store's own chain. Every
 * action the admin screens and their RTK Query thunks dispatch therefore goes through the admin
 * middleware (cache lifetimes, tag invalidation, polling), while the state stays in the one store.
 * If store-kit ever adds RTK's createDynamicMiddleware, this becomes a plain addMiddleware call.
 */
export function scopeAdminStore<S extends Store>(store: S): S {
  let dispatch: Dispatch = () => {
    throw new Error('The admin store is still being set up.');
  };
  const middlewareApi: MiddlewareAPI = {
    getState: store.getState,
    dispatch: ((action: unknown) => dispatch(action as Action)) as Dispatch,
  };
  const runThunks: Middleware = (api) => (next) => (action) =>
    typeof action === 'function' ? (action as AnyThunk)(api.dispatch, api.getState, undefined) : next(action);
  const withApi = adminApi.middleware(middlewareApi)(store.dispatch as unknown as (action: unknown) => unknown);
  dispatch = runThunks(middlewareApi)(withApi as (action: unknown) => unknown) as Dispatch;
  return { ...store, dispatch };
}

/** Whether the store already holds the admin's two slices (a reducer injected later gets its state with the next action). */
function hasAdminState(store: Store): boolean {
  const state = store.getState() as Record<string, unknown>;
  return state.adminApi !== undefined && state.adminSession !== undefined;
}

const scoped = new WeakMap<Store, Store>();

/** Renders its children against the scoped store, once the injected admin slices have their state. */
export function AdminStoreProvider({ children }: { children: ReactNode }): JSX.Element | null {
  const store = useStore();
  const adminStore = useMemo(() => {
    let found = scoped.get(store);
    if (!found) {
      found = scopeAdminStore(store);
      scoped.set(store, found);
    }
    return found;
  }, [store]);
  const [ready, setReady] = useState(() => hasAdminState(store));
  useEffect(() => {
    // A freshly injected reducer gets its state with the next action.
    if (!hasAdminState(adminStore)) adminStore.dispatch({ type: 'mf-admin/attached' });
    setReady(true);
  }, [adminStore]);
  if (!ready) return null;
  return <Provider store={adminStore}>{children}</Provider>;
}

/** The shell's state plus the admin's two slices. */
export type AdminRootState = ReturnType<typeof adminRootReducer> & { adminSession: AdminSessionState };
