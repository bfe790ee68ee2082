/** /chat: the shopping assistant on a page of its own, the cart beside the conversation. */
export default function ChatPage(): JSX.Element | null;
