// Generated from the exposed modules (packages/mf-config/src/remoteTypes.js); do not edit.
/** Each exposed module ('./HomePage') and its exports. */
export interface Exposes {
  './HomePage': typeof import('./HomePage');
  './ShopPage': typeof import('./ShopPage');
  './BrandPage': typeof import('./BrandPage');
  './ProductPage': typeof import('./ProductPage');
  './WishlistPage': typeof import('./WishlistPage');
  './SearchPage': typeof import('./SearchPage');
}
