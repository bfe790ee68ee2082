/**
 * The services' messages the account screens show, said in the shopper's language with the
 * account's catalog and its rules (serverMessageRules.ts): see @shop/store-kit's defineServerMessages.
 */
import { defineServerMessages } from '@shop/store-kit';
import { accountCatalog } from '.';

export const { useServerMessage, serverMessage } = defineServerMessages(accountCatalog);
