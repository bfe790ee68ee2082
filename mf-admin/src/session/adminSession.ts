import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STAFF_PAGE_COOKIE } from '@shop/api-types';
import { rootReducer } from '@shop/store-kit';

/**
 * The staff session itself is an HttpOnly cookie no script can read (set by POST /api/admin/session,
 * sent by the browser with every /api call). What the page knows is the session's CSRF token, which
 * every non-GET call echoes in X-CSRF-Token, and who is signed in: from the login answer, or after a
 * reload from the readable page cookie the same login set (STAFF_PAGE_COOKIE, Path=/admin). Nothing
 * of it is kept in local storage.
 */

/** Why the admin was signed out without asking: the login page explains it. */
export type SignOutReason = 'expired' | 'forbidden';

export interface AdminSessionState {
  /** The session's CSRF token; null when no one is signed in. */
  csrf: string | null;
  name: string | null;
  email: string | null;
  notice: SignOutReason | null;
}

export interface AdminSignIn {
  csrf: string;
  name: string;
  email: string;
}

const SIGNED_OUT: AdminSessionState = { csrf: null, name: null, email: null, notice: null };

/** The page cookie's `{csrf_token, name, email}`, or null when there is none or it is not ours. */
export function readPageCookie(cookies: string = globalThis.document?.cookie ?? ''): AdminSignIn | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== STAFF_PAGE_COOKIE) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(part.slice(separator + 1).trim()));
      if (typeof value !== 'object' || value === null) return null;
      const { csrf_token, name, email } = value as Record<string, unknown>;
      if (typeof csrf_token !== 'string' || csrf_token === '') return null;
      return { csrf: csrf_token, name: typeof name === 'string' ? name : '', email: typeof email === 'string' ? email : '' };
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The page cookie is forgotten here too on a 401 or 403 (the server only clears it on logout), so a
 * reload does not show the back office to a session that has ended. Both paths: /admin as the server
 * sets it, and the page's own default path.
 */
function forgetPageCookie(): void {
  const doc = globalThis.document;
  if (!doc) return;
  const expired = `${STAFF_PAGE_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict`;
  doc.cookie = `${expired}; Path=/admin`;
  doc.cookie = expired;
}

export const loadAdminSession = (): AdminSessionState => {
  const session = readPageCookie();
  return session ? { ...session, notice: null } : SIGNED_OUT;
};

export const adminSessionSlice = createSlice({
  name: 'adminSession',
  initialState: loadAdminSession,
  reducers: {
    adminSignedIn(_state, action: PayloadAction<AdminSignIn>) {
      return { ...action.payload, notice: null };
    },
    adminSignedOut(_state, action: PayloadAction<SignOutReason | undefined>) {
      return { ...SIGNED_OUT, notice: action.payload ?? null };
    },
    adminNoticeSeen(state) {
      state.notice = null;
    },
  },
  selectors: {
    selectAdminSignedIn: (state) => state.csrf !== null,
    selectAdminCsrf: (state) => state.csrf,
    selectAdminName: (state) => state.name,
    selectAdminEmail: (state) => state.email,
    selectAdminNotice: (state) => state.notice,
  },
});

/** Plugged into the shell's one store at run time (RTK 2 combineSlices().inject). */
export const injectedAdminSession = adminSessionSlice.injectInto(rootReducer);

export const { adminSignedIn, adminSignedOut, adminNoticeSeen } = adminSessionSlice.actions;
export const { selectAdminSignedIn, selectAdminCsrf, selectAdminName, selectAdminEmail, selectAdminNotice } =
  injectedAdminSession.selectors;

type PlainDispatch = (action: ReturnType<typeof adminSignedIn> | ReturnType<typeof adminSignedOut>) => unknown;

/** Login success: the server has set the cookies; the page keeps the CSRF token and the name. */
export const signInAdmin =
  (session: AdminSignIn) =>
  (dispatch: PlainDispatch): void => {
    dispatch(adminSignedIn(session));
  };

/** Log out, a 401 (session no longer good) or a 403 (not a staff session): forget the admin everywhere. */
export const signOutAdmin =
  (reason?: SignOutReason) =>
  (dispatch: PlainDispatch): void => {
    forgetPageCookie();
    dispatch(adminSignedOut(reason));
  };
