const { createConfig } = require('@shop/mf-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_catalog',
  exposes: {
    './HomePage': './src/home/HomePage.tsx',
    './ShopPage': './src/shop/ShopPage.tsx',
    './BrandPage': './src/brand/BrandPage.tsx',
    './ProductPage': './src/product/ProductPage.tsx',
    './WishlistPage': './src/wishlist/WishlistPage.tsx',
    './SearchPage': './src/search/SearchPage.tsx',
  },
});
