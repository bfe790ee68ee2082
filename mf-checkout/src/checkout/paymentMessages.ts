/** The checkout's own messages about placing and paying an order (beside the services' own). */
export const PAYMENT_MESSAGES = {
  enterPin: 'Check your phone and enter your M-Pesa PIN',
  paid: 'Payment received. Thank you!',
  mpesaFailed: 'The M-Pesa payment did not go through.',
  pushFailed: 'We could not send the M-Pesa prompt. Please try again.',
  hostedFailed: 'We could not open the secure payment page. Please try again.',
  orderFailed: 'We could not place your order. Please try again.',
  orderRejected: 'Please check your order details.',
  /**
   * Any 503 placing the order (the database dropped, a service down, behind the gateway or not):
   * nothing was placed, and the same Place Order works again in a moment. The orders service's own
   * words for it, so both languages say the same.
   */
  placeUnavailable: 'We could not place your order right now. Please try again in a moment.',
} as const;
