import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppSelector, type RootState } from '@shop/store-kit';
import { chatAttached, hasChatState, selectChat } from './chatSlice';
import type { ChatState } from './chatTypes';

/**
 * True once the store holds the conversation. The chat slice is injected when this remote loads,
 * and an injected reducer gets its state with the next action: until then nothing reads it.
 */
export function useChatReady(): boolean {
  const store = useStore<RootState>();
  const [ready, setReady] = useState(() => hasChatState(store.getState()));
  useEffect(() => {
    if (!hasChatState(store.getState())) store.dispatch(chatAttached());
    setReady(true);
  }, [store]);
  return ready;
}

/** The conversation (only below a component that waited for useChatReady). */
export const useChat = (): ChatState => useAppSelector(selectChat);
