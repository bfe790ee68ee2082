import { usePageMeta } from '@shop/store-kit';
import { ChatAssistant } from '../chat/ChatAssistant';
import { useT } from '../i18n';

/** /chat: the shopping assistant on a page of its own, the cart beside the conversation. */
export default function ChatPage(): JSX.Element | null {
  const t = useT();
  usePageMeta({ title: t('assistant.title'), description: t('assistant.pageDescription') });
  return <ChatAssistant variant="page" />;
}
