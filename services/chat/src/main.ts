import { checkpointInBackground, closeOnSignals, createDatabase, createLogger, listen, serviceListenAddress } from '@shop/service-kit';
import { buildChatServices, createChatApp } from './app';
import { loadChatConfig } from './config';
import { prepareChatDatabase, tuneChatDatabase } from './db/setup';

const PRUNE_EVERY_MS = 6 * 3600 * 1000;

async function main(): Promise<void> {
  const logger = createLogger('chat');
  const config = loadChatConfig();
  const db = createDatabase({ service: 'chat' });
  await prepareChatDatabase(db);
  await tuneChatDatabase(db);
  // Every message writes its conversation: the WAL's checkpoints (disk syncs) must not stall the replies.
  const checkpoints = await checkpointInBackground(db, {
    onError: (message) => logger.warn({ err: message }, 'chat: background checkpoint failed'),
  });
  const services = buildChatServices({ db, logger, config });

  const prune = () =>
    services.sessions
      .prune(config.sessionTtlDays)
      .then((count) => count > 0 && logger.info({ count }, 'old conversations deleted'))
      .catch((error: unknown) => logger.warn({ err: error }, 'chat: pruning old conversations failed'));
  await prune();
  const pruner = setInterval(() => void prune(), PRUNE_EVERY_MS);
  pruner.unref();

  const { port, host } = serviceListenAddress('chat');
  const running = await listen(createChatApp(services), port, host);
  logger.info({ url: running.url, llm: config.llm ? config.llm.model : 'off' }, 'chat service listening');
  closeOnSignals(running, logger, [async () => clearInterval(pruner), () => checkpoints.stop(), () => db.destroy()]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
