import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { CHAT_ERROR_MESSAGE, type ChatReply } from '@shop/api-types';
import { customerForgotten, rootReducer, signedOut, type RootState } from '@shop/store-kit';
import type { ChatControls, ChatEntry, ChatState, Outgoing } from './chatTypes';
import { loadConversation, newSessionId } from './storage';

/** Enough to scroll back through; older bubbles are dropped (and not kept in session storage). */
export const MAX_ENTRIES = 80;

export const NO_CONTROLS: ChatControls = { step: 'browsing', counties: [], subcounties: [], suggestions: [], show_address_form: false };

export function initialChatState(): ChatState {
  const saved = loadConversation();
  return {
    sessionId: saved?.sessionId ?? newSessionId(),
    entries: saved?.entries ?? [],
    controls: saved?.controls ?? NO_CONTROLS,
    place: saved?.place ?? { countyId: null, subCountyId: null },
    pending: false,
    failed: null,
    nextId: saved?.nextId ?? 1,
  };
}

/**
 * A conversation not started yet, as after a sign-out: nothing of the customer's, and no id, so the
 * next message chooses a new one (sendToAssistant) and the forgotten conversation is never continued.
 */
export function newConversation(): ChatState {
  return {
    sessionId: '',
    entries: [],
    controls: NO_CONTROLS,
    place: { countyId: null, subCountyId: null },
    pending: false,
    failed: null,
    nextId: 1,
  };
}

const list = <T>(value: T[] | undefined | null): T[] => (Array.isArray(value) ? value : []);

function push(state: ChatState, entry: Omit<ChatEntry, 'id'>): void {
  state.entries.push({ ...entry, id: state.nextId });
  state.nextId += 1;
  if (state.entries.length > MAX_ENTRIES) state.entries.splice(0, state.entries.length - MAX_ENTRIES);
}

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    /** The slice's state exists from here on (an injected reducer gets its state with the next action). */
    chatAttached() {},
    /** The first message of a new conversation (after a sign-out) chose its id. */
    conversationStarted(state, action: PayloadAction<string>) {
      state.sessionId = action.payload;
    },
    messageSent(state, action: PayloadAction<{ outgoing: Outgoing; retry?: boolean }>) {
      const { outgoing, retry } = action.payload;
      state.pending = true;
      state.failed = null;
      for (const entry of state.entries) if (entry.failed) delete entry.failed;
      if (!retry && outgoing.display !== null) push(state, { from: 'shopper', text: outgoing.display });
    },
    replyReceived(state, action: PayloadAction<ChatReply>) {
      const reply = action.payload;
      state.pending = false;
      const products = list(reply.products);
      push(state, {
        from: 'assistant',
        text: typeof reply.text === 'string' ? reply.text : '',
        ...(products.length ? { products } : {}),
        ...(reply.checkout ? { checkout: reply.checkout } : {}),
      });
      state.controls = {
        step: reply.step ?? 'browsing',
        counties: list(reply.counties),
        subcounties: list(reply.subcounties),
        suggestions: list(reply.suggestions).filter((text) => typeof text === 'string' && text.trim() !== ''),
        show_address_form: reply.show_address_form === true,
      };
      if (state.controls.step === 'browsing') state.place = { countyId: null, subCountyId: null };
      else if (state.controls.step === 'county')
        state.place = { countyId: state.place.countyId, countyName: state.place.countyName, subCountyId: null };
      // An unknown or expired id started a new conversation under the server's id.
      if (typeof reply.session_id === 'string' && reply.session_id) state.sessionId = reply.session_id;
    },
    replyFailed(state, action: PayloadAction<Outgoing>) {
      state.pending = false;
      state.failed = action.payload;
      push(state, { from: 'assistant', text: CHAT_ERROR_MESSAGE, failed: true });
    },
    countyChosen(state, action: PayloadAction<{ id: number; name: string }>) {
      state.place = { countyId: action.payload.id, countyName: action.payload.name, subCountyId: null };
    },
    subCountyChosen(state, action: PayloadAction<{ id: number; name: string }>) {
      state.place.subCountyId = action.payload.id;
      state.place.subCountyName = action.payload.name;
    },
  },
  extraReducers: (builder) => {
    // The customer signed out (here, by a 401 or in another tab): the conversation may hold their
    // contact, address and order, and the next person at this computer must not see or continue it.
    // The store kit has already removed its saved copy from session storage (forgetCustomer).
    builder.addMatcher(isAnyOf(signedOut, customerForgotten), () => newConversation());
  },
  selectors: {
    selectChat: (chat) => chat,
  },
});

export const { chatAttached, conversationStarted, messageSent, replyReceived, replyFailed, countyChosen, subCountyChosen } =
  chatSlice.actions;

/** The conversation lives in the shell's one store, under state.chat (RTK 2 combineSlices().inject). */
export const injectedChatSlice = chatSlice.injectInto(rootReducer);

export type ChatRootState = RootState & { chat?: ChatState };

/** The conversation; its initial state until the slice has state of its own. */
export const selectChat = (state: RootState): ChatState => injectedChatSlice.selectSlice(state as ChatRootState & { chat: ChatState });

/** Whether the store already holds the conversation (see chatAttached). */
export const hasChatState = (state: RootState): boolean => (state as ChatRootState).chat !== undefined;
