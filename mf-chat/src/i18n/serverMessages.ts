/**
 * The spec's English messages the widget shows, each with the catalog id that says it in another
 * language: its own chat error and address checks, and the minimum order. The assistant's replies
 * need no rules: it already answers in the shopper's language. serverMessageProblems (in the tests)
 * keeps each `server.*` entry of en.json equal to these words.
 */
import { CHAT_ADDRESS_MESSAGE, CHAT_ERROR_MESSAGE, MINIMUM_ORDER_MESSAGE } from '@shop/api-types';
import type { ServerMessageRule } from '@shop/store-kit';
import { EMAIL_MESSAGE, PHONE_MESSAGE } from '../chat/address';
import type en from './locales/en.json';

type ServerId = Extract<keyof typeof en, `server.${string}`>;

export const SERVER_MESSAGE_RULES: ReadonlyArray<ServerMessageRule<ServerId>> = [
  [CHAT_ERROR_MESSAGE, 'server.chatError'],
  [CHAT_ADDRESS_MESSAGE, 'server.addressMissing'],
  [PHONE_MESSAGE, 'server.phoneDigits'],
  [EMAIL_MESSAGE, 'server.emailInvalid'],
  [MINIMUM_ORDER_MESSAGE, 'server.minimumOrder'],
];
