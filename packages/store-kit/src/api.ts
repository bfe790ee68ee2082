import {
  buildCreateApi,
  coreModule,
  fetchBaseQuery,
  reactHooksModule,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { signedOut, type SessionState } from './session/sessionSlice';

/** What the api reads of the store: the session's token (the store imports the api, so not the store's own type). */
type WithSession = { session: SessionState };

/** Absolute, so requests resolve the same in browsers and in jsdom tests; the gateway serves /api on the page's origin. */
export const apiBaseUrl = (): string => `${globalThis.location?.origin ?? 'http://localhost'}/api/`;

/**
 * The one RTK Query api of the storefront. It starts with no endpoints: each remote injects its
 * own (api.injectEndpoints), so a remote ships only the calls it makes.
 */
const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as WithSession).session.token;
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** A 401 on a call made with the customer's token means the session is over: sign out everywhere. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extraOptions) => {
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  if (result.error?.status === 401 && (queryApi.getState() as WithSession).session.token) queryApi.dispatch(signedOut());
  return result;
};

/**
 * On the server (the gateway draws a page's first screen, see services/gateway/src/ssr), a query
 * hook starts its request while rendering, so one render finds every call a page makes; in a
 * browser hooks start requests after mounting, as usual.
 */
const createShopApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }));

export const api = createShopApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Product', 'Brand', 'Category', 'Profile', 'Address', 'Order', 'Points'],
  endpoints: () => ({}),
});
