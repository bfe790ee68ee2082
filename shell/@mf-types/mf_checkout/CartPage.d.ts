export * from './compiled-types/src/cart/CartPage';
export { default } from './compiled-types/src/cart/CartPage';
