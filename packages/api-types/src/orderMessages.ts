// One export per message, gathered as a namespace (`export * as ORDER_MESSAGES from` in ./orders): a
// storefront page that says a few of them (the checkout's points box, two) bundles those alone,
// where a plain object's every message came with any one. Services and tests read the namespace
// as they read the object.

export const invalidCoupon = 'Invalid or expired coupon';
export const couponApplied = 'Coupon applied successfully!';
export const couponFailed = 'Failed to apply coupon';
export const orderFailed = 'Sorry, your order could not be processed!';
export const checkPayment = 'Please check your payment details and try again.';
export const orderNotFound = 'Order not found.';
export const orderAlreadyPaid = 'This order is already paid.';
export const orderCancelled = 'Order cancelled.';
