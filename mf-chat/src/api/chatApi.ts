import type { ChatReply, ChatRequestBody } from '@shop/api-types';
import { api } from '@shop/store-kit';

/** A slow answer becomes the spec's chat error (and a retry) rather than a dot animation forever. */
export const CHAT_TIMEOUT_MS = 30_000;

/**
 * The assistant's calls, injected into the storefront's one api. POST /api/chat needs no
 * credentials; the store kit adds a signed-in customer's token, so an order lands on the account.
 * The profile that prefills the address form is the store kit's (useGetProfileQuery).
 */
export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendChatMessage: build.mutation<ChatReply, ChatRequestBody>({
      query: (body) => ({ url: 'chat', method: 'POST', body, timeout: CHAT_TIMEOUT_MS }),
    }),
  }),
});
