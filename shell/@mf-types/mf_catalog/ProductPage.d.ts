export * from './compiled-types/src/product/ProductPage';
export { default } from './compiled-types/src/product/ProductPage';
