export * from './compiled-types/src/brand/BrandPage';
export { default } from './compiled-types/src/brand/BrandPage';
