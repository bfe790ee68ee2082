import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { ChatProduct, County, SubCounty } from '@shop/api-types';
import { selectCartCount, useAppDispatch, useAppSelector, useLanguage } from '@shop/store-kit';
import { VisuallyHidden } from '@shop/storefront-ui';
import { useServerMessage, useT } from '../i18n';
import { addressDisplay, addressMessage, contactOf, type AddressForm as Address } from './address';
import { AddressForm } from './AddressForm';
import { ChatCart } from './ChatCart';
import { countyChosen, subCountyChosen } from './chatSlice';
import type { ChatEntry, ChatState } from './chatTypes';
import { Composer } from './Composer';
import { CONTROL_MESSAGES } from './controlMessages';
import { PaymentBox } from './PaymentBox';
import { PlaceSelect } from './PlacePicker';
import { ProductCards } from './ProductCards';
import { TermsAgreement } from './TermsAgreement';
import { retryLastMessage, sendToAssistant, sendTyped, startConversation } from './thunks';
import { useChat, useChatReady } from './useChat';
import styles from './chat.module.css';

/** The assistant's English title (the catalog's 'assistant.title'). */
export const ASSISTANT_TITLE = 'Shopping Assistant';
/** What the payment box's button sends: the assistant opens a new payment attempt on the same order. */
export const TRY_PAYMENT_AGAIN = CONTROL_MESSAGES.tryPaymentAgain;

export interface ChatAssistantProps {
  /** The floating widget (cart behind a button) or the /chat page (cart beside the conversation). */
  variant: 'widget' | 'page';
  /** The widget is mounted once and then shown or hidden; it greets the shopper when first shown. */
  open?: boolean;
  onClose?: () => void;
}

/** The shopping assistant: one conversation shared by the widget and the /chat page (state.chat). */
export function ChatAssistant(props: ChatAssistantProps): JSX.Element | null {
  const ready = useChatReady();
  return ready ? <Conversation {...props} /> : null;
}

function Conversation({ variant, open = true, onClose }: ChatAssistantProps): JSX.Element {
  const chat = useChat();
  const t = useT();
  const { language } = useLanguage();
  const dispatch = useAppDispatch();
  const cartCount = useAppSelector(selectCartCount);
  const [cartShown, setCartShown] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();
  const titleId = `${ids}-title`;

  // 'Hello' ('Habari') when first opened, and again when a sign-out emptied the conversation; a
  // conversation already under way (a reload) just continues.
  const notStarted = chat.entries.length === 0;
  useEffect(() => {
    if (open && notStarted) void dispatch(startConversation(language));
  }, [open, notStarted, language, dispatch]);

  useEffect(() => {
    if (open && variant === 'widget') input.current?.focus();
  }, [open, variant]);

  const send = (message: string, display: string = message) => void dispatch(sendToAssistant({ message, display }));
  const busy = chat.pending;

  const chooseCounty = (place: County) => {
    dispatch(countyChosen(place));
    send(String(place.id), place.name);
  };
  const chooseSubCounty = (place: SubCounty) => {
    dispatch(subCountyChosen(place));
    send(String(place.id), place.name);
  };
  const submitAddress = (form: Address) => {
    const names = [chat.place.subCountyName, chat.place.countyName].filter((name): name is string => Boolean(name));
    void dispatch(
      sendToAssistant({ message: addressMessage(form, chat.place), display: addressDisplay(form, names), contact: contactOf(form) }),
    );
  };
  const checkout = () => {
    setCartShown(false);
    send(CONTROL_MESSAGES.checkout, t('cart.checkout'));
  };

  const conversation = (
    <>
      <MessageList
        chat={chat}
        onAdd={(product) => send(CONTROL_MESSAGES.add(product.name), t('products.addNamed', { name: product.name }))}
        onRetry={() => void dispatch(retryLastMessage())}
        onTryPaymentAgain={() => send(CONTROL_MESSAGES.tryPaymentAgain, t('payment.tryAgain'))}
      >
        <Controls
          chat={chat}
          idPrefix={ids}
          onCounty={chooseCounty}
          onSubCounty={chooseSubCounty}
          onAddress={submitAddress}
          onSuggestion={send}
        />
      </MessageList>
      <Composer ref={input} id={`${ids}-message`} busy={busy} onSend={(text) => void dispatch(sendTyped(text))} />
    </>
  );

  if (variant === 'page') {
    return (
      <div className={styles.pageLayout}>
        <section className={styles.pageChat} aria-labelledby={titleId}>
          <header className={styles.pageHead}>
            <h1 id={titleId}>{t('assistant.title')}</h1>
            <p>{t('assistant.pageIntro')}</p>
          </header>
          {conversation}
        </section>
        <aside className={styles.pageCart} aria-label={t('cart.label')}>
          <ChatCart send={send} onCheckout={checkout} disabled={busy} headingLevel="h2" />
        </aside>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') onClose?.();
  };
  return (
    <section className={styles.widget} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <header className={styles.widgetHead}>
        <div className={styles.widgetTitle}>
          <h2 id={titleId}>{t('assistant.title')}</h2>
          <p>{t('assistant.widgetIntro')}</p>
        </div>
        <button type="button" className={styles.headButton} aria-pressed={cartShown} onClick={() => setCartShown((shown) => !shown)}>
          {t('assistant.cartButton', { count: cartCount })}
        </button>
        <Link
          to="/chat"
          className={styles.iconButton}
          aria-label={t('assistant.fullPage')}
          title={t('assistant.fullPageShort')}
          onClick={() => onClose?.()}
        >
          ⤢
        </Link>
        <button type="button" className={styles.iconButton} aria-label={t('assistant.close')} onClick={() => onClose?.()}>
          ×
        </button>
      </header>
      {cartShown ? (
        <div className={styles.widgetCart}>
          <ChatCart send={send} onCheckout={checkout} disabled={busy} />
          <button type="button" className={styles.textButton} onClick={() => setCartShown(false)}>
            {t('assistant.backToConversation')}
          </button>
        </div>
      ) : (
        conversation
      )}
    </section>
  );
}

interface MessageListProps {
  chat: ChatState;
  onAdd(product: ChatProduct): void;
  onRetry(): void;
  onTryPaymentAgain(): void;
  children?: ReactNode;
}

/** The conversation, newest at the bottom; a new reply scrolls to its start, a sent message to the bottom. */
function MessageList({ chat, onAdd, onRetry, onTryPaymentAgain, children }: MessageListProps): JSX.Element {
  const t = useT();
  const log = useRef<HTMLDivElement>(null);
  const last = useRef<HTMLDivElement>(null);
  const lastEntry = chat.entries[chat.entries.length - 1];
  useLayoutEffect(() => {
    const box = log.current;
    if (!box) return;
    if (!chat.pending && lastEntry?.from === 'assistant' && last.current) box.scrollTop = Math.max(0, last.current.offsetTop - 8);
    else box.scrollTop = box.scrollHeight;
  }, [lastEntry?.id, lastEntry?.from, chat.pending]);

  return (
    <div ref={log} className={styles.log}>
      <div role="log" aria-live="polite" aria-label={t('conversation.label')} className={styles.entries}>
        {chat.entries.map((entry) => (
          <Entry
            key={entry.id}
            entry={entry}
            anchor={entry === lastEntry ? last : undefined}
            busy={chat.pending}
            canRetry={Boolean(entry.failed && chat.failed && entry === lastEntry)}
            onAdd={onAdd}
            onRetry={onRetry}
            onTryPaymentAgain={onTryPaymentAgain}
          />
        ))}
        {chat.pending && (
          <div className={`${styles.bubble} ${styles.assistant} ${styles.typing}`} role="status" aria-label={t('conversation.typing')}>
            <span />
            <span />
            <span />
          </div>
        )}
      </div>
      {children}
    </div>
  );
}

interface EntryProps {
  entry: ChatEntry;
  busy: boolean;
  canRetry: boolean;
  onAdd(product: ChatProduct): void;
  onRetry(): void;
  onTryPaymentAgain(): void;
  /** The newest entry is measured to scroll its start into view. */
  anchor?: RefObject<HTMLDivElement>;
}

function Entry({ entry, busy, canRetry, onAdd, onRetry, onTryPaymentAgain, anchor }: EntryProps): JSX.Element {
  const t = useT();
  const say = useServerMessage();
  const mine = entry.from === 'shopper';
  // The assistant answers in the shopper's language; only the widget's own spec messages (its chat
  // error) need saying in the page's.
  const text = mine ? entry.text : say(entry.text);
  return (
    <div ref={anchor} className={`${styles.entry} ${mine ? styles.mine : ''}`} data-testid={mine ? 'shopper-message' : 'assistant-message'}>
      {entry.text && (
        <p className={`${styles.bubble} ${mine ? styles.shopper : styles.assistant} ${entry.failed ? styles.failed : ''}`}>
          <VisuallyHidden>{mine ? t('conversation.you') : t('conversation.assistant')}</VisuallyHidden>
          {text}
        </p>
      )}
      {canRetry && (
        <button type="button" className={styles.retry} onClick={onRetry} disabled={busy}>
          {t('conversation.tryAgain')}
        </button>
      )}
      {entry.products && <ProductCards products={entry.products} disabled={busy} onAdd={onAdd} />}
      {entry.checkout && <PaymentBox checkout={entry.checkout} busy={busy} onTryAgain={onTryPaymentAgain} />}
    </div>
  );
}

interface ControlsProps {
  chat: ChatState;
  idPrefix: string;
  onCounty(place: County): void;
  onSubCounty(place: SubCounty): void;
  onAddress(form: Address): void;
  /** Sends a message; the shopper's bubble shows `display` when given. */
  onSuggestion(text: string, display?: string): void;
}

/** What the latest reply offers: place dropdowns, the address form, suggestion buttons. */
function Controls({ chat, idPrefix, onCounty, onSubCounty, onAddress, onSuggestion }: ControlsProps): JSX.Element | null {
  const t = useT();
  const { controls, place } = chat;
  const busy = chat.pending;
  const hasPlaces = controls.counties.length > 0 || controls.subcounties.length > 0;
  const askingTerms = controls.step === 'terms';
  // The terms control is the agree button; the same words as a suggestion would be a second one.
  const suggestions = askingTerms ? controls.suggestions.filter((text) => text !== CONTROL_MESSAGES.agreeToTerms) : controls.suggestions;
  // The assistant's suggestions are in the conversation's language, except its language-neutral
  // controls, which the widget shows in the page's.
  const labelOf = (text: string): string =>
    text === CONTROL_MESSAGES.agreeToTerms ? t('terms.agree') : text === CONTROL_MESSAGES.tryPaymentAgain ? t('payment.tryAgain') : text;
  if (!hasPlaces && !askingTerms && !controls.show_address_form && suggestions.length === 0) return null;
  return (
    <div className={styles.controls}>
      {hasPlaces && (
        <div className={styles.places}>
          {controls.counties.length > 0 && (
            <PlaceSelect
              id={`${idPrefix}-county`}
              label={t('places.county')}
              prompt={t('places.selectCounty')}
              places={controls.counties}
              value={place.countyId}
              disabled={busy}
              onChoose={onCounty}
            />
          )}
          {controls.subcounties.length > 0 && (
            <PlaceSelect
              id={`${idPrefix}-sub-county`}
              label={t('places.subCounty')}
              prompt={t('places.selectSubCounty')}
              places={controls.subcounties}
              value={place.subCountyId}
              disabled={busy}
              onChoose={onSubCounty}
            />
          )}
        </div>
      )}
      {askingTerms && <TermsAgreement disabled={busy} onAgree={() => onSuggestion(CONTROL_MESSAGES.agreeToTerms, t('terms.agree'))} />}
      {controls.show_address_form && <AddressForm disabled={busy} onSubmit={onAddress} />}
      {suggestions.length > 0 && (
        <div className={styles.suggestions} role="group" aria-label={t('conversation.suggestions')}>
          {suggestions.map((text) => (
            <button
              key={text}
              type="button"
              className={styles.suggestion}
              disabled={busy}
              onClick={() => onSuggestion(text, labelOf(text))}
            >
              {labelOf(text)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
