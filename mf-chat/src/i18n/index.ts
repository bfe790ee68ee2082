/** The assistant's strings (widget and /chat page): see @shop/store-kit's i18n for the pattern every storefront remote follows. */
import { defineCatalog, defineServerMessages } from '@shop/store-kit';

export const chatCatalog = defineCatalog({
  name: 'mf_chat',
  load: {
    en: () => import(/* webpackChunkName: "i18n-chat-en" */ './locales/en.json'),
    sw: () => import(/* webpackChunkName: "i18n-chat-sw" */ './locales/sw.json'),
  },
  // In the Swahili catalog's file: an English widget does not download them.
  serverMessages: async () => (await import(/* webpackChunkName: "i18n-chat-sw" */ './serverMessages')).SERVER_MESSAGE_RULES,
});

export const { useT, t } = chatCatalog;

/** The spec's English messages the widget shows (its chat error, the address checks, the minimum order) in the shopper's language. */
export const { useServerMessage, serverMessage } = defineServerMessages(chatCatalog);
