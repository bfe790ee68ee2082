/** `npm run migrate -w @shop/chat-service`: migrate, then exit. */
import { createDatabase } from '@shop/service-kit';
import { prepareChatDatabase } from './setup';

const db = createDatabase({ service: 'chat' });
prepareChatDatabase(db)
  .then(() => console.log('chat: migrated'))
  .finally(() => db.destroy())
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
