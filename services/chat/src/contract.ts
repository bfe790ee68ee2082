import { chatReplyAnswerSchema } from '@shop/api-types';
import type { ServiceContract } from '@shop/service-kit';
import packageJson from '../package.json';
import { chatBodySchema } from './routes';

/** The shopping assistant's public contract (GET /api/docs/chat), from the schema its route validates with. */
export const CHAT_CONTRACT: ServiceContract = {
  area: 'chat',
  title: 'Shwari Shop shopping assistant',
  version: packageJson.version,
  operations: [
    {
      method: 'post',
      path: '/api/chat',
      summary: 'One turn of a conversation with the assistant.',
      body: chatBodySchema,
      answer: chatReplyAnswerSchema,
    },
  ],
};
