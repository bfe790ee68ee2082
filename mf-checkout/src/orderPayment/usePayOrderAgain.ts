import { useCallback, useState } from 'react';
import { apiErrorMessage, errorStatus, notify, safePaymentUrl, STORAGE_KEYS } from '@shop/store-kit';
import { useStartPaymentMutation } from '../api/checkoutApi';
import { pageNavigation } from '../checkout/redirect';
import { PAYMENT_MESSAGES } from '../checkout/paymentMessages';
import { serverMessage } from '../i18n/results';
import type { OrderAccess } from './keptOrders';

/**
 * Pays an order this browser holds again, as it is (same coupon, points and total): a new payment
 * attempt on the hosted payment page, from whichever tab. `gone` when the server does not know the
 * order as this browser's (404), so the page can say so instead of offering it again.
 */
export function usePayOrderAgain() {
  const [startPayment] = useStartPaymentMutation();
  const [state, setState] = useState<'idle' | 'opening' | 'gone'>('idle');

  const pay = useCallback(
    async (order: OrderAccess): Promise<void> => {
      setState('opening');
      // The hosted page uses the order's own name, email and phone: only the order and its key are sent.
      const result = await startPayment({ order_id: order.id, ...(order.payment_key ? { payment_key: order.payment_key } : {}) });
      const url = 'data' in result && result.data ? safePaymentUrl(result.data.redirect_url) : null;
      if (!url || !('data' in result) || !result.data) {
        const error = 'error' in result ? result.error : undefined;
        notify.error(serverMessage(error ? apiErrorMessage(error, PAYMENT_MESSAGES.hostedFailed) : PAYMENT_MESSAGES.hostedFailed));
        setState(errorStatus(error) === 404 ? 'gone' : 'idle');
        return;
      }
      try {
        localStorage.setItem(STORAGE_KEYS.paymentToken, result.data.token);
      } catch {
        // Storage blocked: the payment page still works; only the token is not kept.
      }
      // The button stays busy: the browser is leaving the shop.
      pageNavigation.assign(url);
    },
    [startPayment],
  );

  return { pay, opening: state === 'opening', gone: state === 'gone' };
}
