import { usePageMeta } from '@shop/store-kit';
import { ChatAssistant } from '../chat/ChatAssistant';

/** /chat: the shopping assistant on a page of its own, the cart beside the conversation. */
export default function ChatPage(): JSX.Element | null {
  usePageMeta({
    title: 'Shopping Assistant',
    description: 'Ask our shopping assistant for products, fill your cart and pay, all in one conversation.',
  });
  return <ChatAssistant variant="page" />;
}
