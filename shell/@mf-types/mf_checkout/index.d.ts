// Generated from the exposed modules (packages/mf-config/src/remoteTypes.js); do not edit.
/** Each exposed module ('./HomePage') and its exports. */
export interface Exposes {
  './CartDrawer': typeof import('./CartDrawer');
  './CartPage': typeof import('./CartPage');
  './CheckoutPage': typeof import('./CheckoutPage');
  './SuccessPage': typeof import('./SuccessPage');
  './FailedPage': typeof import('./FailedPage');
}
