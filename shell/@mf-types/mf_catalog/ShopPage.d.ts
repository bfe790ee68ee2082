export * from './compiled-types/src/shop/ShopPage';
export { default } from './compiled-types/src/shop/ShopPage';
