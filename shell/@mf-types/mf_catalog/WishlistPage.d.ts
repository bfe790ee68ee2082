export * from './compiled-types/src/wishlist/WishlistPage';
export { default } from './compiled-types/src/wishlist/WishlistPage';
