import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isRemoteConfigured } from '../federation/remotes';
import { RemoteArea } from '../federation/RemoteArea';
import { useT } from '../i18n';
import { ChatIcon } from './Icons';
import styles from './ChatSlot.module.css';
import { useScrollingDown } from './useScrollingDown';

export const CHAT_REMOTE = 'mf_chat';
const CHAT_PATH = '/chat';
const BOX_ID = 'chat-widget';

/**
 * The shopping assistant's launcher, bottom-right on every storefront page. The chat remote is
 * fetched the first time a shopper opens it (nothing of it on a first page load), then stays
 * mounted so the conversation keeps its place. On /chat the page itself is the assistant.
 *
 * On a phone a floating button covers whatever scrolls beneath it, and right-aligned amounts (an
 * order's totals, a price) pass exactly there: the closed launcher steps aside while the shopper
 * scrolls down through a page, and is back on scrolling up, near the top and at the end of the
 * page (where the footer leaves room for it), and whenever it has the keyboard's focus.
 */
export function ChatSlot(): JSX.Element | null {
  const onChatPage = useLocation().pathname === CHAT_PATH;
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const t = useT();
  const launcher = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    launcher.current?.focus();
  }, []);
  useEffect(() => {
    if (onChatPage) setOpen(false);
  }, [onChatPage]);
  const shown = open && !onChatPage;
  // Not while the assistant is open, nor right after it closes (its own button stays where it was pressed).
  const scrollingDown = useScrollingDown(shown);
  if (!isRemoteConfigured(CHAT_REMOTE)) return null;
  return (
    <>
      {wanted && (
        <div id={BOX_ID} className={styles.box} hidden={!shown}>
          <RemoteArea remote={CHAT_REMOTE} module="ChatWidget" area="shopping assistant" props={{ open: shown, onClose: close }} />
        </div>
      )}
      {!onChatPage && (
        <button
          ref={launcher}
          type="button"
          className={styles.launcher}
          aria-label={shown ? t('chat.close') : t('chat.open')}
          aria-expanded={shown}
          aria-controls={wanted ? BOX_ID : undefined}
          data-stepped-aside={scrollingDown ? '' : undefined}
          onClick={() => {
            setWanted(true);
            setOpen(!shown);
          }}
        >
          {shown ? <span aria-hidden="true">×</span> : <ChatIcon />}
        </button>
      )}
    </>
  );
}
