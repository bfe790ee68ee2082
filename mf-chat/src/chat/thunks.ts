import { DEFAULT_LANGUAGE, type ChatCartLine, type ChatReply, type ChatRequestBody, type ShopLanguage } from '@shop/api-types';
import { cartReplaced, type AppThunk, type CartLine } from '@shop/store-kit';
import { chatApi } from '../api/chatApi';
import { conversationStarted, countyChosen, messageSent, replyFailed, replyReceived, selectChat, subCountyChosen } from './chatSlice';
import type { Outgoing } from './chatTypes';
import { GREETINGS } from './controlMessages';
import { randomId, saveConversation } from './storage';

/** The spec's opening message, sent when the assistant is first opened (in English; see GREETINGS). */
export const GREETING = GREETINGS[DEFAULT_LANGUAGE];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Enough of a reply to show: a text and a session id; every list may be missing. */
const isReply = (value: unknown): value is ChatReply => isObject(value) && typeof value.text === 'string';

const sameCart = (a: CartLine[], b: ChatCartLine[]): boolean =>
  a.length === b.length &&
  a.every(
    (line, index) => line.id === b[index]?.id && line.quantity === b[index]?.quantity && line.product_total === b[index]?.product_total,
  );

/**
 * Sends one message with the storefront's cart; the reply's cart replaces the store kit's (so the
 * header count and the drawer follow the chat). One message at a time; a failure shows the spec's
 * chat error and keeps the message for 'Try again'.
 */
export const sendToAssistant =
  (outgoing: Outgoing, options: { retry?: boolean } = {}): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    if (selectChat(getState()).pending) return;
    if (!selectChat(getState()).sessionId) dispatch(conversationStarted(randomId()));
    dispatch(messageSent({ outgoing, retry: options.retry }));
    saveConversation(selectChat(getState()));
    const sessionId = selectChat(getState()).sessionId;
    const body: ChatRequestBody = {
      message: outgoing.message,
      frontend_cart: getState().cart.items,
      session_id: sessionId,
      ...(outgoing.contact ? { contact: outgoing.contact } : {}),
    };
    const request = dispatch(chatApi.endpoints.sendChatMessage.initiate(body));
    let reply: unknown = null;
    let failure: unknown = null;
    try {
      reply = await request.unwrap();
    } catch (error) {
      failure = error;
    } finally {
      request.reset();
    }
    // The customer signed out while the assistant was answering: the answer (and its cart) belongs
    // to the conversation forgotten with them.
    if (selectChat(getState()).sessionId !== sessionId) return;
    if (failure === null && isReply(reply)) {
      if (Array.isArray(reply.cart) && !sameCart(getState().cart.items, reply.cart)) dispatch(cartReplaced(reply.cart));
      dispatch(replyReceived(reply));
    } else {
      console.warn(
        'The shopping assistant could not answer',
        failure ?? new Error('The assistant answered something that is not a chat reply'),
      );
      dispatch(replyFailed(outgoing));
    }
    saveConversation(selectChat(getState()));
  };

/** Opens the conversation with 'Hello' ('Habari' on the Swahili shop) unless it has started already (a reload continues it). */
export const startConversation =
  (language: ShopLanguage = DEFAULT_LANGUAGE): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const chat = selectChat(getState());
    if (chat.pending || chat.entries.length > 0) return;
    await dispatch(sendToAssistant({ message: GREETINGS[language], display: null }));
  };

/** 'Try again' after a failure: the same message, without a second bubble. */
export const retryLastMessage = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const failed = selectChat(getState()).failed;
  if (failed) await dispatch(sendToAssistant(failed, { retry: true }));
};

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A message typed by the shopper. When the assistant is asking for a county or a sub-county and the
 * text names one (or is its id), it counts as choosing it, so the address still carries the place.
 */
export const sendTyped =
  (text: string): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const message = text.trim();
    if (!message) return;
    const { controls } = selectChat(getState());
    const county = controls.counties.find((place) => sameName(place.name, message) || String(place.id) === message);
    const subCounty = controls.subcounties.find((place) => sameName(place.name, message) || String(place.id) === message);
    if (subCounty) dispatch(subCountyChosen(subCounty));
    else if (county) dispatch(countyChosen(county));
    await dispatch(sendToAssistant({ message, display: message }));
  };
