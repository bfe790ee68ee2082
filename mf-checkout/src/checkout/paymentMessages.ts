/** The checkout's own messages about placing and paying an order (beside the services' own). */
export const PAYMENT_MESSAGES = {
  enterPin: 'Check your phone and enter your M-Pesa PIN',
  paid: 'Payment received. Thank you!',
  mpesaFailed: 'The M-Pesa payment did not go through.',
  pushFailed: 'We could not send the M-Pesa prompt. Please try again.',
  hostedFailed: 'We could not open the secure payment page. Please try again.',
  orderFailed: 'We could not place your order. Please try again.',
  orderRejected: 'Please check your order details.',
} as const;
