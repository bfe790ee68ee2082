import { lazy, Suspense } from 'react';
import type { PaymentProgressProps } from './PaymentSteps';
import type { PaymentState } from './usePayment';
import styles from './checkout.module.css';

// Loaded with the steps after Place Order (the same chunk as paymentFlow.ts): by the time there is
// progress to show, it is usually in.
const PaymentSteps = lazy(() => import(/* webpackChunkName: "payment" */ './PaymentSteps'));

/** The steps that have something to say once Place Order was pressed. */
const SHOWN: ReadonlyArray<PaymentState['step']> = ['prompting', 'waiting', 'paid', 'failed', 'timeout'];

/**
 * The payment's live region: always on the page, so a screen reader announces what the M-Pesa
 * prompt is doing as it changes (PaymentSteps).
 */
export function PaymentProgress(props: PaymentProgressProps): JSX.Element {
  return (
    <div role="status" aria-live="polite" className={styles.progress}>
      {SHOWN.includes(props.state.step) && (
        <Suspense fallback={null}>
          <PaymentSteps {...props} />
        </Suspense>
      )}
    </div>
  );
}
