import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../storageKeys';

/** The signed-in customer, kept under the spec's local storage keys (token, full name, email). */
export interface SessionState {
  token: string | null;
  name: string | null;
  email: string | null;
}

const read = (key: string): string | null => {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

export const loadStoredSession = (): SessionState => {
  const token = read(STORAGE_KEYS.customerToken);
  return token
    ? { token, name: read(STORAGE_KEYS.customerName), email: read(STORAGE_KEYS.customerEmail) }
    : { token: null, name: null, email: null };
};

/** Any state with the session in it (the store's root state): the slice does not import the store, which imports it. */
interface WithSession {
  session: SessionState;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: loadStoredSession,
  reducers: {
    signedIn(_state, action: PayloadAction<{ token: string; name: string; email: string }>) {
      return action.payload;
    },
    /** Log out, or the server said the token is no longer good (401). */
    signedOut() {
      return { token: null, name: null, email: null };
    },
    sessionRenamed(state, action: PayloadAction<{ name: string; email: string }>) {
      if (!state.token) return;
      state.name = action.payload.name;
      state.email = action.payload.email;
    },
    sessionHydrated() {
      return loadStoredSession();
    },
  },
});

export const { signedIn, signedOut, sessionRenamed, sessionHydrated } = sessionSlice.actions;

/**
 * The customer's session ended, however it ended (Log Out, a 401, another tab signing out: the last
 * reaches this tab as sessionHydrated, not signedOut), and what this browser stored of theirs is
 * gone (forgetCustomer): parts of the shop that keep the customer's things in memory (the
 * assistant's conversation, a remote's slice) drop them on this action.
 */
export const customerForgotten = createAction('session/customerForgotten');

export const selectCustomerToken = (state: WithSession) => state.session.token;
export const selectIsSignedIn = (state: WithSession) => state.session.token !== null;
export const selectCustomerName = (state: WithSession) => (state.session.token ? state.session.name : null);
