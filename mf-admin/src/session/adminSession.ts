import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, STORAGE_KEYS } from '@shop/store-kit';

/** The admin's own keys: the customer's session (customer_token…) is a different person's and stays untouched. */
export const ADMIN_KEYS = { token: STORAGE_KEYS.adminToken, name: STORAGE_KEYS.adminName, email: STORAGE_KEYS.adminEmail } as const;

/** Why the admin was signed out without asking: the login page explains it. */
export type SignOutReason = 'expired' | 'forbidden';

export interface AdminSessionState {
  token: string | null;
  name: string | null;
  email: string | null;
  notice: SignOutReason | null;
}

const read = (key: string): string | null => {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

export const loadAdminSession = (): AdminSessionState => {
  const token = read(ADMIN_KEYS.token);
  return token
    ? { token, name: read(ADMIN_KEYS.name), email: read(ADMIN_KEYS.email), notice: null }
    : { token: null, name: null, email: null, notice: null };
};

/** Writes or clears the three keys; storage that throws (private mode) keeps the session in memory only. */
export function persistAdminSession(session: { token: string; name: string; email: string } | null): void {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return;
    if (session) {
      storage.setItem(ADMIN_KEYS.token, session.token);
      storage.setItem(ADMIN_KEYS.name, session.name);
      storage.setItem(ADMIN_KEYS.email, session.email);
    } else {
      storage.removeItem(ADMIN_KEYS.token);
      storage.removeItem(ADMIN_KEYS.name);
      storage.removeItem(ADMIN_KEYS.email);
    }
  } catch {
    // Storage blocked: nothing to clear or keep.
  }
}

export const adminSessionSlice = createSlice({
  name: 'adminSession',
  initialState: loadAdminSession,
  reducers: {
    adminSignedIn(_state, action: PayloadAction<{ token: string; name: string; email: string }>) {
      return { ...action.payload, notice: null };
    },
    adminSignedOut(_state, action: PayloadAction<SignOutReason | undefined>) {
      return { token: null, name: null, email: null, notice: action.payload ?? null };
    },
    adminNoticeSeen(state) {
      state.notice = null;
    },
  },
  selectors: {
    selectAdminToken: (state) => state.token,
    selectAdminName: (state) => state.name,
    selectAdminEmail: (state) => state.email,
    selectAdminNotice: (state) => state.notice,
  },
});

/** Plugged into the shell's one store at run time (RTK 2 combineSlices().inject). */
export const injectedAdminSession = adminSessionSlice.injectInto(rootReducer);

export const { adminSignedIn, adminSignedOut, adminNoticeSeen } = adminSessionSlice.actions;
export const { selectAdminToken, selectAdminName, selectAdminEmail, selectAdminNotice } = injectedAdminSession.selectors;

type PlainDispatch = (action: ReturnType<typeof adminSignedIn> | ReturnType<typeof adminSignedOut>) => unknown;

/** Login success: the keys first, then the state (a reload in between still finds the session). */
export const signInAdmin =
  (session: { token: string; name: string; email: string }) =>
  (dispatch: PlainDispatch): void => {
    persistAdminSession(session);
    dispatch(adminSignedIn(session));
  };

/** Log out, a 401 (token no longer good) or a 403 (not a staff token): forget the admin everywhere. */
export const signOutAdmin =
  (reason?: SignOutReason) =>
  (dispatch: PlainDispatch): void => {
    persistAdminSession(null);
    dispatch(adminSignedOut(reason));
  };
