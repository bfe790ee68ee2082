import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { injectedAdminSession, signOutAdmin } from '../session/adminSession';

/** The gateway serves /api on the page's origin; absolute so jsdom tests resolve the same URLs. */
export const adminApiBaseUrl = (): string => `${globalThis.location?.origin ?? 'http://localhost'}/api/`;

type StateWithAdmin = Parameters<typeof injectedAdminSession.selectSlice>[0];

export const adminToken = (state: unknown): string | null => injectedAdminSession.selectSlice(state as StateWithAdmin).token;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: adminApiBaseUrl(),
  prepareHeaders: (headers, { getState }) => {
    const token = adminToken(getState());
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    headers.set('accept', 'application/json');
    return headers;
  },
});

/**
 * Every admin call: a 401 means the staff token is gone or expired, a 403 that the token is not a
 * staff one. Either way the admin is signed out (keys cleared) and the guard sends them to
 * /admin/login, where the reason is shown.
 */
export const adminBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  const status = result.error?.status;
  if ((status === 401 || status === 403) && adminToken(api.getState())) {
    api.dispatch(signOutAdmin(status === 401 ? 'expired' : 'forbidden'));
  }
  return result;
};
