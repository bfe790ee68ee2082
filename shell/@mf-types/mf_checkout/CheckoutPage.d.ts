export * from './compiled-types/src/checkout/CheckoutPage';
export { default } from './compiled-types/src/checkout/CheckoutPage';
