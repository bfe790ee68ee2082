import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { CSRF_HEADER } from '@shop/api-types';
import { injectedAdminSession, signOutAdmin } from '../session/adminSession';

/** The gateway serves /api on the page's origin; absolute so jsdom tests resolve the same URLs. */
export const adminApiBaseUrl = (): string => `${globalThis.location?.origin ?? 'http://localhost'}/api/`;

type StateWithAdmin = Parameters<typeof injectedAdminSession.selectSlice>[0];

/** The signed-in session's CSRF token, or null. */
export const adminCsrf = (state: unknown): string | null => injectedAdminSession.selectSlice(state as StateWithAdmin).csrf;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const methodOf = (arg: string | FetchArgs): string => (typeof arg === 'string' ? 'GET' : (arg.method ?? 'GET').toUpperCase());

const rawBaseQuery = fetchBaseQuery({
  baseUrl: adminApiBaseUrl(),
  // The session is the HttpOnly cookie, sent by the browser to the page's own origin only.
  credentials: 'same-origin',
  prepareHeaders: (headers, { getState, arg }) => {
    const csrf = adminCsrf(getState());
    if (csrf && !SAFE_METHODS.has(methodOf(arg))) headers.set(CSRF_HEADER, csrf);
    headers.set('accept', 'application/json');
    return headers;
  },
});

/**
 * Every admin call: a 401 means the staff session is gone or expired, a 403 that it is not a staff
 * one (or its CSRF token is no longer the session's). Either way the admin is signed out and the
 * guard sends them to /admin/login, where the reason is shown.
 */
export const adminBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  const status = result.error?.status;
  if ((status === 401 || status === 403) && adminCsrf(api.getState())) {
    api.dispatch(signOutAdmin(status === 401 ? 'expired' : 'forbidden'));
  }
  return result;
};
