import { MINIMUM_ORDER_MESSAGE } from '@shop/api-types';
import { formatCents, lineTotal, meetsMinimum } from '@shop/money';
import { selectCartCount, selectCartLines, selectCartSubtotalCents, unitPriceCents, useAppSelector } from '@shop/store-kit';
import { useServerMessage, useT } from '../i18n';
import { CONTROL_MESSAGES } from './controlMessages';
import styles from './chat.module.css';

interface ChatCartProps {
  /** Sends a message to the assistant, which changes the cart and answers; the shopper's bubble shows `display`. */
  send(message: string, display: string): void;
  onCheckout(): void;
  disabled: boolean;
  headingLevel?: 'h2' | 'h3';
}

/**
 * The storefront's cart (the store kit's, so changes made on the shop show here too); every button
 * asks the assistant in the spec's words, and its reply's cart replaces the store's.
 */
export function ChatCart({ send, onCheckout, disabled, headingLevel = 'h3' }: ChatCartProps): JSX.Element {
  const lines = useAppSelector(selectCartLines);
  const count = useAppSelector(selectCartCount);
  const subtotal = useAppSelector(selectCartSubtotalCents);
  const Heading = headingLevel;
  const t = useT();
  const say = useServerMessage();
  return (
    <div className={styles.cart} data-testid="chat-cart">
      <Heading className={styles.cartTitle}>{t('cart.heading', { count })}</Heading>
      {lines.length === 0 ? (
        <p className={styles.cartEmpty}>{t('cart.empty')}</p>
      ) : (
        <ul className={styles.cartLines}>
          {lines.map((line) => (
            <li key={line.id} className={styles.cartLine} data-testid="chat-cart-line">
              <img src={line.image} alt="" width={48} height={48} loading="lazy" />
              <div className={styles.cartInfo}>
                <span className={styles.cartName}>{line.name}</span>
                <span className={styles.cartTotal}>{formatCents(lineTotal(unitPriceCents(line), line.quantity))}</span>
                <div className={styles.cartButtons}>
                  <button
                    type="button"
                    disabled={disabled}
                    aria-label={t('cart.decrease', { name: line.name })}
                    onClick={() => send(CONTROL_MESSAGES.decrease(line.name), t('cart.decrease', { name: line.name }))}
                  >
                    −
                  </button>
                  <span className={styles.cartQuantity} aria-label={t('cart.quantityOf', { name: line.name })}>
                    {line.quantity}
                  </span>
                  <button
                    type="button"
                    disabled={disabled}
                    aria-label={t('cart.addOneMore', { name: line.name })}
                    onClick={() => send(CONTROL_MESSAGES.addOneMore(line.name), t('cart.addOneMore', { name: line.name }))}
                  >
                    +
                  </button>
                  <button
                    type="button"
                    className={styles.cartRemove}
                    disabled={disabled}
                    aria-label={t('cart.removeNamed', { name: line.name })}
                    onClick={() => send(CONTROL_MESSAGES.remove(line.name), t('cart.removeNamed', { name: line.name }))}
                  >
                    {t('cart.remove')}
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.cartSubtotal}>
        <span>{t('cart.subtotal')}</span>
        <strong data-testid="chat-cart-subtotal">{formatCents(subtotal)}</strong>
      </p>
      {lines.length > 0 && !meetsMinimum(subtotal) && <p className={styles.note}>{say(MINIMUM_ORDER_MESSAGE)}</p>}
      <button type="button" className={styles.primary} disabled={disabled || lines.length === 0} onClick={onCheckout}>
        {t('cart.checkout')}
      </button>
    </div>
  );
}
